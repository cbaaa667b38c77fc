/**
 * What makes the site installable and usable offline (issue 14): a web app manifest per theme
 * and the service worker's recipe (Workbox, through vite-plugin-pwa's generateSW).
 *
 * The worker precaches the whole build (shell, hashed assets, both wasm modules, icons, the
 * prerendered home pages) once it is installed, which the app asks for in idle time after the
 * first load (src/pwa/register-sw.ts), never on the first paint's path. The Bengali font is the
 * exception: ~90 KB that only a Bangla reader needs, kept when first used instead. Content calls
 * are stale-while-revalidate; bookings, tickets, OTP, PDFs and tokens have no route here, so the
 * worker never stores them (they go to the network as if it were not there).
 */
import type { Plugin } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { themes, type Theme } from '../src/config/theme.ts';
import { APP_NAVIGATIONS, isContentCall } from './service-worker-routes.ts';

/** The prerendered pages (build/prerender.ts) and the URLs the server answers them at. */
export const PRERENDERED: Readonly<Record<string, string>> = {
  'prerendered/index.html': '/',
  'prerendered/bus/index.html': '/bus',
  'prerendered/launch/index.html': '/launch',
  'prerendered/bus/find-ticket/index.html': '/bus/find-ticket',
  'prerendered/launch/find-ticket/index.html': '/launch/find-ticket',
};

export const manifestPath = (theme: Theme) => `/manifest/${theme.id}.webmanifest`;

/** One manifest per theme: the app points `<link rel="manifest">` at its theme's (config/theme.ts). */
function themeManifest(theme: Theme): string {
  const icon = (file: string, size: number, purpose: string) => ({ src: `/icons/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose });
  return JSON.stringify({
    id: '/',
    name: `${theme.brandName}: bus and launch tickets`,
    short_name: theme.brandName,
    description: 'Buy intercity bus and launch tickets in Bangladesh. Your tickets stay on the phone.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: theme.colors.brand,
    icons: [
      icon(`${theme.id}-192.png`, 192, 'any'),
      icon(`${theme.id}-512.png`, 512, 'any'),
      icon(`${theme.id}-maskable-512.png`, 512, 'maskable'),
    ],
  });
}

function themeManifests(): Plugin {
  return {
    name: 'theme-manifests',
    apply: 'build',
    generateBundle() {
      for (const theme of themes) {
        this.emitFile({ type: 'asset', fileName: manifestPath(theme).slice(1), source: themeManifest(theme) });
      }
    },
  };
}

const workbox: VitePWAOptions['workbox'] = {
  globPatterns: ['**/*.{js,css,wasm,html,svg,png,webmanifest,woff2}'],
  // Demo pictures of offers and banners are content, cached as they are seen (below); the
  // install icons are fetched by the browser when it installs, for the one theme it needs; the
  // Bengali font (two weights, ~90 KB) is kept when a Bangla page first uses it (below), not
  // downloaded onto every English reader's phone.
  // The Bangla prerendered pages are the server's answer to a Bangla browser's first visit; the
  // worker answers /bus offline with the English page, which the app then shows in Bangla.
  // The back office's page and bundle are staff's, never a traveller's download (issue 35).
  globIgnores: ['images/**', 'icons/**', 'assets/noto-sans-bengali-*', 'prerendered-bn/**', 'staff.html', 'assets/staff-*', 'assets/core_wasm_staff*'],
  manifestTransforms: [
    // The prerendered pages are stored under the URLs they answer, so `/bus` opens offline with
    // its search form (and find-ticket with its own); every other navigation gets the shell
    // (navigateFallback).
    async (entries) => ({
      manifest: entries.map((entry) => ({ ...entry, url: PRERENDERED[entry.url] ?? entry.url })),
      warnings: [],
    }),
  ],
  navigateFallback: '/index.html',
  navigateFallbackAllowlist: APP_NAVIGATIONS,
  // A new worker waits until the traveller takes the update (src/pwa/), never mid-booking.
  skipWaiting: false,
  // The first install takes the open page at once, so a traveller who goes offline during the
  // very first visit still gets the shell and the lazy pages; an update is only ever activated by
  // the traveller's 'Update' (SKIP_WAITING), which reloads the page anyway.
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    {
      urlPattern: isContentCall,
      handler: 'StaleWhileRevalidate',
      options: {
        cacheName: 'content',
        expiration: { maxEntries: 80 },
        cacheableResponse: { statuses: [200] },
      },
    },
    {
      // The runtime config: fresh when online, the last one when not (the app cannot start without).
      urlPattern: ({ url }) => url.pathname === '/api/config',
      handler: 'NetworkFirst',
      options: { cacheName: 'site-config', networkTimeoutSeconds: 4, cacheableResponse: { statuses: [200] } },
    },
    {
      // The Bengali font, once a Bangla page has used it, so Bangla reads right offline too.
      // The files are hashed: a kept copy never goes stale, and a new build's are new names.
      urlPattern: ({ url }) => /^\/assets\/noto-sans-bengali-[^/]+\.woff2$/.test(url.pathname),
      handler: 'CacheFirst',
      options: { cacheName: 'fonts', expiration: { maxEntries: 8 }, cacheableResponse: { statuses: [200] } },
    },
    {
      // The back office's page (issue 36: a supervisor boards with no network): fresh when
      // online, the last one when not. Never precached: only a staff phone that opened it keeps it.
      urlPattern: ({ url, request }) => request.mode === 'navigate' && (url.pathname === '/staff' || url.pathname.startsWith('/staff/')),
      handler: 'NetworkFirst',
      options: {
        cacheName: 'staff-pages',
        networkTimeoutSeconds: 4,
        matchOptions: { ignoreVary: true },
        cacheableResponse: { statuses: [200] },
        // Every path under /staff is the one page (staff.html): kept once, under /staff.
        plugins: [{ cacheKeyWillBeUsed: async () => '/staff' }],
      },
    },
    {
      // Its hashed files, kept as they are used (src/staff/offline.ts stores the first load's).
      urlPattern: ({ url }) => /^\/assets\/staff-[^/]+$/.test(url.pathname),
      handler: 'CacheFirst',
      options: { cacheName: 'staff-assets', expiration: { maxEntries: 40 }, cacheableResponse: { statuses: [200] } },
    },
    {
      urlPattern: ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/images/'),
      handler: 'StaleWhileRevalidate',
      options: { cacheName: 'images', expiration: { maxEntries: 60 }, cacheableResponse: { statuses: [200] } },
    },
  ],
};

/** The plugins: the manifests and the worker (registered by the app itself: src/pwa/). */
export function pwa(): Plugin[] {
  return [
    themeManifests(),
    ...VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox,
    }),
  ];
}
