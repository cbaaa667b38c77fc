/**
 * The Eid waiting room's admission on this tab (issue 16): once the visitor's turn comes, the
 * signed admission the status poll gave is kept per trip in sessionStorage (a reload keeps it),
 * with when it ends by the browser's clock, and sent with the seat-lock (seat-lock.ts).
 */
import type { QueueAdmission } from 'core-wasm';
import { clearSession, loadSession, saveSession } from '@/lib/session-store';

export interface KeptAdmission {
  tripId: string;
  token: string;
  /** When it ends, as the browser's clock reads it (ms). */
  endsAtMs: number;
}

const key = (tripId: string) => `queue-admission:${tripId}`;

export function keepAdmission(tripId: string, admission: QueueAdmission, nowMs: number = Date.now()): KeptAdmission {
  const kept = { tripId, token: admission.token, endsAtMs: nowMs + admission.secondsLeft * 1000 };
  saveSession(key(tripId), kept);
  return kept;
}

/** The trip's admission while it lasts; an ended one is forgotten. */
export function admissionFor(tripId: string, nowMs: number = Date.now()): KeptAdmission | null {
  const kept = loadSession<KeptAdmission>(key(tripId), (a) => a.tripId === tripId && typeof a.token === 'string');
  if (kept && kept.endsAtMs <= nowMs) {
    clearSession(key(tripId));
    return null;
  }
  return kept;
}
