import type { BusTripsResponse, LaunchTripsResponse, Service } from 'core-wasm';
import { useApi } from '@/api/api-client';
import { useResource } from '@/api/use-resource';
import type { TripSearch } from '@/features/search/components/search-form';

export type TripsResponse = BusTripsResponse | LaunchTripsResponse;

/** Trips change as seats sell: a result older than this is fetched again when shown. */
const TRIPS_MAX_AGE_MS = 60_000;

/**
 * `get-schedule-trips` (SPEC §7): bus sends the search plus the visitor's anonymousId (the
 * core's client adds it), launch the search only. The coach type is a filter on the results, not part of the request, so
 * changing it needs no new call. The results page and the seat plan (which finds its trip among
 * the results) both read it: it sits with the search, so neither of them imports the other.
 */
export function useTrips(service: Service, search: TripSearch | null) {
  const api = useApi();
  const key = search ? `trips:${service}:${search.from}:${search.to}:${search.journeyDate}` : null;
  return useResource<TripsResponse>(
    key,
    () => {
      const body = { from: search?.from ?? '', to: search?.to ?? '', journeyDate: search?.journeyDate ?? '' };
      return api.call('get-schedule-trips', service, body);
    },
    { maxAgeMs: TRIPS_MAX_AGE_MS },
  );
}
