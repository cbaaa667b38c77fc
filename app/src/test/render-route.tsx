import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import type { RuntimeConfig } from '@/config/runtime-config';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';

export const testConfig: RuntimeConfig = { ticketApiUrl: '', theme: 'intercity', helpline: '16374', demo: false };

/** Renders the app's routes at `path`, as the browser would, with a runtime config already loaded. */
export async function renderRoute(path: string, config: RuntimeConfig = testConfig) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  // An awaited act: the config is read with `use()`, which suspends until the promise settles.
  await act(async () => {
    render(
      <RuntimeConfigProvider config={Promise.resolve(config)}>
        <RouterProvider router={router} />
      </RuntimeConfigProvider>,
    );
  });
  await screen.findByRole('heading', { level: 1 });
  return { router, user };
}
