/**
 * Whether the browser has a network (issue 14: offline is said plainly). The browser's own
 * `navigator.onLine` and its online/offline events: false means surely offline (no network at
 * all, or the phone's data is off); true may still be a bad network, which the calls' own
 * failures cover.
 */
import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

const online = () => navigator.onLine;

/** True while the browser has a network; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}
