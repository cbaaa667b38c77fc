/**
 * The back office's site (issue 35): a build of its own, `staff.html` and its assets into the
 * same dist/ after the traveller's (`npm run build`). Separate so that nothing of it, not even a
 * shared runtime chunk, can join the traveller's first load, and the traveller's chunking and
 * service worker are as they were. Its files are named `staff-*` (the worker never precaches them).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';

const src = fileURLToPath(new URL('./src', import.meta.url));
const reactRouter = (entry: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url));

export default defineConfig({
  plugins: [react(), wasm()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      { find: /^react-router$/, replacement: reactRouter('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouter('dom-export.mjs') },
    ],
  },
  build: {
    // The traveller's build wrote dist/ just before: keep it.
    emptyOutDir: false,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { staff: fileURLToPath(new URL('./staff.html', import.meta.url)) },
      output: {
        entryFileNames: 'assets/staff-[hash].js',
        chunkFileNames: 'assets/staff-[name]-[hash].js',
        assetFileNames: 'assets/staff-[name]-[hash][extname]',
      },
    },
  },
});
