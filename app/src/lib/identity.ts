/**
 * The Idempotency-Key of one intent of the traveller's (DESIGN §3, `api/use-intent.ts`): a UUID
 * the core makes from the browser's random numbers (crypto.getRandomValues works on a plain-http
 * page too; crypto.randomUUID needs a secure context).
 *
 * Who is asking is not here: the visitor is the one the server made and signed into the token
 * (DESIGN §3 "Identity and ownership"), kept by the core's client with the token, which also
 * names that visitor in every call that carries an anonymousId. The one place the app reaches the
 * client is `api/api-client.ts`. A login (user_id and its token, issue 13) is the client's too;
 * what the screens read of it is in `login.ts`, apart from this module so that the header, which
 * shows it, does not bring the idempotency keys into the first load.
 */
import { anonId } from 'core-wasm';

const randomBytes = () => globalThis.crypto.getRandomValues(new Uint8Array(16));

/**
 * A new Idempotency-Key for one intent of the traveller's (`api/use-intent.ts`): the calls that
 * send it again are answered with the first one's answer. A single call needs none from here:
 * the core's client makes one for every state-changing call and keeps it for its retries.
 */
export function newIdempotencyKey(): string {
  return anonId(null, randomBytes());
}
