import { useEffect, useState } from 'react';

/** Seconds as a clock reads them: 9:05, 0:59. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Whole seconds until `endsAtMs` by the browser's clock, updated every second; 0 once it has
 * passed, null when there is no end. Read from the clock each tick (not counted down), so a
 * phone that slept shows the true time left when it wakes.
 */
export function useSecondsLeft(endsAtMs: number | null): number | null {
  const left = () => (endsAtMs === null ? null : Math.max(0, Math.ceil((endsAtMs - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (endsAtMs === null) return;
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // `left` reads endsAtMs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endsAtMs]);
  return seconds;
}
