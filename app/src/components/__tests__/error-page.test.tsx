import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LastResortBoundary, RouteErrorBoundary } from '@/components/error-page';

function Broken(): never {
  throw new Error('broken page');
}

/** A page that throws at '/', a fine one at '/fine', under the routes' error page (as AppRoutes has it). */
function FailingRoutes() {
  const location = useLocation();
  const element = useRoutes([
    { path: '/', element: <Broken /> },
    { path: '/fine', element: <h1>A fine page</h1> },
  ]);
  return (
    <>
      <Link to="/fine">Elsewhere</Link>
      <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>
    </>
  );
}

async function renderFailing() {
  await act(async () => {
    render(
      <MemoryRouter>
        <FailingRoutes />
      </MemoryRouter>,
    );
  });
}

describe('error pages', () => {
  it("shows 'Something Went Wrong' with a Refresh button that reloads", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      await renderFailing();
      expect(screen.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeInTheDocument();
      // The error itself is logged, for the console and the reports.
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken page' }));
      await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
      expect(reload).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('lets go of the error on the next navigation: the next page shows', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await renderFailing();
      expect(screen.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('link', { name: 'Elsewhere' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'A fine page' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Something Went Wrong' })).not.toBeInTheDocument();
    } finally {
      errors.mockRestore();
    }
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
