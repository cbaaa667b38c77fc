import { useEffect } from 'react';
import type { Service, Trip } from 'core-wasm';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCities } from '@/api/content';
import { useService, useTheme } from '@/lib/site-context';
import { clearHold } from '@/features/booking/hold';
import { readTripSearch, type TripSearch } from '@/features/search/components/search-form';
import { BusSeatPlan } from '@/features/seat-plan/components/bus-seat-plan';
import { LaunchSeatPlan } from '@/features/seat-plan/components/launch-seat-plan';
import { SeatViewLoading } from '@/features/seat-plan/components/seat-view-state';
import { resultsPath } from '@/features/seat-plan/seat-plan-path';
import { useTrips } from '@/features/search/api/use-trips';
import { displayDateTime } from '@/lib/date-time';
import { formatLongDate } from '@/lib/dates';
import { t } from '@/i18n/messages';
import { cityName, localName } from '@/i18n/names';
import '@/features/seat-plan/seat-plan.css';

function TripSummary({ trip, service, route }: { trip: Trip; service: Service; route: string }) {
  const departure = displayDateTime(trip.departureDateTime);
  const vehicle = service === 'BUS' ? (trip.coachNo ? t('trips.coach', { coach: trip.coachNo }) : '') : localName(trip, 'shipName');
  return (
    <div className="seat-trip" data-testid="seat-trip">
      <p className="seat-trip__operator">{localName(trip, 'companyName')}</p>
      <p className="seat-trip__meta">{[vehicle, localName(trip, 'busClass')].filter(Boolean).join(' · ')}</p>
      <p className="seat-trip__meta">
        {route} · <time dateTime={departure.date}>{formatLongDate(departure.date)}</time>, {departure.time}
      </p>
    </div>
  );
}

/**
 * The seat plan of one trip (`/{service}/trip/{tripId}?from&to&journeyDate`), opened from a trip
 * card. Opening it resets any promo (SPEC §4): the booking this tab held for the service is
 * dropped, so the next lock starts a new one. The trip itself comes from the search's results
 * (already loaded when the traveller came from them).
 */
export function SeatPlanPage() {
  const service = useService();
  const { tripId = '' } = useParams();
  const [params] = useSearchParams();
  const search: TripSearch = readTripSearch(params);
  const { brandName } = useTheme();
  const trips = useTrips(service, search.from && search.to && search.journeyDate ? search : null);
  const cities = useCities(service);

  useEffect(() => {
    clearHold(service);
  }, [service, tripId]);

  const back = resultsPath(service, params);
  const name = (key: string) => {
    const stored = cities.data?.cities.find((c) => c._id === key || c.name.toLowerCase() === key.toLowerCase());
    return cityName(stored ?? { name: key });
  };
  const route = t('trips.route', { from: name(search.from), to: name(search.to) });
  const trip = trips.status === 'success' ? trips.data.trips.find((x) => x._id === tripId) : undefined;
  const title = t('seatPlan.title');

  return (
    <div className="seat-page">
      <title>{`${title} | ${brandName}`}</title>
      <Link className="seat-page__back" to={back}>
        <span aria-hidden="true">← </span>
        {t('seatPlan.backToTrips')}
      </Link>
      <h1 className="page__title">{title}</h1>
      {trips.status === 'loading' && search.from !== '' && <SeatViewLoading />}
      {trips.status === 'error' && (
        <div className="empty" role="alert">
          <p>{trips.message}</p>
          <button type="button" className="button" onClick={() => trips.refetch()}>
            {t('site.retry')}
          </button>
        </div>
      )}
      {(trips.status === 'success' || search.from === '') && !trip && (
        <div className="empty" data-testid="trip-gone">
          <p>{t('seatPlan.tripGone')}</p>
          <Link className="button" to={back}>
            {t('seatPlan.backToTrips')}
          </Link>
        </div>
      )}
      {trip && (
        <>
          <TripSummary trip={trip} service={service} route={route} />
          {service === 'BUS' ? (
            <BusSeatPlan key={trip._id} trip={trip} search={search} journey={route} />
          ) : (
            <LaunchSeatPlan key={trip._id} trip={trip} search={search} journey={route} />
          )}
        </>
      )}
    </div>
  );
}

export default SeatPlanPage;
