/**
 * One Idempotency-Key per intent of the traveller's, for the state-changing calls a tap makes
 * (hold these seats, book, pay, apply a code, cancel, send the reservation).
 *
 * The core's client gives each call a fresh key and keeps it for its own retries; that covers a
 * lost connection inside one call. What it cannot know is that a second call is the same intent:
 * the traveller taps Pay again because the first tap's answer never arrived (the network dropped
 * it after the API had acted), or taps twice before the button turns busy. With a fresh key the
 * API would act twice (a second booking, a second gateway session, "already cancelled" after a
 * refund that did happen); with the first key it answers with what it did the first time.
 *
 * So the key is kept while the same request waits for an answer: in flight, or failed without
 * one (a network failure, or a 5xx, whose key the API forgets anyway). Once the API has answered
 * - done, or refused (a 4xx it keeps with the key) - the intent is over: the next send, even of
 * the same request (seats held again later, a promo removed a second time), is a new intent with
 * a new key. Another request (a corrected form, another code) is a new intent too: the API binds
 * a key to the request it first came with.
 */
import { useRef } from 'react';
import { failureStatus, type CallOptions } from '@/api/api-client';
import { newIdempotencyKey } from '@/lib/identity';

export interface Intent {
  /** Sends `request` through `call` with the intent's key (see above). */
  send<Q, R>(request: Q, call: (request: Q, options: CallOptions) => Promise<R>): Promise<R>;
}

/** Whether a failure means the API answered (and keeps that answer with the key). */
const answered = (error: unknown) => {
  const status = failureStatus(error);
  return status !== null && status < 500;
};

export function useIntent(): Intent {
  const pending = useRef<{ request: string; key: string } | null>(null);
  return {
    async send(request, call) {
      const text = JSON.stringify(request);
      const current = pending.current?.request === text ? pending.current : { request: text, key: newIdempotencyKey() };
      pending.current = current;
      const over = () => {
        if (pending.current === current) pending.current = null;
      };
      try {
        const answer = await call(request, { idempotencyKey: current.key });
        over();
        return answer;
      } catch (error) {
        if (answered(error)) over();
        throw error;
      }
    },
  };
}
