import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePoll } from '@/api/use-poll';

interface Answer {
  n: number;
  again: number | null;
}

describe('usePoll', () => {
  it('asks again as often as each answer says, given the last answer, and stops when one says so', async () => {
    const seen: (number | null)[] = [];
    let n = 0;
    const load = async (last: Answer | null) => {
      seen.push(last?.n ?? null);
      n += 1;
      return { n, again: n < 3 ? 5 : null };
    };
    const { result } = renderHook(() => usePoll<Answer>('k', load, { nextAfterMs: (a) => a.again }));
    await waitFor(() => expect(result.current.data?.n).toBe(3));
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(seen).toEqual([null, 1, 2]);
    expect(result.current.problem).toBeNull();
  });

  it('keeps the last answer through a failure, waits longer after each, and starts over on an answer', async () => {
    const asked: number[] = [];
    let calls = 0;
    const load = async () => {
      asked.push(Date.now());
      calls += 1;
      if (calls === 2 || calls === 3) throw new Error('offline');
      return { n: calls, again: calls < 4 ? 1 : null };
    };
    const { result } = renderHook(() => usePoll<Answer>('k', load, { nextAfterMs: (a) => a.again, firstBackoffMs: 20, maxWaitMs: 1000 }));
    await waitFor(() => expect(result.current.problem).not.toBeNull());
    expect(result.current.data?.n).toBe(1);
    await waitFor(() => expect(result.current.data?.n).toBe(4));
    expect(result.current.problem).toBeNull();
    // The second failure waited about twice as long as the first.
    const [, , second = 0, third = 0] = asked;
    expect(third - second).toBeGreaterThanOrEqual(2 * 20 - 5);
  });

  it('stops asking when the component goes', async () => {
    let calls = 0;
    const load = async () => ({ n: ++calls, again: 5 });
    const { result, unmount } = renderHook(() => usePoll<Answer>('k', load, { nextAfterMs: (a) => a.again }));
    await waitFor(() => expect(result.current.data).not.toBeNull());
    unmount();
    const after = calls;
    await new Promise((done) => setTimeout(done, 60));
    expect(calls).toBeLessThanOrEqual(after + 1);
  });
});
