/**
 * Analytics (SPEC §9): events pushed to `window.dataLayer` for a tag manager. Pushing is deferred
 * to a later task, so tracking never delays the tap or render that caused it.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** SPEC §4: a page view is tracked 250-300 ms after a route change (the title has settled). */
export const PAGE_VIEW_DELAY_MS = 250;

/**
 * The events of SPEC §9, every one of them sent: page_view (the layouts, after a route change),
 * search (the results, once loaded), bus_view (a trip card's Details), seat_select (a seat
 * picked on a seat plan), checkout (the passenger step, once per hold), passenger_details (the
 * details accepted), booking_details (the payment step of a pending booking), payment_method and
 * payment_initiated (Pay, then the gateway's answer), booking_confirmed (the ticket, once per
 * transaction).
 */
export type AnalyticsEvent =
  | 'page_view'
  | 'search'
  | 'bus_view'
  | 'seat_select'
  | 'passenger_details'
  | 'checkout'
  | 'booking_details'
  | 'payment_method'
  | 'payment_initiated'
  | 'booking_confirmed';

export function track(event: AnalyticsEvent, payload: Record<string, unknown> = {}): void {
  setTimeout(() => {
    try {
      (window.dataLayer ??= []).push({ event, ...payload });
    } catch (error) {
      // A broken tag manager must never break the site.
      console.warn('analytics push failed', error);
    }
  }, 0);
}

/** Schedules the page view of the route just shown; returns the cancel function. */
export function schedulePageView(path: string): () => void {
  const timer = setTimeout(() => track('page_view', { page_path: path, page_title: document.title }), PAGE_VIEW_DELAY_MS);
  return () => clearTimeout(timer);
}
