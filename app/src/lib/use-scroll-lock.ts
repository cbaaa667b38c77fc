import { useLayoutEffect } from 'react';

let locks = 0;

/** Locks page scrolling while `active` (SPEC §2: while a modal or the menu is open). */
export function useScrollLock(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return;
    locks += 1;
    document.body.classList.add('scroll-locked');
    return () => {
      locks -= 1;
      if (locks === 0) document.body.classList.remove('scroll-locked');
    };
  }, [active]);
}
