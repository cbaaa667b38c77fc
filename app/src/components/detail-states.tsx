import type { ReactNode } from 'react';
import { useTheme } from '@/lib/site-context';
import { Placeholder } from '@/components/section';
import { t } from '@/i18n/messages';

/**
 * The two states a detail page (an operator, a popular route, an offer) shows before its content:
 * the way back, then a placeholder while it loads, or the failure as the page's title.
 */
export function DetailLoading({ back }: { back: ReactNode }) {
  return (
    <div aria-busy="true">
      {back}
      <p role="status">{t('site.loading')}</p>
      <Placeholder rows={4} />
    </div>
  );
}

export function DetailFailure({ back, message }: { back: ReactNode; message: string }) {
  const { brandName } = useTheme();
  return (
    <>
      {back}
      <title>{`${message} | ${brandName}`}</title>
      <h1 className="page__title">{message}</h1>
    </>
  );
}
