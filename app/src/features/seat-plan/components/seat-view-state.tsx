import { t } from '@/i18n/messages';

export function SeatViewLoading() {
  return (
    <div className="seat-plan seat-plan--loading" aria-busy="true">
      <p role="status">{t('seatPlan.loading')}</p>
    </div>
  );
}

/** The seat view failed (its toast has been shown): the message and a way to try again. */
export function SeatViewProblem({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="empty" role="alert">
      <h2 className="empty__title">{t('seatPlan.error.title')}</h2>
      <p>{message}</p>
      <button type="button" className="button" onClick={retry}>
        {t('site.retry')}
      </button>
    </div>
  );
}
