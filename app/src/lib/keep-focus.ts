/**
 * The keyboard's place across the hand-over from a prerendered page to the app (issue 14): a
 * traveller who pressed Tab before the scripts arrived (onto the skip link, a tab, a link) would
 * otherwise find the focus thrown back to the top when the app's first page replaces the plain
 * one. The search form hands its own field over (prerendered-search.ts); this covers the rest.
 *
 * The place is followed until the hand-over itself, not read once before it: the app's first
 * page renders in a transition, in slices, and a Tab pressed between the slices counts too.
 */

/** How long the app may take to draw its first page before the place is given up. */
const GIVE_UP_MS = 10_000;

/**
 * The element of the plain page (`plainNodes`) the keyboard is on, if any: the plain forms hand
 * their own over (prerendered-form.ts), and an element of the app's is the app's already.
 */
function keyboardPlace(plainNodes: readonly Element[]): HTMLElement | null {
  const active = document.activeElement;
  const plain =
    active instanceof HTMLElement &&
    active !== document.body &&
    !active.closest('form[data-prerendered]') &&
    plainNodes.some((node) => node.contains(active));
  return plain ? active : null;
}

/**
 * Follows the focus on the plain page inside `root` until the app replaces it; then, if nothing
 * else has the focus, gives it to the app's element of the same kind, target and text.
 */
export function keepFocusAcrossTakeover(root: HTMLElement): void {
  const plainPage = root.firstElementChild;
  if (!plainPage) return;
  const plainNodes = Array.from(root.children);
  let place = keyboardPlace(plainNodes);
  const follow = () => {
    place = keyboardPlace(plainNodes);
  };
  document.addEventListener('focusin', follow);
  const started = performance.now();
  const look = () => {
    const timedOut = performance.now() - started >= GIVE_UP_MS;
    if (plainPage.isConnected && !timedOut) {
      requestAnimationFrame(look);
      return;
    }
    document.removeEventListener('focusin', follow);
    // The traveller (or the app) has put the focus somewhere since: theirs to keep.
    const focused = document.activeElement;
    if (!place || timedOut || (focused && focused !== document.body && focused !== place)) return;
    const { tagName, textContent } = place;
    const href = place.getAttribute('href');
    const again = Array.from(document.getElementsByTagName(tagName)).find(
      (e): e is HTMLElement =>
        e !== place && e instanceof HTMLElement && e.getAttribute('href') === href && e.textContent?.trim() === textContent?.trim(),
    );
    again?.focus();
  };
  requestAnimationFrame(look);
}
