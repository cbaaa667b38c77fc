/**
 * The build's id: a digest of every emitted file's name (Vite's names carry a content hash), so
 * it changes whenever anything the browser runs changes. It is written twice: into index.html
 * (`<meta name="build-id">`, what the running app is) and into /version.json (what the server
 * serves now, fetched past the service worker). src/pwa/version-check.ts compares the two, so an
 * app kept in a cache learns that a newer one (and perhaps a newer API) is live.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

export function buildId(): Plugin {
  return {
    name: 'build-id',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).filter((name) => name.startsWith('assets/')).sort();
      const id = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('build-id: the bundle has no index.html');
      index.source = String(index.source).replace('</title>', `</title>\n    <meta name="build-id" content="${id}" />`);
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ build: id }) });
    },
  };
}
