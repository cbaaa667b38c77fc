/**
 * What the payment pages show about a booking's trip once the hold has become a booking on the
 * server: the hold as it was, under the booking's tnxId. The ticket API's booking answer carries
 * the invoice but not the trip (operator, times, points), so the tab keeps this copy; a page
 * reached by tnxId alone (another tab, a shared link) shows the booking without it.
 *
 * sessionStorage, like the hold: one tab's booking, kept across a reload and the round trip
 * through the payment gateway.
 */
import type { Service } from 'core-wasm';
import { displayDateTime } from '@/lib/date-time';
import type { Hold } from '@/features/booking/hold';
import { tripSearchUrl } from '@/features/search/components/search-form';
import { servicePath } from '@/lib/site-context';
import { loadSession, saveSession } from '@/lib/session-store';

export type BookingTrip = Hold & { tnxId: string };

const key = (tnxId: string) => `booking:${tnxId}`;

export function saveBookingTrip(hold: Hold, tnxId: string): void {
  saveSession(key(tnxId), { ...hold, tnxId } satisfies BookingTrip);
}

export function loadBookingTrip(tnxId: string | null): BookingTrip | null {
  if (!tnxId) return null;
  return loadSession<BookingTrip>(key(tnxId), (trip) => trip.tnxId === tnxId && Array.isArray(trip.seats));
}

/**
 * Where "pick seats again" and "search again" lead: the trip results of the search the hold came
 * from (its cities and the trip's date, as the core shows it), else the service's home page.
 */
export function searchAgainUrl(service: Service, hold: Hold | null): string {
  if (!hold?.from || !hold.to) return `/${servicePath(service)}`;
  let journeyDate = '';
  try {
    journeyDate = displayDateTime(hold.trip.departureDateTime).date;
  } catch {
    // A trip without a readable time: the results page asks for the date.
  }
  return tripSearchUrl(service, { from: hold.from, to: hold.to, journeyDate, coachType: 'all' });
}
