/**
 * Pages whose code arrives on their first visit (routes.tsx `page`): the current page stays under
 * the loader until the next one's code is here, and a chunk that fails to load reloads the site
 * once, then shows the error page.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadAfterChunkError } from '@/lib/chunk-reload';
import { renderRoute } from '@/test/render-route';

const findTicketCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});

// The ticket history's code arrives when the test says so.
vi.mock('@/features/find-ticket/routes/find-ticket-page', async () => {
  await findTicketCode.arrived;
  const { createElement } = await import('react');
  return { default: () => createElement('h1', null, 'Ticket history, arrived') };
});

// These pages' chunks fail to load, as when a deploy has replaced the hashed files (the message
// is Chromium's, inside vitest's own).
vi.mock('@/features/policies/routes/policies-page', () => {
  throw new Error('Failed to fetch dynamically imported module: /assets/policies-page-old.js');
});
vi.mock('@/features/operators/routes/operators-page', () => {
  throw new Error('Failed to fetch dynamically imported module: /assets/operators-page-old.js');
});

// The reload itself (at most once a minute, guarded-reload.ts) is the test's to decide. vitest
// wraps the error of a module that fails to load in its own; the browser's is its cause.
vi.mock('@/lib/chunk-reload', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/chunk-reload')>();
  return {
    ...real,
    isChunkLoadError: (error: unknown) => real.isChunkLoadError(error instanceof Error && error.cause ? error.cause : error),
    reloadAfterChunkError: vi.fn(() => false),
  };
});

const processing = () => screen.queryByText('Processing...');

afterEach(() => {
  vi.mocked(reloadAfterChunkError).mockReset();
});

describe('lazy pages', () => {
  it('while the next page’s code loads, the current page stays under the loader; then the page shows', async () => {
    const { user, router } = await renderRoute('/bus');
    expect(processing()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'History' }));

    expect(await screen.findByText('Processing...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bus');

    await act(async () => findTicketCode.arrive());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket history, arrived' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Buy bus tickets' })).not.toBeInTheDocument();
    expect(processing()).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bus/find-ticket');
  });

  it('a page whose chunk fails to load reloads the site, the current page staying under the loader', async () => {
    vi.mocked(reloadAfterChunkError).mockReturnValue(true);
    const { router } = await renderRoute('/bus');
    await router.navigate('/bus/policies');
    await vi.waitFor(() => expect(reloadAfterChunkError).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(screen.getByText('Processing...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something Went Wrong' })).not.toBeInTheDocument();
  });

  it('a chunk that fails again (a reload less than a minute ago) shows the error page', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await renderRoute('/bus/operator');
      expect(screen.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeInTheDocument();
      expect(reloadAfterChunkError).toHaveBeenCalled();
      expect(processing()).not.toBeInTheDocument();
    } finally {
      errors.mockRestore();
    }
  });
});
