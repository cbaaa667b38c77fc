/**
 * Server state, cached for the visit: a small stand-in for TanStack Query (which would cost
 * ~12 KB on the first load). A resource is keyed; every component asking for the same key shares
 * one request and its answer. A failed call shows the core's toast once and can be retried.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '@/api/api-client';
import { showToast } from '@/lib/toasts';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown; message: string };

interface Entry {
  state: Resource<unknown>;
  listeners: Set<() => void>;
  loadedAt: number;
  started: boolean;
}

const entries = new Map<string, Entry>();
const LOADING: Resource<never> = { status: 'loading' };

function entry(key: string): Entry {
  let found = entries.get(key);
  if (!found) {
    found = { state: LOADING, listeners: new Set(), loadedAt: 0, started: false };
    entries.set(key, found);
  }
  return found;
}

function set(key: string, state: Resource<unknown>) {
  const e = entry(key);
  e.state = state;
  for (const listener of e.listeners) listener();
}

function start<T>(key: string, load: () => Promise<T>, quiet: boolean) {
  const e = entry(key);
  e.started = true;
  if (e.state.status !== 'loading') set(key, LOADING);
  load().then(
    (data) => {
      e.loadedAt = Date.now();
      set(key, { status: 'success', data });
    },
    (error: unknown) => {
      const message = failureText(error);
      if (!quiet) showToast(message);
      set(key, { status: 'error', error, message });
    },
  );
}

export interface ResourceOptions {
  /** After this long a mounted component loads it again (trips change; content does not). */
  maxAgeMs?: number;
  /** Do not toast a failure (the page shows it itself). */
  quiet?: boolean;
}

/** The resource `key`, loading it with `load` when nobody has yet. `key` null waits. */
export function useResource<T>(key: string | null, load: () => Promise<T>, options: ResourceOptions = {}) {
  const { maxAgeMs = Number.POSITIVE_INFINITY, quiet = false } = options;
  // The store is read while rendering; a change re-renders in a transition, so React may slice
  // the work and a list arriving does not block a tap.
  const [, setVersion] = useState(0);
  const shown = (key === null ? LOADING : entry(key).state) as Resource<T>;
  const rendered = useRef(shown);
  rendered.current = shown;
  useEffect(() => {
    if (key === null) return;
    const e = entry(key);
    const update = () => startTransition(() => setVersion((v) => v + 1));
    e.listeners.add(update);
    // An answer that came between the render and this effect.
    if (e.state !== rendered.current) update();
    return () => {
      e.listeners.delete(update);
    };
  }, [key]);

  useEffect(() => {
    if (key === null) return;
    const e = entry(key);
    const stale = e.state.status === 'success' && Date.now() - e.loadedAt > maxAgeMs;
    if (!e.started || stale) start(key, load, quiet);
    // `load` is a new function every render; the key names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, maxAgeMs, quiet]);

  const retry = useCallback(() => {
    if (key !== null) start(key, load, quiet);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, quiet]);

  return { ...shown, retry } as Resource<T> & { retry: () => void };
}

/** Test helper: forget every cached answer. */
export function clearResources(): void {
  entries.clear();
}
