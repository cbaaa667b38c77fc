import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NEW_SITE_DISMISSED_KEY, NEW_SITE_KEY } from '@/components/new-site-banner';
import { answer, busTrips, fail } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { siteFetch } from '@/test/setup';

describe('default layout', () => {
  it.each(['/', '/bus', '/launch'])('has no footer on the home page %s', async (path) => {
    await renderRoute(path);
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it.each(['/bus/operator', '/launch/policies', '/bus/trip', '/nope'])('has the footer on %s', async (path) => {
    await renderRoute(path);
    const footer = await screen.findByRole('contentinfo');
    for (const name of [
      'Rental',
      'Bus ticketing',
      'Launch ticketing',
      'About us',
      'Career',
      'Blog',
      'Contact',
      'Ride-sharing guideline',
      'Enlistment certificate',
      'COVID-19 information',
      'Terms and conditions',
      'Return and refund policy',
      'Privacy policy',
      'Get it on Google Play',
      'Facebook',
      'YouTube',
      'Instagram',
    ]) {
      expect(within(footer).getByRole('link', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    // The helpline comes from the runtime config.
    expect(within(footer).getByTestId('footer-helpline')).toHaveAttribute('href', 'tel:16374');
    expect(within(footer).getByText('support@example.com')).toBeInTheDocument();
    expect(within(footer).getByText('Dhaka, Bangladesh')).toBeInTheDocument();
  });

  it("shows the selected service's headline in the ticker", async () => {
    await renderRoute('/launch');
    expect(await screen.findByText('water headline')).toBeInTheDocument();
  });

  it('hides the ticker when headline visibility is off', async () => {
    answer('get-head-line', 'BUS', { busSettings: { headline: { text: 'hidden text', isVisible: false } } });
    await renderRoute('/bus');
    await act(async () => {});
    expect(screen.queryByTestId('ticker')).not.toBeInTheDocument();
    expect(screen.queryByText('hidden text')).not.toBeInTheDocument();
  });

  it('shows the new-site banner when the flag is stored, without asking the server', async () => {
    window.localStorage.setItem(NEW_SITE_KEY, 'true');
    await renderRoute('/bus');
    expect(screen.getByTestId('new-site-banner')).toBeInTheDocument();
    expect(siteFetch).not.toHaveBeenCalledWith('/api/get-rollout');
  });

  it('shows the new-site banner to a visitor the rollout picks, and stores the flag', async () => {
    siteFetch.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('rollout') ? Response.json({ percentage: 30 }) : Response.json({ count: 129 }),
    );
    await renderRoute('/bus');
    expect(await screen.findByTestId('new-site-banner')).toBeInTheDocument();
    expect(window.localStorage.getItem(NEW_SITE_KEY)).toBe('true');
    const update = siteFetch.mock.calls.find(([url]) => String(url).includes('visitor-update'));
    expect(JSON.parse(String(update?.[1]?.body))).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('a dismissed new-site banner is remembered: gone on the next page and the next visit, and no call is made', async () => {
    window.localStorage.setItem(NEW_SITE_KEY, 'true');
    const { user } = await renderRoute('/bus');
    await user.click(within(screen.getByTestId('new-site-banner')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('new-site-banner')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(NEW_SITE_DISMISSED_KEY)).toBe('true');
    cleanup();
    await renderRoute('/bus/operator');
    await act(async () => {});
    expect(screen.queryByTestId('new-site-banner')).not.toBeInTheDocument();
    expect(siteFetch).not.toHaveBeenCalled();
  });

  it('the demo notice can be dismissed; the site still says it is a demo, in the top bar, on every later page', async () => {
    const { user } = await renderRoute('/bus', { config: { demo: true } });
    const topBar = screen.getByRole('navigation', { name: 'Our services' });
    expect(screen.getByTestId('demo-notice')).toHaveTextContent('Demo site');
    // While the notice is up the mark is for phones only, where the notice is below the page
    // (global.css hides it from 64rem).
    expect(within(topBar).getByText('Demo')).toHaveClass('top-bar__demo--notice-up');
    await user.click(screen.getByRole('button', { name: 'Dismiss the demo notice' }));
    expect(screen.queryByTestId('demo-notice')).not.toBeInTheDocument();
    expect(within(topBar).getByText('Demo')).not.toHaveClass('top-bar__demo--notice-up');
    cleanup();
    await renderRoute('/launch', { config: { demo: true } });
    expect(screen.queryByTestId('demo-notice')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Our services' })).getByText('Demo')).toBeInTheDocument();
  });

  it('the trip results have a skip link of their own, first, which moves focus to the results', async () => {
    answer('get-schedule-trips', 'BUS', busTrips);
    const { user } = await renderRoute('/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all');
    await screen.findByText('3 trips found');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to results' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Trips' })).toHaveFocus();
    await user.tab();
    expect(within(screen.getAllByTestId('trip')[0] as HTMLElement).getByRole('button', { name: 'Details' })).toHaveFocus();
    await user.tab();
    expect(screen.getAllByRole('link', { name: /^View seats/ })[0]).toHaveFocus();
  });

  it('other pages have only the skip link to the content', async () => {
    await renderRoute('/bus/policies');
    expect(screen.queryByRole('link', { name: 'Skip to results' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });

  it('never shows the new-site banner at 0 % or in the mobile app', async () => {
    await renderRoute('/bus');
    await act(async () => {});
    expect(screen.queryByTestId('new-site-banner')).not.toBeInTheDocument();
  });

  it('hides Rental and the new-site banner in the mobile app', async () => {
    window.localStorage.setItem(NEW_SITE_KEY, 'true');
    await renderRoute('/bus/operator', { isMobileApp: true });
    expect(screen.queryByTestId('new-site-banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Rental/ })).not.toBeInTheDocument();
  });

  it('shows a failed call as a toast with the text from the core', async () => {
    fail('operators', 'BUS', 'Something went wrong!', 500);
    await renderRoute('/bus/operator');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
  });

  it('keeps working and says so when local storage fails', async () => {
    const broken = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      await renderRoute('/bus');
      expect(await screen.findByText('Error accessing local storage')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buy bus tickets');
    } finally {
      broken.mockRestore();
    }
  });

  it('pushes a page view to the dataLayer 250 ms after a route change', async () => {
    const start = performance.now();
    await renderRoute('/bus/policies');
    await waitFor(() => expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'page_view', page_path: '/bus/policies' })));
    expect(performance.now() - start).toBeGreaterThanOrEqual(250);
  });
});
