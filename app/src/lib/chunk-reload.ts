/**
 * A chunk that fails to load (a deploy replaced the hashed files, or the network dropped)
 * reloads the page, at most once a minute (SPEC §4, `guardedReload`).
 */
import { guardedReload } from '@/lib/guarded-reload';

const LAST_RELOAD_KEY = 'chunk_reload_at';

/** The messages browsers give a failed dynamic import or module preload. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    message,
  );
}

/** Reloads when the core allows it; false when a reload happened less than a minute ago. */
export function reloadAfterChunkError(reload?: () => void): boolean {
  return guardedReload(LAST_RELOAD_KEY, reload);
}

/** Vite reports a failed preload of a lazy chunk's dependencies with this event. */
export function listenForChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
