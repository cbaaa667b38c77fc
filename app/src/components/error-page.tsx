import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * The generic error page (SPEC §2): 'Something Went Wrong' with a Refresh button that reloads.
 * Used as the router's error element.
 */
export function ErrorPage() {
  return (
    <main className="page page--centered">
      <h1>Something Went Wrong</h1>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Refresh
      </button>
    </main>
  );
}

/**
 * Last resort above the router: if the error page itself fails, SPEC §2 says 'An error occurred
 * while showing the error page' with a 'Go back to home' link. A plain <a> on purpose: the
 * router may be what failed.
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
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page page--centered">
        <h1>An error occurred while showing the error page</h1>
        <a href="/">Go back to home</a>
      </main>
    );
  }
}
