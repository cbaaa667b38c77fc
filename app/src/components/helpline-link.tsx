import { useRuntimeConfig } from '@/config/runtime-config-context';
import { shownDigits } from '@/i18n/language';
import { t } from '@/i18n/messages';

/** The number as a `tel:` address (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The helpline number from the runtime config, as a link that dials it on a phone. */
export function HelplineLink({ className = 'helpline' }: { className?: string }) {
  const { helpline } = useRuntimeConfig();
  return (
    <a className={className} href={telHref(helpline)}>
      <span className="helpline__label">{t('header.helpline')}</span> <span data-testid="helpline">{shownDigits(helpline)}</span>
    </a>
  );
}
