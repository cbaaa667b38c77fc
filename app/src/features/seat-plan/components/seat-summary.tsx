import { useRef } from 'react';
import type { Service } from 'core-wasm';
import { quote, type ChosenSeat } from 'core-wasm/booking';
import { useNeedsNetwork } from '@/components/needs-network';
import { t } from '@/i18n/messages';
import { useBottomBar } from '@/lib/bottom-bar';
import { taka } from '@/lib/money';

interface SeatSummaryProps {
  service: Service;
  seats: readonly ChosenSeat[];
  /** The last problem with the choice (the core's message, or the page's). */
  problem: string | null;
  locking: boolean;
  onContinue: () => void;
}

/**
 * What the chosen seats will cost, as the server will charge it: the core's `quote` (the same
 * pricing the ticket API books with), so a launch's total already has the service charge per
 * seat and the gateway's commission, and the invoice that follows shows the same amount. No
 * promo yet: that comes with the booking.
 */
function total(service: Service, seats: readonly ChosenSeat[]): number {
  // The core's reducer takes a seat only with its fare.
  const fares = seats.flatMap((seat) => (seat.fare === undefined ? [] : [seat.fare]));
  const { amount }: { amount: number } = quote(service, fares, 0);
  return amount;
}

/**
 * The bar under the plan, kept in view on a phone: the chosen seats, their total (the core's),
 * the last problem, and Continue, which holds the seats. Toasts rise above it.
 */
export function SeatSummary({ service, seats, problem, locking, onContinue }: SeatSummaryProps) {
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar);
  // Continue holds the seats on the server.
  const network = useNeedsNetwork();
  return (
    <div className="seat-summary" data-testid="seat-summary" ref={bar}>
      <div className="seat-summary__info">
        {seats.length > 0 ? (
          <>
            <p>
              <span className="seat-summary__label">{t('seatPlan.chosen')}: </span>
              <span data-testid="chosen-seats">{seats.map((seat) => seat.seatNo).join(', ')}</span>
            </p>
            <p>
              <span className="seat-summary__label">{t('seatPlan.total')}: </span>
              <strong data-testid="total">{taka(total(service, seats))}</strong>
              {service === 'LAUNCH' && <span className="seat-summary__label"> {t('seatPlan.totalCharges')}</span>}
            </p>
          </>
        ) : (
          <p className="seat-summary__label">{t('seatPlan.noneChosen')}</p>
        )}
      </div>
      <button
        type="button"
        className="button"
        disabled={seats.length === 0 || locking || network.offline}
        aria-describedby={network.describedBy()}
        onClick={onContinue}
      >
        {locking ? t('seatPlan.locking') : t('seatPlan.continue')}
      </button>
      {network.reason}
      <p className="seat-summary__problem" role="status" data-testid="seat-problem">
        {problem}
      </p>
    </div>
  );
}
