/**
 * A bar kept at the bottom of a phone's screen (the seat plan's Continue bar) says how tall it
 * is, so the toasts, also at the bottom (SPEC §8), sit above it instead of covering its button
 * for their 5 seconds. The toaster reads `--bottom-bar` (global.css).
 */
import { useEffect, type RefObject } from 'react';

const PROPERTY = '--bottom-bar';

export function useBottomBar(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(PROPERTY, `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    measure();
    // It grows when a problem is shown under the button.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(PROPERTY);
    };
  }, [ref]);
}
