import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('routes', () => {
  it.each(['/', '/bus'])('%s is the bus home', async (path) => {
    await renderRoute(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buy bus tickets');
    expect(screen.getByRole('link', { name: 'Bus' })).toHaveAttribute('aria-current', 'page');
  });

  it('/launch is the launch home, with the launch tab selected', async () => {
    await renderRoute('/launch');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buy launch tickets');
    expect(screen.getByRole('link', { name: 'Launch' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Bus' })).not.toHaveAttribute('aria-current');
  });

  it('shows the helpline from the runtime config and today in Dhaka', async () => {
    await renderRoute('/');
    expect(await screen.findByTestId('helpline')).toHaveTextContent('16374');
    expect(screen.getByTestId('today')).toHaveAttribute('datetime', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
  });

  it('says it is a demo in demo mode', async () => {
    await renderRoute('/', { ticketApiUrl: '', theme: 'intercity', helpline: '16374', demo: true });
    expect(await screen.findByRole('note')).toHaveTextContent(/demo/i);
  });

  it('shows the 404 page with a way home for an unknown path', async () => {
    await renderRoute('/nope');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 page not found');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
