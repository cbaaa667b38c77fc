/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot, type HtmlTagDescriptor, type Plugin } from 'vite';
import wasm from 'vite-plugin-wasm';
import { buildId } from './build/build-id.ts';
import { catalogSplit } from './build/catalog-split.ts';
import { prerenderHome } from './build/prerender.ts';
import { pwa } from './build/pwa.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
// The core's wasm-bindgen output (`--target bundler`), linked as the `core-wasm` package.
const pkg = fileURLToPath(new URL('../pkg', import.meta.url));
// react-router 7's package exports name only its development build, dev warnings and all, for
// every bundler (remix-run/react-router#14102, open); the production build it ships beside it is
// the same code with them off: ~0.5 KB brotli less on the first load, and no dev noise in the
// console. Exact specifiers only, so a new entry point fails loudly rather than mixing builds.
const reactRouter = (entry: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/**
 * Whether index.html reaches module `id` through static imports alone: the first page's own
 * code. A module only lazy pages import (the booking helpers in lib/, say) is not, whatever its
 * folder. The page's script itself (main.tsx) is not counted: it stays the entry file.
 */
function loadedFirst(id: string, graph: ModuleGraph, evenFromEntry = false): boolean {
  const isEntry = (module: string) => graph.getModuleInfo(module)?.isEntry === true;
  if (!evenFromEntry && graph.getModuleInfo(id)?.importers.some(isEntry)) return false;
  const seen = new Set<string>();
  const stack = [id];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    if (isEntry(current)) return true;
    stack.push(...(graph.getModuleInfo(current)?.importers ?? []));
  }
  return false;
}

/**
 * The first page needs the core's wasm and the runtime config before it can render, but the
 * browser would only ask for them once every JS module has arrived and run. Preload hints in
 * index.html fetch both alongside the JS (`as="fetch"` + crossorigin matches the core loader's
 * and the config's plain fetch, so the preloaded answers are used). The booking module is never
 * preloaded: the first pages do not use it.
 */
function preloadFirstPage(): Plugin {
  return {
    name: 'preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const wasm = Object.keys(ctx.bundle ?? {}).filter((file) => file.endsWith('.wasm') && !file.includes('booking'));
        const preload = (href: string, type?: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'preload', href, as: 'fetch', crossorigin: '', ...(type ? { type } : {}) },
          injectTo: 'head',
        });
        return [...wasm.map((file) => preload(`/${file}`, 'application/wasm')), preload('/api/config')];
      },
    },
  };
}

export default defineConfig({
  // vite-plugin-wasm turns the bundler-target `import ... from './core_wasm_bg.wasm'` into an
  // instantiation; Vite 8 handles the top-level await itself (vite-plugin-top-level-await is not
  // needed and breaks Vite 8). The wasm is emitted as a file, fetched from 'self': the server's
  // CSP only has to allow 'wasm-unsafe-eval'.
  // build/: the build id, the prerendered home pages (in that order: they carry the id) and the
  // offline parts (manifests, service worker), issue 14; the check of the texts' split.
  plugins: [react(), wasm(), preloadFirstPage(), buildId(), prerenderHome(), ...pwa(), catalogSplit()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      { find: /^react-router$/, replacement: reactRouter('index.mjs') },
    ],
  },
  server: {
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), pkg] },
    // In development the site's own endpoints (/api/config, ...) come from a running
    // static-server (`make run` listens on 8080).
    proxy: { '/api': process.env.API_PROXY ?? 'http://127.0.0.1:8080' },
  },
  build: {
    // Everything the browser runs comes from files: no inline <script> or <style> (CSP).
    assetsInlineLimit: 0,
    // No modulepreload polyfill (~0.5 KB brotli of every first load): the phones we serve run
    // Chromium (modulepreload since 2018); a browser without it (Safari before 17) still runs the
    // site, fetching each module when it is imported instead of ahead.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first page's code in two files (libraries, the site's shell and home pages)
        // instead of a dozen small shared chunks: fewer requests on a slow network. Every other
        // page stays a chunk of its own, and the booking module is never pulled in here. The
        // shell is what the first page imports, not a list of folders: code that only lazy pages
        // use stays out of the first load wherever it lives.
        codeSplitting: {
          groups: [
            // Libraries the first page loads; one only lazy pages use (the saved tickets' QR
            // and store) stays with them.
            {
              name: (id, graph) => (/node_modules|[\\/]pkg[\\/](?!booking)/.test(id) && loadedFirst(id, graph, true) ? 'vendor' : null),
              debugName: 'vendor',
            },
            { name: (id, graph) => (id.startsWith(src) && loadedFirst(id, graph) ? 'shell' : null), debugName: 'shell' },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The Makefile counts cases from the JSON report.
    reporters: ['default', 'json'],
    outputFile: { json: '../tests/reports/vitest.json' },
  },
});
