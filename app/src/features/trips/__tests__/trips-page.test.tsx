import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, busTrips, fail, hang, launchTrips, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';

const BUS = ['get-schedule-trips', 'BUS'] as const;
const LAUNCH = ['get-schedule-trips', 'LAUNCH'] as const;
const busSearch = '/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all';

const operators = () => screen.queryAllByTestId('trip').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

async function renderTrips(path = busSearch, options?: Parameters<typeof renderRoute>[1]) {
  const rendered = await renderRoute(path, options);
  await screen.findByRole('heading', { level: 1, name: /to/ });
  return rendered;
}

describe('trip list states', () => {
  it('says it is searching while the trips load', async () => {
    hang(...BUS);
    await renderTrips();
    expect(screen.getByRole('status')).toHaveTextContent('Searching trips...');
    expect(screen.queryAllByTestId('trip')).toHaveLength(0);
  });

  it('shows the trips: sold-out last, times by the core, fares and ranges, seats left', async () => {
    answer(...BUS, busTrips);
    await renderTrips();
    await screen.findByText('3 trips found');
    expect(operators()).toEqual(['Green Line Paribahan', 'Hanif Enterprise', 'Soudia Coach Service']);
    const [greenLine, hanif, soudia] = screen.getAllByTestId('trip') as [HTMLElement, HTMLElement, HTMLElement];
    // Stored 04:30Z on the 2nd is 10:30 PM on the 1st in Dhaka (the core's 6-hour rule).
    expect(within(greenLine).getByTestId('departure')).toHaveTextContent('10:30 PM');
    expect(within(greenLine).getByTestId('fare')).toHaveTextContent('1,200 TK');
    expect(within(greenLine).getByTestId('seats')).toHaveTextContent('20 seats left');
    expect(within(hanif).getByTestId('fare')).toHaveTextContent('600 TK - 900 TK');
    expect(within(soudia).getByTestId('seats')).toHaveTextContent('Sold out');
  });

  it('says clearly when there are no trips', async () => {
    answer(...BUS, { ...busTrips, trips: [] });
    await renderTrips();
    expect(await screen.findByTestId('empty')).toHaveTextContent('No trips found');
  });

  it('shows a failure with its toast and lets the traveller try again', async () => {
    fail(...BUS, 'journeyDate cannot be before today', 400);
    const { user } = await renderTrips();
    const problem = await screen.findByRole('heading', { name: 'Trips could not be loaded' });
    expect(problem.parentElement).toHaveTextContent('journeyDate cannot be before today');
    expect(screen.getAllByText('journeyDate cannot be before today').length).toBeGreaterThan(1); // the toast too
    answer(...BUS, busTrips);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 trips found')).toBeInTheDocument();
  });

  it('sends the search with no coach type and no visitor id of its own (the core names the token\'s visitor)', async () => {
    answer(...BUS, busTrips);
    await renderTrips();
    await screen.findByText('3 trips found');
    const call = sent(...BUS)[0];
    expect(call?.request).toEqual({ from: 'dhaka', to: 'chattogram', journeyDate: '2030-01-01' });
  });

  it('sends the search only for launch', async () => {
    answer(...LAUNCH, launchTrips);
    await renderTrips('/launch/trip?from=dhaka&to=barishal&journeyDate=2030-01-01');
    await screen.findByText('1 trip found');
    expect(sent(...LAUNCH)[0]?.request).toEqual({ from: 'dhaka', to: 'barishal', journeyDate: '2030-01-01' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dhaka to Barishal');
    expect(screen.getByTestId('fare')).toHaveTextContent('370 TK - 7,380 TK');
  });

  it('shows the cities by their displayed names in the heading', async () => {
    answer(...BUS, busTrips);
    await renderTrips();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dhaka to Chittagong');
  });

  it('pushes the search and a bus view to the dataLayer', async () => {
    answer(...BUS, busTrips);
    const { user } = await renderTrips();
    await screen.findByText('3 trips found');
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'search', from: 'dhaka', to: 'chattogram', results: 3 })),
    );
    const first = screen.getAllByTestId('trip')[0] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Details' }));
    expect(within(first).getByText(/Arambagh, Sayedabad Bus Terminal/)).toBeVisible();
    await waitFor(() => expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'bus_view', trip_id: 'gl-2230' })));
  });

  it('on an operator theme shows only that operator\'s trips, without an operator filter', async () => {
    answer(...BUS, busTrips);
    await renderTrips(busSearch, { config: { theme: 'hanif' } });
    await screen.findByText('1 trip found');
    expect(operators()).toEqual(['Hanif Enterprise']);
    expect(within(screen.getByTestId('filters')).queryByRole('group', { name: 'Operator' })).not.toBeInTheDocument();
  });

  it('changes the search without leaving the page', async () => {
    answer(...BUS, busTrips);
    const { user, router } = await renderTrips();
    await user.click(screen.getByRole('button', { name: 'Modify search' }));
    const form = screen.getByRole('search', { name: 'Search trips' });
    const to = within(form).getByRole('combobox', { name: 'To' });
    await waitFor(() => expect(to).toHaveValue('Chittagong'));
    await user.clear(to);
    await user.type(to, "Cox's Bazar");
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Dhaka to Cox's Bazar" })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('coxs-bazar');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});
