import type { ErrorBody, SeatLockRequest, SeatLockResponse, Service, Trip } from 'core-wasm';
import { saveHold, type Hold } from '@/features/booking/hold';
import { admissionFor } from '@/features/waiting-room/admission';

export interface LockChoice {
  trip: Trip;
  seats: string[];
  /** The chosen seats marked 'Ladies' (for the passenger step's check). */
  ladiesSeats: string[];
  /** The searched cities, and the journey between them as shown ('Dhaka to Barishal'). */
  from: string;
  to: string;
  journey: string;
  /** Bus: the chosen points (names, as the seat view gives them). */
  boardingPoint: string | null;
  droppingPoint: string | null;
}

/**
 * `seat-lock` (SPEC §4 "lock seats"): holds the seats for this visitor with `send` (the page's
 * call, see use-seat-lock.ts), then writes the hand-over the payment pages read (hold.ts).
 * Rejects with the API's failure (a 409's body names the seats someone else took meanwhile).
 */
export async function lockSeats(
  service: Service,
  choice: LockChoice,
  send: (request: SeatLockRequest) => Promise<SeatLockResponse>,
  nowMs: () => number = Date.now,
): Promise<Hold> {
  const answer = await send({
    tripId: choice.trip._id,
    seats: choice.seats,
    from: choice.from || undefined,
    to: choice.to || undefined,
    boardingPoint: choice.boardingPoint ?? undefined,
    droppingPoint: choice.droppingPoint ?? undefined,
    // The visitor's turn in an Eid sale window's line, when the trip has one (issue 16).
    admission: admissionFor(choice.trip._id)?.token,
  });
  const hold: Hold = {
    service,
    trip: choice.trip,
    seats: answer.seats,
    ladiesSeats: choice.ladiesSeats.filter((seat) => answer.seats.includes(seat)),
    boardingPoint: choice.boardingPoint,
    droppingPoint: choice.droppingPoint,
    from: choice.from || null,
    to: choice.to || null,
    journey: choice.journey,
    // The browser's clock, not the server's: the countdown must be right even when they differ.
    expiresAtMs: nowMs() + answer.holdSeconds * 1000,
    expiresAt: answer.expiresAt,
  };
  saveHold(hold);
  return hold;
}

/**
 * The seats a seat-lock's 409 names (its body's `seats`), or null when the failure names none:
 * another conflict, or an API from before the field, whose plan must then be asked for again.
 */
export function takenSeats(error: unknown): string[] | null {
  const seats = (error as { body?: ErrorBody | null }).body?.seats;
  return Array.isArray(seats) && seats.length > 0 ? seats : null;
}
