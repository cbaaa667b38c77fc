import { anonId, type BusTripsResponse, type LaunchTripsResponse, type Service } from 'core-wasm';
import { apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { useResource } from '@/api/use-resource';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import type { TripSearch } from '@/features/search/components/search-form';
import { readStored, writeStored } from '@/lib/storage';

/** Where the visitor's anonymous id is kept (SPEC §3 "Identity": anon_id). */
const ANON_ID_KEY = 'anon_id';

/**
 * The visitor's anon_id: the stored one, or a new one the core makes (from the browser's
 * random numbers), stored for next time. Undefined if the browser cannot make one: the search
 * still works without it.
 */
export function visitorId(): string | undefined {
  try {
    const stored = readStored(ANON_ID_KEY);
    const id = anonId(stored, globalThis.crypto.getRandomValues(new Uint8Array(16)));
    if (id !== stored) writeStored(ANON_ID_KEY, id);
    return id;
  } catch (error) {
    console.warn('no anonymous id', error);
    return undefined;
  }
}

export type TripsResponse = BusTripsResponse | LaunchTripsResponse;

/** Trips change as seats sell: a result older than this is fetched again when shown. */
const TRIPS_MAX_AGE_MS = 60_000;

/**
 * `get-schedule-trips` (SPEC §7): bus sends the search plus the visitor's anonymousId, launch
 * the search only. The coach type is a filter on the results, not part of the request, so
 * changing it needs no new call.
 */
export function useTrips(service: Service, search: TripSearch | null) {
  const { ticketApiUrl } = useRuntimeConfig();
  const key = search ? `trips:${service}:${search.from}:${search.to}:${search.journeyDate}` : null;
  return useResource<TripsResponse>(
    key,
    () => {
      const body = { from: search?.from ?? '', to: search?.to ?? '', journeyDate: search?.journeyDate ?? '' };
      return apiPost<TripsResponse>(
        ticketApiUrl,
        `/v1/api/${apiSegment(service)}/get-schedule-trips`,
        service === 'BUS' ? { ...body, anonymousId: visitorId() } : body,
      );
    },
    { maxAgeMs: TRIPS_MAX_AGE_MS },
  );
}
