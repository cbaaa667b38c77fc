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
