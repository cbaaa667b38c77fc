/**
 * Server state: the app's one way to read it (ticket API content, trips, seat views, bookings,
 * tickets, the site's own rollout check). State-changing calls go through its sibling,
 * `use-mutation.ts`, and put what they changed back here (a resource's `update`).
 *
 * Decision: this small keyed cache, not TanStack Query. The first page reads server state (the
 * headline, the cities, the home sections), so the data layer is part of the first load, whose
 * budget (/bus <= 180 KB brotli, Lighthouse mobile >= 95) is what low-end phones on slow networks
 * feel; TanStack Query would add ~12 KB gzip there. Loading it with the booking chunk instead
 * would leave the first pages on a second pattern. What the pages need of it is here, under the
 * same names where there is one: keys shared by every component asking (one request, one
 * answer), `maxAgeMs` (staleTime), `initialData`, refetch on mount (`onMount: 'always'`),
 * `refetch` keeping the data on screen (keepPreviousData), `update` (setQueryData), an
 * answer to a superseded load dropped, and a failure shown once as the core's toast. Not here:
 * retries (the core's client retries), window-focus refetching, garbage collection of shared
 * answers (a visit's are few and small; a component's own, `onMount: 'always'`, go with it).
 */
import { startTransition, useEffect, useEffectEvent, useId, useState } from 'react';
import { failureText } from '@/api/api-client';
import { showToast } from '@/lib/toasts';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  /** `loadedAt`: when the answer arrived (ms). `fetching`: asked again, the answer shown meanwhile. */
  | { status: 'success'; data: T; error?: undefined; loadedAt: number; fetching?: boolean }
  | { status: 'error'; data?: undefined; error: unknown; message: string };

interface Entry {
  state: Resource<unknown>;
  /** Told of each change; `urgent` for the page's own change (`update`), rendered with it. */
  listeners: Set<(urgent?: boolean) => void>;
  /** Loads started (and data handed over): an answer to an older load is dropped. */
  loads: number;
}

const entries = new Map<string, Entry>();
const LOADING: Resource<never> = { status: 'loading' };

function entry(key: string): Entry {
  let found = entries.get(key);
  if (!found) {
    found = { state: LOADING, listeners: new Set(), loads: 0 };
    entries.set(key, found);
  }
  return found;
}

function set(e: Entry, state: Resource<unknown>, urgent?: boolean) {
  e.state = state;
  for (const listener of e.listeners) listener(urgent);
}

/** Asks the server; `keep` leaves the data on screen meanwhile (marked `fetching`). */
function start<T>(e: Entry, load: () => Promise<T>, quiet: boolean, keep: boolean) {
  const mine = ++e.loads;
  set(e, keep && e.state.status === 'success' ? { ...e.state, fetching: true } : LOADING);
  load().then(
    (data) => {
      if (mine === e.loads) set(e, { status: 'success', data, loadedAt: Date.now() });
    },
    (error: unknown) => {
      if (mine !== e.loads) return;
      const message = failureText(error);
      if (!quiet) showToast(message);
      set(e, { status: 'error', error, message });
    },
  );
}

/** What a page was handed counts as the entry's first answer, arrived now. */
function seed(e: Entry, data: unknown) {
  e.loads = 1;
  e.state = { status: 'success', data, loadedAt: Date.now() };
}

export interface ResourceOptions<T> {
  /** After this long a component that opens loads it again (trips change; content does not). */
  maxAgeMs?: number;
  /**
   * 'always': every component that opens it asks the server, and shows only its own answer
   * (seat views, bookings, tickets change by the minute). Default 'when-stale': components share
   * one answer until it is older than `maxAgeMs`.
   */
  onMount?: 'when-stale' | 'always';
  /** Data the page was handed (a call's answer it came with): shown at once, not asked for. */
  initialData?: T;
  /** Do not toast a failure (the page shows it itself). */
  quiet?: boolean;
}

export interface ResourceControls<T> {
  /**
   * Asks again (the way back from a failure), with `loader` if given (another segment, say); an
   * answer on screen stays there meanwhile, marked `fetching`.
   */
  refetch: (loader?: () => Promise<T>) => void;
  /**
   * Changes the data in place (TanStack's setQueryData): what a mutation's answer changed, or
   * what the page learnt meanwhile (a seat someone else took). Nothing happens while it loads.
   */
  update: (change: (data: T) => T) => void;
}

/** The resource `key`, loading it with `load` when it is due. `key` null waits. */
export function useResource<T>(
  key: string | null,
  load: () => Promise<T>,
  options: ResourceOptions<T> = {},
): Resource<T> & ResourceControls<T> {
  const { maxAgeMs = Number.POSITIVE_INFINITY, onMount, initialData, quiet = false } = options;
  // onMount 'always': an entry of this component's own, so it shows nothing another one loaded,
  // dropped once the component is gone.
  const own = useId();
  const id = key !== null && onMount === 'always' ? `${key}#${own}` : key;
  const e = id === null ? null : entry(id);
  if (e && !e.loads && initialData !== undefined) seed(e, initialData);
  const shown = (e?.state ?? LOADING) as Resource<T>;

  // The store is read while rendering. An answer re-renders in a transition, so React may slice
  // the work and a list arriving does not block a tap; the page's own change (an applied promo)
  // renders with the rest of what the tap did.
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (id === null) return;
    const e = entry(id);
    const bump = () => setVersion((v) => v + 1);
    const update = (urgent?: boolean) => (urgent ? bump() : startTransition(bump));
    e.listeners.add(update);
    // A change between the render and this effect.
    if (e.state !== shown) update();
    return () => {
      e.listeners.delete(update);
      // Later, not now: React may mount the component again at once (StrictMode, a quick remount).
      if (id !== key) setTimeout(() => e.listeners.size || entries.delete(id));
    };
  }, [id, key, shown]);

  const refetch = (keep: boolean, loader = load) => {
    if (id !== null) start(entry(id), loader, quiet, keep);
  };
  // When a key opens: its load, if one is due (`load` is the latest render's: an Effect Event).
  const loadIfDue = useEffectEvent(() => {
    const e = id === null ? null : entry(id);
    if (e && (!e.loads || (e.state.status === 'success' && Date.now() - e.state.loadedAt > maxAgeMs))) refetch(false);
  });
  useEffect(() => loadIfDue(), [id]);

  return {
    ...shown,
    refetch: (loader) => refetch(true, loader),
    update: (change) => {
      if (e?.state.status === 'success') set(e, { ...e.state, data: change(e.state.data as T) }, true);
    },
  };
}

/** Test helper: forget every cached answer. */
export function clearResources(): void {
  entries.clear();
}
