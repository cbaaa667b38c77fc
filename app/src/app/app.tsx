import { Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from '@/app/routes';
import { MobileAppProvider } from '@/lib/site-context';
import { LastResortBoundary } from '@/components/error-page';
import { LanguageRoot } from '@/components/language-switch';
import { RouteLoader } from '@/components/route-loader';
import type { RuntimeConfig } from '@/config/runtime-config';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';

const router = createBrowserRouter(routes);

/**
 * Resolves once the router has the first page's code (a lazy page's chunk): main.tsx renders
 * then, so React's first commit is the page itself. Rendering before would replace a
 * prerendered page (find-ticket's form, with what was typed in it) with an empty router.
 */
export function firstPageReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function App({ config, isMobileApp }: { config: Promise<RuntimeConfig>; isMobileApp: boolean }) {
  return (
    <LastResortBoundary>
      <RuntimeConfigProvider config={config}>
        <MobileAppProvider isMobileApp={isMobileApp}>
          <Suspense fallback={<RouteLoader visible />}>
            <LanguageRoot>
              <RouterProvider router={router} />
            </LanguageRoot>
          </Suspense>
        </MobileAppProvider>
      </RuntimeConfigProvider>
    </LastResortBoundary>
  );
}
