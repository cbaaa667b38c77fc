/**
 * The back office offline (issue 36): a supervisor's phone must open /staff/board with no
 * network. The page registers the site's service worker (it has routes for the back office's
 * page and files: build/pwa.ts) and, once it is there, puts this first load's own files and page
 * in those caches, so the very next visit opens offline too. A traveller's phone never loads any
 * of this.
 */

/** The caches the worker's back-office routes read (build/pwa.ts). */
const PAGES = 'staff-pages';
const ASSETS = 'staff-assets';

async function keepFirstLoad(): Promise<void> {
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && /^\/assets\/staff-[^/]+$/.test(url.pathname))
    .map((url) => url.pathname);
  const assets = await caches.open(ASSETS);
  const missing = [];
  for (const file of new Set(files)) if (!(await assets.match(file))) missing.push(file);
  await assets.addAll(missing);
  // Every path under /staff is the same page, kept under /staff (the worker's key for them all).
  await (await caches.open(PAGES)).add('/staff');
}

/** Registers the worker in idle time and keeps what this page loaded. */
export function workOffline(): void {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then(keepFirstLoad)
      .catch((error: unknown) => console.warn('the back office will not open offline', error));
  // The module may run after the load event (it waits for its wasm first).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
