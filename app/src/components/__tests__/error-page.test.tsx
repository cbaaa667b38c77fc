import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LastResortBoundary, RouteError } from '@/components/error-page';

function Broken(): never {
  throw new Error('broken page');
}

async function renderFailing(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element, errorElement: <RouteError /> }]);
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

describe('error pages', () => {
  it("shows 'Something Went Wrong' with a Refresh button that reloads", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      await renderFailing(<Broken />);
      expect(screen.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
      expect(reload).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('shows the 404 page for a not-found route error', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('This page could not be found', { status: 404 });
        },
        element: null,
        errorElement: <RouteError />,
      },
    ]);
    await act(async () => {
      render(<RouterProvider router={router} />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found' })).toBeInTheDocument();
  });

  it('shows the last resort when the error page itself fails', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <LastResortBoundary>
          <Broken />
        </LastResortBoundary>,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'An error occurred while showing the error page' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
    } finally {
      errors.mockRestore();
    }
  });
});
