/**
 * State-changing calls (hold seats, book, apply a promo, pay, cancel, send a code): the sibling
 * of `use-resource.ts`, after TanStack Query's useMutation. A mutation is not cached: it says
 * whether its call is running (the busy button) and shows a failure as the core's toast unless
 * the caller reads it another way. What the call changed reaches the page through its answer:
 * the caller puts it into the resource it belongs to (the resource's `update`, as the booking's
 * `dispatch` does) or moves on to the next page. A call the traveller may send again for one
 * intent (Pay tapped twice, or again after a lost answer) goes through `use-intent.ts`, which
 * gives the repeats the first one's Idempotency-Key.
 */
import { useState } from 'react';
import { failureText } from '@/api/api-client';
import { showToast } from '@/lib/toasts';

/** How a call ended: its answer, or its failure (already shown, unless the caller said not to). */
export type Outcome<R> = { ok: true; data: R } | { ok: false; error: unknown };

export interface MutationOptions {
  /**
   * The toast for a failure, or null for none (the caller shows it its own way: under a field,
   * in a popup). Default: the core's text for it.
   */
  failureToast?: (error: unknown) => string | null;
}

export interface Mutation<A extends unknown[], R> {
  /** Runs the call; never rejects. */
  run: (...args: A) => Promise<Outcome<R>>;
  /** The call is running. */
  pending: boolean;
}

export function useMutation<A extends unknown[], R>(call: (...args: A) => Promise<R>, options: MutationOptions = {}): Mutation<A, R> {
  const [pending, setPending] = useState(false);
  const { failureToast = failureText } = options;

  async function run(...args: A): Promise<Outcome<R>> {
    setPending(true);
    try {
      return { ok: true, data: await call(...args) };
    } catch (error) {
      const text = failureToast(error);
      if (text !== null) showToast(text);
      return { ok: false, error };
    } finally {
      setPending(false);
    }
  }

  return { run, pending };
}
