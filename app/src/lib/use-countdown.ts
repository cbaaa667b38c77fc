/**
 * The site's one countdown: the seat hold on the booking pages, the surprise deal's claim window
 * and the OTP popup's wait before a resend. It reads the wall clock each second rather than
 * counting timer callbacks, so a phone that put the tab to sleep shows the true time left when
 * it wakes (a sleeping tab's timers stop; the clock does not).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { shownDigits } from '@/i18n/language';

/** Seconds as a clock reads them: 9:05, 0:59 (in Bangla ৯:০৫). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return shownDigits(`${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);
}

/** Whole seconds from now until `endsAtMs` (0 once it has passed), null without an end. */
const secondsUntil = (endsAtMs: number | null) =>
  endsAtMs === null ? null : Math.max(0, Math.ceil((endsAtMs - Date.now()) / 1000));

/**
 * Whole seconds until `endsAtMs` by the wall clock, updated every second; 0 once it has passed
 * (and the timer stops), null when there is no end. `onTick` is for a core reducer that counts
 * the seconds itself (OTP, deal): it hears how many whole seconds went by since it last heard,
 * more than one after the phone slept.
 */
export function useCountdown(endsAtMs: number | null, onTick?: (secondsPassed: number) => void): number | null {
  // The figure is kept with the end it was read for: a new end is read afresh while rendering.
  const [shown, setShown] = useState(() => ({ endsAtMs, left: secondsUntil(endsAtMs) }));
  if (shown.endsAtMs !== endsAtMs) setShown({ endsAtMs, left: secondsUntil(endsAtMs) });
  const tick = useEffectEvent((secondsPassed: number) => onTick?.(secondsPassed));

  useEffect(() => {
    if (endsAtMs === null) return;
    let last = secondsUntil(endsAtMs) ?? 0;
    const timer = setInterval(() => {
      const left = secondsUntil(endsAtMs) ?? 0;
      setShown({ endsAtMs, left });
      if (left < last) tick(last - left);
      last = left;
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAtMs]);

  return shown.left;
}
