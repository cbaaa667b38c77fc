import type { LaunchBooking } from 'core-wasm';
import { useNeedsNetwork } from '@/components/needs-network';
import { useRemoveSeat } from '@/features/booking/api/seat-remove';
import type { BookingAction } from '@/features/booking/api/use-booking';
import { t } from '@/i18n/messages';

interface LaunchSeatsProps {
  booking: LaunchBooking;
  dispatch: (action: BookingAction) => void;
  disabled?: boolean;
}

/**
 * The launch booking's seats, each with a Remove button (payment-seat-remove). The answer's seat
 * numbers, fare, discount, amount, service charge and gateway commission go through the core's
 * launchBookingReducer (SPEC §4). The last seat stays: a booking keeps at least one.
 */
export function LaunchSeats({ booking, dispatch, disabled = false }: LaunchSeatsProps) {
  const removal = useRemoveSeat();
  const network = useNeedsNetwork();
  const seats = booking.invoice.seatNo;
  const last = seats.length <= 1;

  async function remove(seat: string) {
    const outcome = await removal.run(booking.tnxId, seat);
    if (outcome.ok) dispatch({ seatRemoved: outcome.data });
  }

  return (
    <section className="card booking-card" aria-labelledby="launch-seats-title">
      <h2 id="launch-seats-title" className="card__title">
        {t('booking.seats.title')}
      </h2>
      <ul className="seat-lines" data-testid="booking-seats">
        {seats.map((seat) => (
          <li key={seat} className="seat-lines__item">
            <span className="seat-lines__seat">{seat}</span>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => remove(seat)}
              disabled={last || removal.pending || disabled || network.offline}
              aria-label={t('booking.seats.remove', { seat })}
              aria-describedby={network.describedBy()}
            >
              {t('booking.seats.removeShort')}
            </button>
          </li>
        ))}
      </ul>
      {last && <p className="muted">{t('booking.seats.lastOne')}</p>}
      {!last && network.reason}
    </section>
  );
}
