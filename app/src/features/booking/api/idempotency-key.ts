import { anonId } from 'core-wasm';

/**
 * A new Idempotency-Key for one state-changing call (DESIGN §3): the core's client sends it and
 * retries with it after a network error, and the API answers a repeat with its first answer, so
 * a retried or double-sent call never books, charges or applies twice. The core makes the UUID
 * (crypto.randomUUID needs a secure context; getRandomValues does not).
 */
export function newIdempotencyKey(): string {
  return anonId(null, globalThis.crypto.getRandomValues(new Uint8Array(16)));
}
