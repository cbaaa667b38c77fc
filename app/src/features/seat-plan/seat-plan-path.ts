import type { Service } from 'core-wasm';
import { servicePath } from '@/lib/site-context';

/**
 * The seat plan's address: a deeper trip path (SPEC §2), `/{service}/trip/{tripId}` with the
 * results' whole query (the search, then the filters and sort), so the plan can be reloaded,
 * shared and reached with the back button, and 'Back to trips' returns to the trips the
 * traveller had chosen.
 */
export function seatPlanPath(service: Service, tripId: string, resultsQuery: URLSearchParams): string {
  return `/${servicePath(service)}/trip/${encodeURIComponent(tripId)}?${resultsQuery.toString()}`;
}

/** The results a seat plan was opened from: the same query under `/{service}/trip`. */
export function resultsPath(service: Service, seatPlanQuery: URLSearchParams): string {
  return `/${servicePath(service)}/trip?${seatPlanQuery.toString()}`;
}
