import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes, loadPagesAt } from '@/app/routes';
import { MobileAppProvider } from '@/lib/site-context';
import { LastResortBoundary } from '@/components/error-page';
import { LanguageRoot } from '@/components/language-switch';
import { RouteLoader } from '@/components/route-loader';
import type { RuntimeConfig } from '@/config/runtime-config';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';

/**
 * Resolves once the first page's code is here (a lazy page's chunk): main.tsx renders then, so
 * React's first commit is the page itself. Rendering before would replace a prerendered page
 * (find-ticket's form, with what was typed in it) with the loader.
 */
export function firstPageReady(): Promise<void> {
  return loadPagesAt(window.location.pathname);
}

/**
 * The router is declarative (BrowserRouter): the site needs none of the data router's loaders
 * or actions, and its code was ~14 KB brotli of the first load. It stays mounted when the
 * language changes; the routes under it are drawn afresh.
 */
export function App({ config, isMobileApp }: { config: Promise<RuntimeConfig>; isMobileApp: boolean }) {
  return (
    <LastResortBoundary>
      <RuntimeConfigProvider config={config}>
        <MobileAppProvider isMobileApp={isMobileApp}>
          <BrowserRouter>
            <Suspense fallback={<RouteLoader visible />}>
              <LanguageRoot>
                <AppRoutes />
              </LanguageRoot>
            </Suspense>
          </BrowserRouter>
        </MobileAppProvider>
      </RuntimeConfigProvider>
    </LastResortBoundary>
  );
}
