import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstPageReady } from '@/app/app';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { initialLanguage, showLanguage } from '@/i18n/language';
import { listenForChunkErrors } from '@/lib/chunk-reload';
import { keepFocusAcrossTakeover } from '@/lib/keep-focus';
import { detectMobileApp } from '@/lib/mobile-app';
import { followPlainForms } from '@/lib/prerendered-form';
import '@/styles/global.css';

// Started before the first render so the request overlaps with React's start-up.
const config = loadRuntimeConfig();
// A failed load is shown by the error page when a component reads the config; this only keeps
// the browser from also reporting it as an unhandled rejection before then.
config.catch(() => {});

listenForChunkErrors();
// Which plain form field has the keyboard, until the app's form takes it over.
followPlainForms();

// The service worker and the version check (issue 14): after the first load, in idle time, so
// neither competes with the first paint; the worker then precaches the site in the background.
if (import.meta.env.PROD) {
  const start = () => void import('@/pwa/register-sw').then((sw) => sw.startServiceWorker());
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 2000));
  // The core's wasm is awaited before this module runs, so the page may have loaded already.
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
const isMobileApp = detectMobileApp(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A transition: React renders the first page in slices and lets the browser breathe between
// them (input stays responsive on slow phones) instead of one long task.
const render = () => {
  keepFocusAcrossTakeover(root);
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App config={config} isMobileApp={isMobileApp} />
      </StrictMode>,
    );
  });
};

// A Bangla visitor's first page waits for the Bangla module (loaded alongside the config and
// the core), so it never shows English first; if it cannot load, the page is English. A lazy
// first page waits for its code (app.tsx firstPageReady), the plain page staying meanwhile.
const firstLanguage = initialLanguage();
// The page the server or the worker sent may be in the other language (a choice made since).
if (firstLanguage === 'en') document.documentElement.lang = 'en';
const bangla = firstLanguage === 'bn' ? showLanguage('bn').catch(() => undefined) : undefined;
void Promise.all([bangla, firstPageReady()]).finally(render);
