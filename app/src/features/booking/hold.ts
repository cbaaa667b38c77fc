/**
 * The hand-over from the seat plan to the payment pages: the seats this tab holds after a
 * successful seat-lock, with what the payment pages show about the trip. Kept in
 * sessionStorage (one hold per tab and service, so two tabs never share a booking; a reload
 * keeps it), in memory when storage is refused (session-store.ts).
 *
 * The seat plan writes it (saveHold) and navigates to `/bus/payment` or
 * `/launch/payment/passenger-details`; the payment pages read it (loadHold) and clear it
 * once the booking exists on the server (the booking is then found by its tnxId).
 */
import type { Service, Trip } from 'core-wasm';
import { clearSession, loadSession, saveSession } from '@/lib/session-store';

export interface Hold {
  service: Service;
  trip: Trip;
  seats: string[];
  /** The held seats marked 'Ladies': the passenger must then be female (the core's
   * ladiesProblem). Absent in holds saved before it existed. */
  ladiesSeats?: string[];
  /** Bus: the chosen boarding and dropping points (names, as the seat view gives them). */
  boardingPoint: string | null;
  droppingPoint: string | null;
  /** The searched cities, which bound the segment when no points are chosen. */
  from: string | null;
  to: string | null;
  /** The traveller's journey as the seat plan showed it ('Dhaka to Barishal'): the trip's route
   * may run further (a launch on to Jhalokathi). Absent in holds saved before it existed. */
  journey?: string;
  /** When the hold ends, as the browser's clock reads it (ms): lock time + holdSeconds. */
  expiresAtMs: number;
  /** The seat-lock answer's wire time, kept for the record. */
  expiresAt: string;
}

const key = (service: Service) => `hold:${service}`;

export function saveHold(hold: Hold): void {
  saveSession(key(hold.service), hold);
}

export function loadHold(service: Service): Hold | null {
  return loadSession<Hold>(key(service), (hold) => hold.service === service && Array.isArray(hold.seats));
}

export function clearHold(service: Service): void {
  clearSession(key(service));
}
