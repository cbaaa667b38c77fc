import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType, type Location, type NavigateFunction, type NavigationType, type To } from 'react-router';
import { AppRoutes, loadPagesAt } from '@/app/routes';
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

/**
 * A test's view of the memory router (<RouterSpy> keeps it up to date): where the app is, how it
 * got there (a link pushes, a filter replaces), and a way to go elsewhere as the address bar would.
 */
export class TestRouter {
  private seen: { location: Location; historyAction: NavigationType } | undefined;
  private go: NavigateFunction | undefined;

  follow(location: Location, historyAction: NavigationType, go: NavigateFunction): void {
    this.seen = { location, historyAction };
    this.go = go;
  }

  get state(): { location: Location; historyAction: NavigationType } {
    if (!this.seen) throw new Error('the routes have not rendered');
    return this.seen;
  }

  /** Goes to `to`, or `delta` entries back or forward (the browser's buttons). */
  async navigate(to: To | number): Promise<void> {
    const go = this.go;
    if (!go) throw new Error('the routes have not rendered');
    await act(async () => {
      await (typeof to === 'number' ? go(to) : go(to));
    });
  }
}

/** Keeps `router` at the memory router's location; render it inside the <MemoryRouter>. */
export function RouterSpy({ router }: { router: TestRouter }) {
  const location = useLocation();
  const action = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => router.follow(location, action, navigate), [router, location, action, navigate]);
  return null;
}

interface RenderOptions {
  config?: Partial<RuntimeConfig>;
  isMobileApp?: boolean;
}

/**
 * Renders the app's routes at `path` as the browser would (the page's code loaded first, as
 * main.tsx does), in a memory router, with a runtime config already loaded.
 */
export async function renderRoute(path: string, options: RenderOptions = {}) {
  const router = new TestRouter();
  const user = userEvent.setup();
  await loadPagesAt(path);
  // An awaited act: the config is read with `use()`, which suspends until the promise settles.
  await act(async () => {
    render(
      <RuntimeConfigProvider config={Promise.resolve({ ...testConfig, ...options.config })}>
        <MobileAppProvider isMobileApp={options.isMobileApp ?? false}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
            <RouterSpy router={router} />
          </MemoryRouter>
        </MobileAppProvider>
      </RuntimeConfigProvider>,
    );
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { router, user };
}
