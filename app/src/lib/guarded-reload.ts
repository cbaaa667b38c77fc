/**
 * A page reload that happens at most once a minute (SPEC §4 and §8), so a page that keeps
 * failing the same way shows the problem instead of reloading in a loop. The core's `mayReload`
 * decides; each cause keeps its last reload under its own key in local storage, so one cause's
 * reload does not hold back another's.
 */
import { mayReload } from 'core-wasm';
import { readStored, writeStored } from '@/lib/storage';

/** Reloads when the core allows it; false when this key's last reload was less than a minute ago. */
export function guardedReload(storageKey: string, reload: () => void = () => window.location.reload()): boolean {
  const stored = Number(readStored(storageKey));
  if (!mayReload(Number.isFinite(stored) && stored > 0 ? stored : null)) return false;
  writeStored(storageKey, String(Date.now()));
  reload();
  return true;
}
