import type { ErrorBody, SeatLockRequest, SeatLockResponse, Service, Trip } from 'core-wasm';
import { apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { saveHold, type Hold } from '@/features/booking/hold';
import { visitorId } from '@/features/trips/api/use-trips';

/** A fresh Idempotency-Key: a retried lock is answered with the first answer, never a second hold. */
export function idempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface LockChoice {
  trip: Trip;
  seats: string[];
  /** The searched cities. */
  from: string;
  to: string;
  /** Bus: the chosen points (names, as the seat view gives them). */
  boardingPoint: string | null;
  droppingPoint: string | null;
}

/**
 * `seat-lock` (SPEC §4 "lock seats"): holds the seats for this visitor, then writes the hand-over
 * the payment pages read (hold.ts). Rejects with the API's failure (409 names a seat someone
 * else took meanwhile).
 */
export async function lockSeats(service: Service, ticketApiUrl: string, choice: LockChoice, nowMs: () => number = Date.now): Promise<Hold> {
  const body: SeatLockRequest = {
    tripId: choice.trip._id,
    seats: choice.seats,
    from: choice.from || undefined,
    to: choice.to || undefined,
    boardingPoint: choice.boardingPoint ?? undefined,
    droppingPoint: choice.droppingPoint ?? undefined,
    anonymousId: visitorId(),
  };
  const answer = await apiPost<SeatLockResponse>(ticketApiUrl, `/v1/api/${apiSegment(service)}/seat-lock`, body, idempotencyKey());
  const hold: Hold = {
    service,
    trip: choice.trip,
    seats: answer.seats,
    boardingPoint: choice.boardingPoint,
    droppingPoint: choice.droppingPoint,
    from: choice.from || null,
    to: choice.to || null,
    // The browser's clock, not the server's: the countdown must be right even when they differ.
    expiresAtMs: nowMs() + answer.holdSeconds * 1000,
    expiresAt: answer.expiresAt,
  };
  saveHold(hold);
  return hold;
}

/**
 * The seats of `candidates` a 409 names. The API's conflict message names each seat taken
 * ("Seat A1 was just taken ..."); the contract has no field for them yet, so the chosen seats
 * are looked up in the message, as whole words. Only the traveller's own (at most 4) seats are
 * candidates, so a seat is never marked that the traveller did not ask for.
 */
export function seatsNamedIn(error: unknown, candidates: readonly string[]): string[] {
  const failure = error as { toast?: unknown; body?: ErrorBody | null };
  const texts: string[] = [];
  if (typeof failure.toast === 'string') texts.push(failure.toast);
  const message = failure.body?.message;
  if (typeof message === 'string') texts.push(message);
  else if (Array.isArray(message)) texts.push(...message);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return candidates.filter((seat) => {
    const word = new RegExp(`(^|[\\s,:;'"(])${escape(seat)}(?=$|[\\s,.;:'")])`, 'i');
    return texts.some((text) => word.test(text));
  });
}
