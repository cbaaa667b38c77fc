/**
 * A rule exists once: the app's router, the static server (the core's `isAppRoute`) and the
 * service worker agree on which paths are the app's pages, and the worker keeps exactly the calls
 * the call table marks `offline`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchRoutes } from 'react-router';
import { callPaths, isAppRoute } from 'core-wasm/booking';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { APP_NAVIGATIONS, isContentCall } from '../../build/service-worker-routes';

// Not `new URL(..., import.meta.url)`: Vite rewrites that pattern into a served asset URL.
const vectors = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tests/vectors/routes.isAppRoute.json');
const paths: string[] = (JSON.parse(readFileSync(vectors, 'utf8')) as { cases: { args: [string] }[] }).cases.map((c) => c.args[0]);
const bare = (p: string) => p.split(/[?#]/)[0] ?? p;

describe('one list of routes', () => {
  it('the router shows a page, not the 404 page, exactly where the core says the path is a route', () => {
    expect(paths.length).toBeGreaterThan(40);
    for (const p of paths) {
      const matched = matchRoutes(routes, bare(p)) ?? [];
      const notFound = matched.length === 0 || matched.at(-1)?.route.path === '*';
      expect(!notFound, p).toBe(isAppRoute(p));
    }
  });

  it("the worker answers every page of the app with the shell, and leaves the server's own paths alone", () => {
    const shell = (p: string) => APP_NAVIGATIONS.some((pattern) => pattern.test(bare(p)));
    for (const p of paths.filter((p) => isAppRoute(p))) expect(shell(p), p).toBe(true);
    for (const p of ['/gateway/sandbox/pay', '/v1/api/intercity/cities', '/oauth/access_token', '/api/config', '/admin', '/accounts']) {
      expect(shell(p), p).toBe(false);
    }
  });

  it('the worker keeps the answers of the calls the call table marks offline, and of no other', () => {
    const calls = callPaths();
    expect(calls.filter((c) => c.offline).length).toBeGreaterThan(0);
    for (const { path: callPath, offline } of calls) {
      expect(isContentCall({ url: new URL(callPath, 'https://tickets.example') }), callPath).toBe(offline);
    }
  });
});
