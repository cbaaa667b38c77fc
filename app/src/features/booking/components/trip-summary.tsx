import type { Hold } from '@/features/booking/hold';
import { displayDateTime } from '@/lib/date-time';
import { formatLongDate } from '@/lib/dates';
import { t } from '@/i18n/messages';
import { localName, localNameOf } from '@/i18n/names';

/** The held trip as the traveller chose it: operator, coach or ship, departure, seats, points. */
export function TripSummary({ hold, seats }: { hold: Hold; seats?: readonly string[] }) {
  const { trip } = hold;
  const departure = displayDateTime(trip.departureDateTime);
  const vehicle = hold.service === 'BUS' ? trip.coachNo : localName(trip, 'shipName');
  const busClass = localName(trip, 'busClass');
  return (
    <section className="card booking-card" aria-labelledby="trip-summary-title">
      <h2 id="trip-summary-title" className="card__title">
        {t('booking.trip.title')}
      </h2>
      <p className="trip-summary__operator">
        <strong>{localName(trip, 'companyName')}</strong>
        {[vehicle, busClass].filter(Boolean).length > 0 && <span> · {[vehicle, busClass].filter(Boolean).join(' · ')}</span>}
      </p>
      {/* The traveller's journey, not the whole route the coach or ship runs. */}
      {(hold.journey || trip.routeName) && <p className="trip-summary__route">{hold.journey || trip.routeName}</p>}
      <dl className="facts">
        <div>
          <dt>{t('booking.trip.departure')}</dt>
          <dd data-testid="trip-departure">
            <time dateTime={departure.date}>{formatLongDate(departure.date)}</time>, {departure.time}
          </dd>
        </div>
        <div>
          <dt>{t('booking.trip.seats')}</dt>
          <dd data-testid="held-seats">{(seats ?? hold.seats).join(', ')}</dd>
        </div>
        {hold.boardingPoint && (
          <div>
            <dt>{t('booking.trip.boarding')}</dt>
            <dd>{localNameOf(trip, 'boardingPoints', hold.boardingPoint)}</dd>
          </div>
        )}
        {hold.droppingPoint && (
          <div>
            <dt>{t('booking.trip.dropping')}</dt>
            <dd>{localNameOf(trip, 'droppingPoints', hold.droppingPoint)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
