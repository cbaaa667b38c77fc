import { t } from '@/i18n/messages';

interface SeatSummaryProps {
  seats: readonly string[];
  total: number;
  /** The last problem with the choice (the core's message, or the page's). */
  problem: string | null;
  locking: boolean;
  onContinue: () => void;
}

/**
 * The bar under the plan, kept in view on a phone: the chosen seats, their total (the core's),
 * the last problem, and Continue, which holds the seats.
 */
export function SeatSummary({ seats, total, problem, locking, onContinue }: SeatSummaryProps) {
  return (
    <div className="seat-summary" data-testid="seat-summary">
      <div className="seat-summary__info">
        {seats.length > 0 ? (
          <>
            <p>
              <span className="seat-summary__label">{t('seatPlan.chosen')}: </span>
              <span data-testid="chosen-seats">{seats.join(', ')}</span>
            </p>
            <p>
              <span className="seat-summary__label">{t('seatPlan.total')}: </span>
              <strong data-testid="total">{t('site.fare', { amount: total })}</strong>
            </p>
          </>
        ) : (
          <p className="seat-summary__label">{t('seatPlan.noneChosen')}</p>
        )}
      </div>
      <button type="button" className="button" disabled={seats.length === 0 || locking} onClick={onContinue}>
        {locking ? t('seatPlan.locking') : t('seatPlan.continue')}
      </button>
      <p className="seat-summary__problem" role="status" data-testid="seat-problem">
        {problem}
      </p>
    </div>
  );
}
