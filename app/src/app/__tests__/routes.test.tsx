import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

const tab = (name: 'BUS' | 'LAUNCH') => within(screen.getByRole('navigation', { name: 'Services' })).getByRole('link', { name });

describe('routes', () => {
  it.each(['/', '/bus'])('%s is the bus home', async (path) => {
    await renderRoute(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buy bus tickets');
    expect(tab('BUS')).toHaveAttribute('aria-current', 'page');
    expect(tab('LAUNCH')).not.toHaveAttribute('aria-current');
  });

  it('/launch is the launch home, with the launch tab selected', async () => {
    await renderRoute('/launch');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buy launch tickets');
    expect(tab('LAUNCH')).toHaveAttribute('aria-current', 'page');
    expect(tab('BUS')).not.toHaveAttribute('aria-current');
  });

  // SPEC §2: every route, with the heading it renders.
  it.each([
    ['/bus/trip', 'Bus trips'],
    ['/launch/trip', 'Launch trips'],
    ['/bus/operator', 'Bus operators'],
    ['/launch/operator', 'Launch operators'],
    ['/bus/popular-route', 'Popular bus routes'],
    ['/launch/popular-route', 'Popular launch routes'],
    ['/bus/offer', 'Offers and promos'],
    ['/bus/offer/offer-eid200', 'Eid offer: 200 TK off'],
    ['/bus/offer/nope', 'This offer could not be found'],
    ['/bus/policies', 'Policies'],
    ['/launch/policies', 'Policies'],
    ['/bus/find-ticket', 'Ticket history'],
    ['/launch/find-ticket', 'Ticket history'],
    ['/bus/payment', 'Payment'],
    ['/bus/payment/cancel', 'No payment to show'],
    ['/bus/payment/failed', 'No payment to show'],
    ['/bus/payment/success', 'No payment to show'],
    ['/launch/payment', 'Payment'],
    ['/launch/payment/passenger-details', 'Passenger details'],
    ['/launch/payment/payment-details', 'Payment details'],
    ['/launch/payment/cancel', 'No payment to show'],
    ['/launch/payment/failed', 'No payment to show'],
    ['/launch/payment/success', 'No payment to show'],
    ['/bus/emi', 'Pay in instalments (EMI)'],
    ['/nope', '404 page not found'],
    ['/launch/offer', '404 page not found'],
  ])('%s shows "%s"', async (path, heading) => {
    await renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('an operator page shows the operator from the API', async () => {
    const { answer } = await import('@/test/fake-api');
    answer('operator', 'BUS', {
      operator: { _id: 'op-hanif', title: 'Hanif Enterprise', description: 'Big.', routes: ['Dhaka - Chattogram'], coachTypes: ['Economy'] },
    });
    await renderRoute('/bus/operator/op-hanif');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hanif Enterprise' })).toBeInTheDocument();
    // The core's display rule: Chattogram shows as Chittagong.
    expect(screen.getByText('Dhaka - Chittagong')).toBeInTheDocument();
  });

  it("an operator page says the API's message when there is no such operator", async () => {
    const { fail } = await import('@/test/fake-api');
    fail('operator', 'BUS', 'Operator not found', 404);
    await renderRoute('/bus/operator/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator not found' })).toBeInTheDocument();
  });

  it('a popular route page offers a search for today on that route', async () => {
    const { answer } = await import('@/test/fake-api');
    answer('popular-route', 'LAUNCH', { popularRoute: { _id: 'r1', from: 'Dhaka', to: 'Barishal', title: 'Dhaka to Barishal', fareFrom: 360 } });
    await renderRoute('/launch/popular-route/r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dhaka to Barishal' })).toBeInTheDocument();
    expect(screen.getByText('From 360 TK')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search trips on this route' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/launch\/trip\?from=Dhaka&to=Barishal&journeyDate=\d{4}-\d{2}-\d{2}$/),
    );
  });

  it('the policies page has the three anchors the footer links', async () => {
    await renderRoute('/bus/policies');
    for (const id of ['terms-and-conditions', 'return-and-refund-policy', 'privacy-policy']) {
      expect(document.getElementById(id)).toBeInTheDocument();
    }
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/bus/policies#terms-and-conditions');
    expect(within(footer).getByRole('link', { name: 'Return and refund policy' })).toHaveAttribute('href', '/bus/policies#return-and-refund-policy');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/bus/policies#privacy-policy');
  });

  it('the EMI page has its own layout: the page only', async () => {
    await renderRoute('/bus/emi');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Services' })).not.toBeInTheDocument();
  });

  it('shows the helpline from the runtime config and today in Dhaka', async () => {
    await renderRoute('/');
    expect(await screen.findByTestId('helpline')).toHaveTextContent('16374');
    expect(screen.getByTestId('today')).toHaveAttribute('datetime', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
  });

  it('says it is a demo in demo mode', async () => {
    await renderRoute('/', { config: { demo: true } });
    expect(await screen.findByRole('note')).toHaveTextContent(/demo/i);
  });

  it('shows the 404 page with a way home for an unknown path', async () => {
    await renderRoute('/nope');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 page not found');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
