/**
 * The hand-over from the seat plan to the payment pages: the seats this tab holds after a
 * successful seat-lock, with what the payment pages show about the trip. Kept in
 * sessionStorage (one hold per tab and service, so two tabs never share a booking; a reload
 * keeps it), in memory when storage is refused.
 *
 * The seat plan writes it (saveHold) and navigates to `/bus/payment` or
 * `/launch/payment/passenger-details`; the payment pages read it (loadHold) and clear it
 * once the booking exists on the server (the booking is then found by its tnxId).
 */
import type { Service, Trip } from 'core-wasm';

export interface Hold {
  service: Service;
  trip: Trip;
  seats: string[];
  /** Bus: the chosen boarding and dropping points (names, as the seat view gives them). */
  boardingPoint: string | null;
  droppingPoint: string | null;
  /** The searched cities, which bound the segment when no points are chosen. */
  from: string | null;
  to: string | null;
  /** When the hold ends, as the browser's clock reads it (ms): lock time + holdSeconds. */
  expiresAtMs: number;
  /** The seat-lock answer's wire time, kept for the record. */
  expiresAt: string;
}

const memory = new Map<string, string>();
const key = (service: Service) => `hold:${service}`;

export function saveHold(hold: Hold): void {
  const text = JSON.stringify(hold);
  memory.set(key(hold.service), text);
  try {
    window.sessionStorage.setItem(key(hold.service), text);
  } catch {
    // Storage refused (private mode, quota): the in-memory copy serves this visit.
  }
}

export function loadHold(service: Service): Hold | null {
  let text: string | null = null;
  try {
    text = window.sessionStorage.getItem(key(service));
  } catch {
    // fall through to memory
  }
  text ??= memory.get(key(service)) ?? null;
  if (!text) return null;
  try {
    const hold = JSON.parse(text) as Hold;
    return hold.service === service && Array.isArray(hold.seats) ? hold : null;
  } catch {
    return null;
  }
}

export function clearHold(service: Service): void {
  memory.delete(key(service));
  try {
    window.sessionStorage.removeItem(key(service));
  } catch {
    // nothing stored
  }
}

/** Seconds left on a hold at `nowMs` (0 when it has ended). */
export function holdSecondsLeft(hold: Hold, nowMs = Date.now()): number {
  return Math.max(0, Math.ceil((hold.expiresAtMs - nowMs) / 1000));
}
