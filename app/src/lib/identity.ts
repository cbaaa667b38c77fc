/**
 * Who is asking, as the ticket API sees it: the visitor's anon_id (SPEC §3 "Identity"), and the
 * Idempotency-Key of one intent of the traveller's (DESIGN §3, `api/use-intent.ts`). Both are
 * UUIDs the core makes from the browser's random numbers (crypto.getRandomValues works on a
 * plain-http page too; crypto.randomUUID needs a secure context).
 *
 * The API's bearer token is not here: it belongs to the core's client, and the one place the app
 * reads it is `api/api-client.ts`.
 */
import { anonId } from 'core-wasm';
import { readStored, writeStored } from '@/lib/storage';

/** Where the visitor's anonymous id is kept (SPEC §3 "Identity": anon_id). */
export const ANON_ID_KEY = 'anon_id';

const randomBytes = () => globalThis.crypto.getRandomValues(new Uint8Array(16));

/**
 * The visitor's anon_id: the stored one, or a new one the core makes, stored for next time. The
 * trip search, the seat view and lock, the passenger details and the ticket search send it.
 * Undefined if the browser cannot make one: the calls still work without it.
 */
export function visitorId(): string | undefined {
  try {
    const stored = readStored(ANON_ID_KEY);
    const id = anonId(stored, randomBytes());
    if (id !== stored) writeStored(ANON_ID_KEY, id);
    return id;
  } catch (error) {
    console.warn('no anonymous id', error);
    return undefined;
  }
}

/**
 * A new Idempotency-Key for one intent of the traveller's (`api/use-intent.ts`): the calls that
 * send it again are answered with the first one's answer. A single call needs none from here:
 * the core's client makes one for every state-changing call and keeps it for its retries.
 */
export function newIdempotencyKey(): string {
  return anonId(null, randomBytes());
}
