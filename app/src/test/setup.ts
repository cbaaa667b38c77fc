// jest-dom's matchers (toBeInTheDocument, toHaveValue, ...) on vitest's expect.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearResources } from '@/api/use-resource';
import { resetApiForTests } from '@/api/api-client';
import { clearToasts } from '@/lib/toasts';
import { resetStorageForTests } from '@/lib/storage';
import { resetLoginForTests } from '@/lib/login';
import { resetScrollRestorationForTests, SCROLL_POSITIONS_KEY } from '@/lib/scroll-restoration';
import { clearSession } from '@/lib/session-store';
import { loadEverythingForTests } from '@/i18n/language';
import { resetFakeApi } from '@/test/fake-api';

// A part of the site loaded on demand (the menu, a dialog) arrives in the first test that opens it
// only once vite has transformed it: on a loaded two-core machine that took over the default
// second of findBy*, and a header test failed at random.
configure({ asyncUtilTimeout: 5000 });

// The ticket API is answered from a table of calls (fake-api.ts); the core's own rules run for real,
// and so does the app's watch for a login that ended (api-client.ts).
vi.mock('@/api/api-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/api/api-client')>();
  const fake = await import('@/test/fake-api');
  const api: typeof fake.fakeApi = {
    ...fake.fakeApi,
    call: (name, service, request, options) => fake.fakeApi.call(name, service, request, options).catch((error: unknown) => real.failed(name, error)),
  };
  return { ...real, useApi: () => api };
});

// Every text of both languages, as if every page had been visited (the site loads them in parts;
// a test of that loading imports language.ts afresh).
await loadEverythingForTests();

// The site's own endpoints (new-site banner): no rollout unless a test says otherwise.
async function siteEndpoints(input: RequestInfo | URL, _init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url.includes('get-rollout')) return Response.json({ percentage: 0 });
  if (url.includes('visitor-update')) return Response.json({ count: 1 });
  return new Response('not found', { status: 404 });
}
export const siteFetch = vi.fn(siteEndpoints);

beforeEach(() => {
  resetFakeApi();
  siteFetch.mockReset();
  siteFetch.mockImplementation(siteEndpoints);
  vi.stubGlobal('fetch', siteFetch);
  // jsdom does not scroll; the scroll restoration (lib/scroll-restoration.ts) calls it.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.dataLayer = [];
});

// vitest does not run testing-library's auto-cleanup (no globals): unmount after each test.
afterEach(() => {
  cleanup();
  clearResources();
  clearToasts();
  resetApiForTests();
  resetStorageForTests();
  window.localStorage.clear();
  document.cookie = 'token=; Max-Age=0; Path=/';
  resetLoginForTests();
  resetScrollRestorationForTests();
  clearSession(SCROLL_POSITIONS_KEY);
  document.body.className = '';
  vi.unstubAllGlobals();
});
