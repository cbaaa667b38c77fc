import type { Service } from 'core-wasm';
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
 * (For a hold: the trip's departure date as the core shows it is the journey date.)
 */
export function seatPlanPath(service: Service, tripId: string, search: SeatPlanSearch): string {
  const params = new URLSearchParams({ from: search.from, to: search.to, journeyDate: search.journeyDate });
  if (search.coachType) params.set('coachType', search.coachType);
  return `/${servicePath(service)}/trip/${encodeURIComponent(tripId)}?${params.toString()}`;
}

