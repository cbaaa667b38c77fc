import { dismissToast, useToasts } from '@/lib/toasts';
import { t } from '@/i18n/messages';

/** Toasts at the bottom right (SPEC §8); each leaves after 5000 ms or when closed. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster" role="region" aria-label={t('site.notifications')}>
      <div aria-live="assertive" aria-atomic="false">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`} role="alert">
            <span className="toast__text">{toast.text}</span>
            <button type="button" className="icon-button toast__close" onClick={() => dismissToast(toast.id)} aria-label={t('site.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
