/**
 * What the service worker routes by path, copies of two rules that live elsewhere, kept equal to
 * them by src/__tests__/one-route-list.test.ts: Workbox writes these into sw.js as source, which
 * can carry no import of the core.
 */

/**
 * The calls whose answers the worker keeps (stale-while-revalidate): the call table's `offline`
 * rows (core-wasm/src/contract/calls.rs), the content a home page shows. Matched on the path only,
 * so an external ticket API (runtime config `ticketApiUrl`) is covered too. A function, not a
 * RegExp object: Workbox copies it into sw.js as source.
 */
export function isContentCall({ url }: { url: URL }): boolean {
  return /\/v1\/api\/(intercity|water)\/(get-head-line|blogs|offer-and-promo-images|cities|operators|operator|popular-routes|popular-route|banners)$/.test(
    url.pathname,
  );
}

/**
 * The navigations the worker answers with the app's shell: every page of the app (the core's
 * `isAppRoute`; a made-up path under /bus or /launch gets the app's own 404 page). Every other
 * navigation goes to the network as if there were no worker: a payment gateway's page (the demo
 * sandbox's /gateway/...), the API, the OAuth endpoints.
 */
export const APP_NAVIGATIONS: RegExp[] = [/^\/$/, /^\/(bus|launch)(\/|$)/, /^\/account\/?$/];
