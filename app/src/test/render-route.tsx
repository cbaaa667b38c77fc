import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import { MobileAppProvider } from '@/lib/site-context';
import type { RuntimeConfig } from '@/config/runtime-config';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';

export const testConfig: RuntimeConfig = {
  ticketApiUrl: '',
  theme: 'intercity',
  helpline: '16374',
  demo: false,
  supportEmail: 'support@example.com',
  officeAddress: 'Dhaka, Bangladesh',
  liveChatSrc: null,
  rentalUrl: 'https://rental.example.com',
  imageBase: '/images/',
};

interface RenderOptions {
  config?: Partial<RuntimeConfig>;
  isMobileApp?: boolean;
}

/** Renders the app's routes at `path`, as the browser would, with a runtime config already loaded. */
export async function renderRoute(path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  // An awaited act: the config is read with `use()`, which suspends until the promise settles;
  // lazy pages load their code first.
  await act(async () => {
    render(
      <RuntimeConfigProvider config={Promise.resolve({ ...testConfig, ...options.config })}>
        <MobileAppProvider isMobileApp={options.isMobileApp ?? false}>
          <RouterProvider router={router} />
        </MobileAppProvider>
      </RuntimeConfigProvider>,
    );
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { router, user };
}
