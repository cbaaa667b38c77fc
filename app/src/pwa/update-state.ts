/**
 * Whether a newer version of the site is ready to take over (issue 14): set by the service
 * worker's registration (register-sw.ts, loaded in idle time), read by the layout's update
 * prompt. Kept apart from the registration so the first page carries only this small store.
 */
import { useSyncExternalStore } from 'react';

export interface Update {
  /** Takes the new version: the waiting worker takes over and the page reloads. */
  apply: () => void;
}

let ready: Update | null = null;
const listeners = new Set<() => void>();

export function setUpdate(update: Update | null): void {
  ready = update;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The update ready to apply, or null. */
export function useUpdate(): Update | null {
  return useSyncExternalStore(
    subscribe,
    () => ready,
    () => null,
  );
}
