import { displayDateTime, type Service, type Trip } from 'core-wasm';
import { servicePath } from '@/app/site-context';

export interface SeatPlanSearch {
  from: string;
  to: string;
  journeyDate: string;
  coachType?: string;
}

/**
 * The seat plan's address: a deeper trip path (SPEC §2), `/{service}/trip/{tripId}` with the
 * search it came from, so the plan can be reloaded, shared and reached with the back button.
 * The payment pages use it to send a traveller whose hold ended back to pick again.
 */
export function seatPlanPath(service: Service, tripId: string, search: SeatPlanSearch): string {
  const params = new URLSearchParams({ from: search.from, to: search.to, journeyDate: search.journeyDate });
  if (search.coachType) params.set('coachType', search.coachType);
  return `/${servicePath(service)}/trip/${encodeURIComponent(tripId)}?${params.toString()}`;
}

/** The seat plan of a held trip (the hold has no journey date: the departure's Dhaka date is it). */
export function seatPlanPathForTrip(service: Service, trip: Trip, from: string | null, to: string | null): string {
  return seatPlanPath(service, trip._id, { from: from ?? '', to: to ?? '', journeyDate: displayDateTime(trip.departureDateTime).date });
}
