import { useRuntimeConfig } from '@/config/runtime-config-context';
import { t } from '@/i18n/messages';

/** In demo mode (DEMO_MODE=1 on the server) the site says so on every page. */
export function DemoNotice() {
  const { demo } = useRuntimeConfig();
  if (!demo) return null;
  return (
    <p className="demo-notice" role="note">
      {t('site.demo')}
    </p>
  );
}
