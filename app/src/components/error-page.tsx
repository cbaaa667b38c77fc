import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '@/features/not-found/routes/not-found-page';
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
 * Catches what the error page throws and shows ErrorPageFailed. Used inside the router's error
 * element and once more above the router, as the last resort.
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
 * The router's error element (SPEC §8): a 404 shows the not-found page, a page whose code
 * failed to load reloads (at most once a minute, the core's guard), anything else the error page.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (notFound) return;
    if (isChunkLoadError(error)) reloadAfterChunkError();
    else console.error(error);
  }, [error, notFound]);
  if (notFound) {
    return (
      <main className="page" id="main">
        <NotFoundPage />
      </main>
    );
  }
  return (
    <LastResortBoundary>
      <ErrorPage />
    </LastResortBoundary>
  );
}
