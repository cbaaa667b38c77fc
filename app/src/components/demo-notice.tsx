import { useRuntimeConfig } from '@/config/runtime-config-context';
import { t } from '@/i18n/messages';
import { readStored, writeStored } from '@/lib/storage';

/** Where a dismissed demo notice is remembered, so it stays out of the way on every later page. */
export const DEMO_NOTICE_KEY = 'demoNoticeDismissed';

export const demoNoticeDismissed = () => readStored(DEMO_NOTICE_KEY) === 'true';

/**
 * In demo mode (DEMO_MODE=1 on the server) the site says so on every page: this notice until the
 * visitor dismisses it (remembered), then the top bar's 'Demo' mark. On a phone the notice costs
 * two lines above the trips; the mark costs none.
 */
export function DemoNotice({ dismissed, onDismiss }: { dismissed: boolean; onDismiss: () => void }) {
  const { demo } = useRuntimeConfig();
  if (!demo || dismissed) return null;
  return (
    <div className="demo-notice" role="note" data-testid="demo-notice">
      <p className="demo-notice__text">{t('site.demo')}</p>
      <button
        type="button"
        className="icon-button"
        aria-label={t('site.demoDismiss')}
        onClick={() => {
          writeStored(DEMO_NOTICE_KEY, 'true');
          onDismiss();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
