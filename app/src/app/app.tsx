import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LastResortBoundary } from '@/components/error-page';
import type { RuntimeConfig } from '@/config/runtime-config';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';
import { routes } from '@/app/routes';

const router = createBrowserRouter(routes);

export function App({ config }: { config: Promise<RuntimeConfig> }) {
  return (
    <LastResortBoundary>
      <RuntimeConfigProvider config={config}>
        <RouterProvider router={router} />
      </RuntimeConfigProvider>
    </LastResortBoundary>
  );
}
