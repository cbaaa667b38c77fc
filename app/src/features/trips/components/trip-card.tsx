import { useId, useState } from 'react';
import { type Service, type Trip } from 'core-wasm';
import { Link, useSearchParams } from 'react-router';
import { RemoteImage } from '@/components/remote-image';
import { seatPlanPath } from '@/features/seat-plan/seat-plan-path';
import { t } from '@/i18n/messages';
import { localName, localNames } from '@/i18n/names';
import { track } from '@/lib/analytics';
import { displayDateTime } from '@/lib/date-time';
import { fareText } from '@/lib/fare-range';

/** Seats left as shown; absent means unknown (the core treats it as available). */
function seatsText(available: number | undefined): string {
  if (available === undefined) return t('trips.seatsUnknown');
  return available === 0 ? t('trips.soldOut') : t('trips.seatsLeft', { count: available });
}

/**
 * One departure (SPEC §3): operator, coach or ship, class, times as the core shows them (the
 * 6-hour rule), the fare or fare range, seats left. Details show the boarding and dropping
 * points and count as a "bus view" for analytics.
 */
export function TripCard({ trip, service }: { trip: Trip; service: Service }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const [params] = useSearchParams();
  const departure = displayDateTime(trip.departureDateTime);
  const arrival = trip.arrivalDateTime ? displayDateTime(trip.arrivalDateTime) : null;
  const soldOut = trip.availableSeats === 0;
  const vehicle = service === 'BUS' ? (trip.coachNo ? t('trips.coach', { coach: trip.coachNo }) : '') : localName(trip, 'shipName');
  const operator = localName(trip, 'companyName');
  const coachType = trip.coachType ? t(`trips.coachType.${trip.coachType}`) : '';

  function toggle() {
    if (!open) {
      track('bus_view', {
        service,
        trip_id: trip._id,
        operator: trip.companyName,
        departure: `${departure.date} ${departure.time}`,
        fare: trip.seatFare,
      });
    }
    setOpen(!open);
  }

  return (
    <article className={`trip${soldOut ? ' trip--sold-out' : ''}`} aria-label={`${operator} ${departure.time}`} data-testid="trip">
      {/* Compact, so two cards fit a phone's first screen under the search: name and fare on
          one line, the vehicle under them, the times on one line with the seats left. */}
      <div className="trip__head">
        <RemoteImage path={trip.logo} width={40} height={40} className="trip__logo" />
        <h3 className="trip__operator">{operator}</h3>
        <p className="trip__fare" data-testid="fare">
          {fareText(trip.seatFare)}
        </p>
        <p className="trip__vehicle">{[vehicle, localName(trip, 'busClass'), coachType].filter(Boolean).join(' · ')}</p>
      </div>
      <div className="trip__times">
        <p className="trip__time">
          <span className="visually-hidden">{t('trips.departure')} </span>
          <time dateTime={`${departure.date}`} data-testid="departure">
            {departure.time}
          </time>
        </p>
        {arrival && (
          <p className="trip__time trip__time--arrival">
            <span aria-hidden="true">→ </span>
            <span className="visually-hidden">{t('trips.arrival')} </span>
            <time dateTime={`${arrival.date}`}>{arrival.time}</time>
          </p>
        )}
        <p className={`trip__seats${soldOut ? ' trip__seats--none' : ''}`} data-testid="seats">
          {seatsText(trip.availableSeats)}
        </p>
      </div>
      <div className="trip__actions">
        <button type="button" className="link-button trip__toggle" aria-expanded={open} aria-controls={detailsId} onClick={toggle}>
          {open ? t('trips.hideDetails') : t('trips.details')}
        </button>
        {!soldOut && (
          // The seat plan is a page of its own (a deeper trip path): room for the decks on a phone,
          // and the back button returns to these results.
          <Link
            className="button trip__seats-link"
            to={seatPlanPath(service, trip._id, params)}
            aria-label={`${t('trips.viewSeats')}: ${operator} ${departure.time}`}
          >
            {t('trips.viewSeats')}
          </Link>
        )}
      </div>
      <div id={detailsId} className="trip__details" hidden={!open}>
        {trip.routeName && <p>{localName(trip, 'routeName')}</p>}
        {trip.boardingPoints && trip.boardingPoints.length > 0 && (
          <p>
            <strong>{t('trips.boardingPoints')}:</strong> {localNames(trip, 'boardingPoints').join(', ')}
          </p>
        )}
        {trip.droppingPoints && trip.droppingPoints.length > 0 && (
          <p>
            <strong>{t('trips.droppingPoints')}:</strong> {localNames(trip, 'droppingPoints').join(', ')}
          </p>
        )}
      </div>
    </article>
  );
}
