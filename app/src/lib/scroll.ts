/** SPEC §9: scrolling to a section leaves this many pixels above it (the header's room). */
export const SCROLL_OFFSET = 100;

/** Scrolls so the element with `id` sits SCROLL_OFFSET below the top; false when there is none. */
export function scrollToId(id: string, behavior: ScrollBehavior = 'auto'): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET;
  window.scrollTo({ top: Math.max(0, top), behavior });
  return true;
}

/**
 * The key a page's scroll position is filed under (lib/scroll-restoration.ts). The router keys
 * every entry it creates (links, back, forward), and those keys are kept. But the entry a page
 * load starts on (the first page of a tab, a reload, the gateway sending the traveller back) has
 * no key of its own: every load calls it 'default', so the page after the gateway was given the
 * position the tab's first page had saved (the trip results, far down) and opened at the footer.
 * Such an entry is filed under its URL instead: a reload finds its own position, a new page its
 * top.
 */
export function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `url:${location.pathname}${location.search}` : location.key;
}
