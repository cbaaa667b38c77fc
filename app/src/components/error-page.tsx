import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { t } from '@/i18n/messages';
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/chunk-reload';

/** The generic error page (SPEC §2): 'Something Went Wrong' with a Refresh button that reloads. */
export function ErrorPage() {
  return (
    <main className="page page--centered" id="main">
      <title>{t('errorPage.title')}</title>
      <h1 className="page__title">{t('errorPage.title')}</h1>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('errorPage.refresh')}
      </button>
    </main>
  );
}

/** SPEC §2: what shows when the error page itself fails. A plain <a>: the router may be broken. */
export function ErrorPageFailed() {
  return (
    <main className="page page--centered" id="main">
      <h1 className="page__title">{t('errorPage.failed')}</h1>
      <a className="button" href="/">
        {t('errorPage.home')}
      </a>
    </main>
  );
}

/**
 * Catches what the error page throws and shows ErrorPageFailed. Used inside the routes' error
 * page and once more above the router, as the last resort.
 */
export class LastResortBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('error page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPageFailed /> : this.props.children;
  }
}

/**
 * The routes' error page (SPEC §8): a page whose code failed to load reloads (at most once a
 * minute, the core's guard), anything else shows the error page. An unknown path is no error:
 * the routes' '*' shows the not-found page.
 */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
    else console.error(error);
  }, [error]);
  return (
    <LastResortBoundary>
      <ErrorPage />
    </LastResortBoundary>
  );
}

interface RouteErrorBoundaryState {
  /** What the page or its layout threw, if anything, and where. */
  caught: { error: unknown } | null;
  location: unknown;
}

/**
 * Shows RouteError in place of the layout and page that threw (as a route's errorElement did),
 * and lets go of it when the location changes: the next page gets its chance.
 */
export class RouteErrorBoundary extends Component<{ location: unknown; children: ReactNode }, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { caught: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: { location: unknown }, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { caught: null, location: props.location };
  }

  override render() {
    return this.state.caught ? <RouteError error={this.state.caught.error} /> : this.props.children;
  }
}
