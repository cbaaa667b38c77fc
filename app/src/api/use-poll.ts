/**
 * Server state that is asked for again and again, as often as each answer says: the waiting
 * room's place in line (TanStack Query's `refetchInterval` given a function). A sibling of
 * `use-resource.ts` for what no other component shares and what must not be cached: every
 * component that polls has its own loop, stopped when it goes.
 *
 * After a failure the last answer stays on screen with the failure beside it, and the next ask
 * waits twice as long as the one before (from `firstBackoffMs` up to `maxWaitMs`), plus up to
 * half as long again at random: a crowd turned away at once does not come back at once. An
 * answer starts the waiting over. No answer waits longer than `maxWaitMs`, whatever it asks for.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { failureText } from '@/api/api-client';

export interface Poll<T> {
  /** The latest answer, kept through later failures. */
  data: T | null;
  /** The last ask's failure, until an answer comes: its text, and the failure itself. */
  problem: string | null;
  failure: unknown;
}

export interface PollOptions<T> {
  /** How long until the next ask after `data`; null stops the loop. */
  nextAfterMs: (data: T) => number | null;
  firstBackoffMs?: number;
  maxWaitMs?: number;
}

/** Polls `load` while `key` stays; `load` is given the latest answer (a place it named, say). */
export function usePoll<T>(key: string, load: (last: T | null) => Promise<T>, options: PollOptions<T>): Poll<T> {
  const { firstBackoffMs = 2_000, maxWaitMs = 30_000 } = options;
  const [poll, setPoll] = useState<Poll<T> & { key: string }>({ key, data: null, problem: null, failure: null });
  const ask = useEffectEvent(load);
  const next = useEffectEvent(options.nextAfterMs);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: T | null = null;
    let backoff = firstBackoffMs;
    const round = async () => {
      let wait: number | null = backoff;
      try {
        const data = await ask(last);
        if (stopped) return;
        last = data;
        backoff = firstBackoffMs;
        setPoll({ key, data, problem: null, failure: null });
        wait = next(data);
      } catch (error) {
        if (stopped) return;
        setPoll((shown) => ({ ...shown, key, problem: failureText(error), failure: error }));
        wait = backoff * (1 + Math.random() / 2);
        backoff = Math.min(backoff * 2, maxWaitMs);
      }
      if (wait !== null) timer = setTimeout(() => void round(), Math.min(wait, maxWaitMs));
    };
    void round();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, firstBackoffMs, maxWaitMs]);

  // Another key's answers are not this one's.
  return poll.key === key ? { data: poll.data, problem: poll.problem, failure: poll.failure } : { data: null, problem: null, failure: null };
}
