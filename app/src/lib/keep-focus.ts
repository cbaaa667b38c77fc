/**
 * The keyboard's place across the hand-over from a prerendered page to the app (issue 14): a
 * traveller who pressed Tab before the scripts arrived (onto the skip link, a tab, a link) would
 * otherwise find the focus thrown back to the top when the app's first page replaces the plain
 * one. The search form hands its own field over (prerendered-search.ts); this covers the rest.
 */

/** How long the app may take to draw its first page before the place is given up. */
const GIVE_UP_MS = 10_000;

/**
 * Notes the focused element of the page as first painted; once the app has drawn an element of
 * the same kind, target and text while nothing else has the focus, the focus goes there.
 */
export function keepFocusAcrossTakeover(): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || active.closest('form[data-prerendered]')) return;
  const tag = active.tagName;
  const href = active.getAttribute('href');
  const text = active.textContent?.trim() ?? '';
  const started = performance.now();
  const look = () => {
    // The traveller (or the app) has put the focus somewhere since: theirs to keep.
    if (document.activeElement && document.activeElement !== document.body && document.activeElement !== active) return;
    const again = Array.from(document.getElementsByTagName(tag)).find(
      (e): e is HTMLElement => e !== active && e instanceof HTMLElement && e.getAttribute('href') === href && e.textContent?.trim() === text,
    );
    if (again) again.focus();
    else if (performance.now() - started < GIVE_UP_MS) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
