/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import wasm from 'vite-plugin-wasm';

const src = fileURLToPath(new URL('./src', import.meta.url));
// The core's wasm-bindgen output (`--target bundler`), linked as the `core-wasm` package.
const pkg = fileURLToPath(new URL('../pkg', import.meta.url));

export default defineConfig({
  // vite-plugin-wasm turns the bundler-target `import ... from './core_wasm_bg.wasm'` into an
  // instantiation; Vite 8 handles the top-level await itself (vite-plugin-top-level-await is not
  // needed and breaks Vite 8). The wasm is emitted as a file, fetched from 'self': the server's
  // CSP only has to allow 'wasm-unsafe-eval'.
  plugins: [react(), wasm()],
  resolve: {
    alias: { '@': src },
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
