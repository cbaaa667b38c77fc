import { Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from '@/app/routes';
import { MobileAppProvider } from '@/app/site-context';
import { LastResortBoundary } from '@/components/error-page';
import { LanguageRoot } from '@/components/language-switch';
import { RouteLoader } from '@/components/route-loader';
import type { RuntimeConfig } from '@/config/runtime-config';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';

const router = createBrowserRouter(routes);

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
