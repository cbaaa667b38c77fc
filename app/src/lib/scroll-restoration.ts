/**
 * Where each page of the visit was scrolled to, and back there on back, forward and reload; a
 * new page (a link, a replace) opens at its top, or at its #fragment, which useShellEffects
 * scrolls to (components/layouts/default-layout.tsx). What react-router's <ScrollRestoration>
 * did, which only its data router has.
 *
 * Positions are filed under `scrollKey` (lib/scroll.ts: the history entry's key, or the URL for
 * the entry a page load starts on), followed as the page scrolls, kept in memory for the visit
 * and in sessionStorage when the page is left (a reload, the payment gateway), as react-router
 * did under its own key. The browser's own restoring is off while the app runs ('manual'): it
 * would scroll before the page has drawn; it is back on while the page is away (bfcache, a
 * reload), as react-router had it.
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { scrollKey } from '@/lib/scroll';
import { loadSession, saveSession } from '@/lib/session-store';

export const SCROLL_POSITIONS_KEY = 'scroll-positions';

/** The positions of the visit's pages, read from the session on first use. */
let positions: Record<string, number> | undefined;
/** The key of the page on screen, whose position a scroll changes. */
let shownKey: string | undefined;

function saved(): Record<string, number> {
  positions ??= loadSession<Record<string, number>>(SCROLL_POSITIONS_KEY, () => true) ?? {};
  return positions;
}

function keep() {
  if (shownKey !== undefined) saved()[shownKey] = window.scrollY;
}

/** Whether the URL's fragment names an element of the page (useShellEffects scrolls to it). */
function fragmentShown(hash: string): boolean {
  try {
    return hash.length > 1 && document.getElementById(decodeURIComponent(hash.slice(1))) !== null;
  } catch {
    return false; // not a decodable id
  }
}

/**
 * Restores or resets the scroll for each location the routes show. Called once, above every
 * layout (app/routes.tsx): its layout effect runs after the page's own, once the page (a lazy
 * one too: the routes wait for its code) is drawn.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const action = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const hide = () => {
      keep();
      saveSession(SCROLL_POSITIONS_KEY, saved());
      window.history.scrollRestoration = 'auto';
    };
    const show = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('scroll', keep, { passive: true });
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('scroll', keep);
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const key = scrollKey(location);
    shownKey = key;
    const y = saved()[key];
    if (y !== undefined) {
      window.scrollTo(0, y);
      return;
    }
    // The entry the page loaded on, seen for the first time: it stays where the browser (or the
    // traveller, on the prerendered page) has it.
    if (action !== 'POP' && !fragmentShown(location.hash)) window.scrollTo(0, 0);
    // Filed now, so coming back to a page never scrolled still finds its place.
    keep();
  }, [location, action]);
}

/** Test helper: forget the positions in memory (the session's copy is the test's to clear). */
export function resetScrollRestorationForTests(): void {
  positions = undefined;
  shownKey = undefined;
}
