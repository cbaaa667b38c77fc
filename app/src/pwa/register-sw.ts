/**
 * The service worker's registration and the version check (issue 14), loaded in idle time after
 * the first load (main.tsx), so neither is on the first paint's path; the worker then precaches
 * the site in the background (build/pwa.ts).
 *
 * Updates are offered, never forced mid-booking: a new worker waits (no skipWaiting) and the
 * layout's prompt (components/update-prompt.tsx) applies it where it is safe. The version check
 * compares this page's build id with the one the server serves now: an app kept in a cache
 * learns that a newer site (and perhaps a newer API it does not understand) is live, asks the
 * browser to fetch the new worker at once, and the update is taken at the next safe point.
 * Written against the browser's ServiceWorker API directly: the little this needs of
 * workbox-window is not worth its bytes on a page with no headroom.
 */
import { setUpdate } from '@/pwa/update-state';

/** This page's build (build/build-id.ts writes it into index.html). */
const BUILD = document.querySelector('meta[name="build-id"]')?.getAttribute('content') ?? null;
/** Checks, at most this often, when the page comes back into view or online. */
const CHECK_EVERY_MS = 60_000;

/** The build the server serves now; null when it cannot be asked (offline, say). */
async function liveBuild(): Promise<string | null> {
  try {
    // Past every cache, the worker's included (it has no route for this file).
    const response = await fetch('/version.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const build = typeof body === 'object' && body !== null ? (body as { build?: unknown }).build : null;
    return typeof build === 'string' ? build : null;
  } catch {
    return null;
  }
}

/** Offers the waiting worker, if any. The first install has nothing to update: no controller. */
function offerWaiting(registration: ServiceWorkerRegistration): void {
  if (!registration.waiting || !navigator.serviceWorker.controller) return;
  setUpdate({
    apply: () => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      // The worker waiting now (a later deploy may have replaced the one first offered).
      // vite-plugin-pwa's worker takes over on this message (registerType 'prompt').
      registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
    },
  });
}

/** Offers a worker once it has installed (it may have started before this page asked). */
function watchInstalling(registration: ServiceWorkerRegistration): void {
  const installing = registration.installing;
  installing?.addEventListener('statechange', () => {
    if (installing.state === 'installed') offerWaiting(registration);
  });
}

async function checkVersion(registration: ServiceWorkerRegistration | null): Promise<void> {
  const live = await liveBuild();
  if (!live || !BUILD || live === BUILD) return;
  if (registration) {
    // The new worker installs (precaching the new build), then waits: offerWaiting follows.
    await registration.update().catch(() => undefined);
  } else {
    // No worker: the next load fetches the new build itself.
    setUpdate({ apply: () => window.location.reload() });
  }
}

/**
 * The Bengali font files this page has already used, stored where the worker's cache-first route
 * keeps them (build/pwa.ts; they are not precached): a Bangla reader's first visit fetched them
 * before the worker was there, and Bangla must read right offline from the next page on.
 */
async function keepFontsInUse(): Promise<void> {
  const fonts = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && /^\/assets\/noto-sans-bengali-[^/]+\.woff2$/.test(url.pathname));
  if (fonts.length === 0) return;
  try {
    await navigator.serviceWorker.ready;
    const cache = await caches.open('fonts');
    await Promise.all(fonts.map(async (url) => (await cache.match(url.pathname)) ?? cache.add(url.pathname)));
  } catch {
    // Kept the next time a controlled page uses them.
  }
}

async function register(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    offerWaiting(registration);
    watchInstalling(registration);
    registration.addEventListener('updatefound', () => watchInstalling(registration));
    // The runtime config, stored where the worker's network-first route keeps it (build/pwa.ts):
    // this page read it before the worker was there, and the app cannot start offline without it.
    void navigator.serviceWorker.ready.then(() => caches.open('site-config')).then((cache) => cache.add('/api/config')).catch(() => undefined);
    void keepFontsInUse();
    return registration;
  } catch (error) {
    console.warn('service worker not registered', error);
    return null;
  }
}

/** Registers the worker and keeps checking the version: at start, back online, back in view. */
export async function startServiceWorker(): Promise<void> {
  const registration = await register();
  let last = 0;
  const check = () => {
    if (Date.now() - last < CHECK_EVERY_MS) return;
    last = Date.now();
    void checkVersion(registration);
  };
  check();
  window.addEventListener('online', () => {
    last = 0;
    check();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
