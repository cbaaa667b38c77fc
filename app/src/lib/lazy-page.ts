/**
 * Pages whose code arrives when they are first visited (app/routes.tsx), and the loader's view of
 * them. Not React.lazy: a lazy component suspends on its first render even when its module is
 * already here, and the first page's module is loaded before the app's first render (main.tsx)
 * so that React's first commit is the page itself, never a spinner in place of the prerendered
 * one. A page here renders at once when its code has arrived, and suspends only while it has not.
 *
 * The router (BrowserRouter) changes location in a transition: a page that suspends keeps the
 * current page on screen until its code is here, and the pages waited for meanwhile are what the
 * full-screen loader shows (`usePageLoading`) until the routes show the next location
 * (`pageShown`).
 */
import { createElement, useSyncExternalStore, type ComponentType } from 'react';

type Loading =
  | { status: 'pending'; promise: Promise<void> }
  | { status: 'loaded'; Page: ComponentType }
  | { status: 'failed'; error: unknown };

/** Each lazy page's way to load its code, by the component the routes name. */
const loaders = new WeakMap<ComponentType, () => Promise<void>>();

/** The loads a render waits for, since the routes last showed a location. */
const waitedFor = new Set<Promise<void>>();
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A page component for `load`, which brings the page's module (the first call starts it; a
 * module that never arrives keeps the page waiting, a failed one throws its error to the
 * routes' error page, once and for good: a retry is the Refresh button's reload).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let loading: Loading | undefined;

  function start(): Loading {
    if (loading) return loading;
    const promise = load().then(
      (module) => {
        loading = { status: 'loaded', Page: module.default };
      },
      (error: unknown) => {
        loading = { status: 'failed', error };
      },
    );
    loading = { status: 'pending', promise };
    return loading;
  }

  function LazyPage() {
    const now = start();
    if (now.status === 'loaded') return createElement(now.Page);
    if (now.status === 'failed') throw now.error;
    if (!waitedFor.has(now.promise)) {
      waitedFor.add(now.promise);
      // Told after this render: a store changed while React renders would be an update of
      // another component during rendering.
      queueMicrotask(changed);
    }
    // Thrown, not `use()`d: React waits for it all the same, and does not expect the next
    // render (the page itself) to call `use()` again.
    throw now.promise;
  }

  loaders.set(LazyPage, () => {
    const now = start();
    return now.status === 'pending' ? now.promise : Promise.resolve();
  });
  return LazyPage;
}

/** Loads the code of `component` when it is a lazy page; settles (never rejects) when done. */
export function loadPage(component: ComponentType | null | undefined): Promise<void> {
  const load = component ? loaders.get(component) : undefined;
  return load ? load() : Promise.resolve();
}

/** True while a page asked for (a navigation) waits for its code: the loader shows meanwhile. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waitedFor.size > 0,
    () => false,
  );
}

/**
 * The routes show a new location (a layout effect): the page waited for is on screen, or no
 * longer wanted (another navigation came first, or its error page shows).
 */
export function pageShown(): void {
  if (waitedFor.size === 0) return;
  waitedFor.clear();
  changed();
}
