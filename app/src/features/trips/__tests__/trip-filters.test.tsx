import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, busTrips, launchTrips } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';

const operators = () => screen.queryAllByTestId('trip').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const group = (name: string) => within(screen.getByTestId('filters')).getByRole('group', { name });

async function renderBus() {
  answer('get-schedule-trips', 'BUS', busTrips);
  const rendered = await renderRoute('/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all');
  await screen.findByText('3 trips found');
  await rendered.user.click(screen.getByRole('button', { name: 'Filters' }));
  return rendered;
}

describe('trip filters and sort (applied by the core)', () => {
  it('offers coach type, boarding point, operator, bus class and the time bands', async () => {
    await renderBus();
    expect(within(group('Coach type')).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['All', 'AC', 'Non AC']);
    expect(within(group('Boarding point')).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(group('Operator')).getByRole('checkbox', { name: 'Hanif Enterprise' })).toBeInTheDocument();
    expect(within(group('Bus class')).getByRole('checkbox', { name: 'Economy' })).toBeInTheDocument();
    expect(within(group('Departure time')).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      '4 am - 12 pm',
      '12 pm - 06 pm',
      '06 pm - 03 am',
    ]);
  });

  it('filters by coach type', async () => {
    const { user } = await renderBus();
    await user.click(within(group('Coach type')).getByRole('radio', { name: 'AC' }));
    expect(operators()).toEqual(['Green Line Paribahan']);
    expect(screen.getByText('Showing 1 of 3 trips')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide filters' })).toBeInTheDocument();
  });

  it('filters by boarding point, operator and bus class together', async () => {
    const { user } = await renderBus();
    await user.click(within(group('Boarding point')).getByRole('checkbox', { name: 'Fakirapool' }));
    expect(operators()).toEqual(['Hanif Enterprise', 'Soudia Coach Service']);
    await user.click(within(group('Operator')).getByRole('checkbox', { name: 'Soudia Coach Service' }));
    expect(operators()).toEqual(['Soudia Coach Service']);
    await user.click(within(group('Bus class')).getByRole('checkbox', { name: 'Business Class' }));
    expect(screen.getByTestId('filtered-out')).toHaveTextContent('No trips match your filters');
    await user.click(within(screen.getByTestId('filtered-out')).getByRole('button', { name: 'Clear filters' }));
    expect(operators()).toHaveLength(3);
  });

  it('filters by departure time band on the displayed clock', async () => {
    const { user } = await renderBus();
    await user.click(within(group('Departure time')).getByRole('checkbox', { name: '06 pm - 03 am' }));
    expect(operators()).toEqual(['Green Line Paribahan']);
    await user.click(within(group('Departure time')).getByRole('checkbox', { name: '12 pm - 06 pm' }));
    expect(operators()).toEqual(['Green Line Paribahan', 'Hanif Enterprise']);
  });

  it('sorts by price both ways, a range by its low or high end, sold-out trips last', async () => {
    const { user } = await renderBus();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'l2h');
    expect(operators()).toEqual(['Hanif Enterprise', 'Green Line Paribahan', 'Soudia Coach Service']);
    await user.selectOptions(sort, 'h2l');
    expect(operators()).toEqual(['Green Line Paribahan', 'Hanif Enterprise', 'Soudia Coach Service']);
  });

  it('counts the filters set on its button', async () => {
    const { user } = await renderBus();
    await user.click(within(group('Coach type')).getByRole('radio', { name: 'Non AC' }));
    await user.click(within(group('Boarding point')).getByRole('checkbox', { name: 'Arambagh' }));
    await user.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('for launch: no coach type or bus class; the operators are those of the trips', async () => {
    answer('get-schedule-trips', 'LAUNCH', launchTrips);
    await renderRoute('/launch/trip?from=dhaka&to=barishal&journeyDate=2030-01-01');
    await screen.findByText('1 trip found');
    const filters = screen.getByTestId('filters');
    expect(within(filters).queryByRole('group', { name: 'Coach type' })).not.toBeInTheDocument();
    expect(within(filters).queryByRole('group', { name: 'Bus class' })).not.toBeInTheDocument();
    expect(within(group('Operator')).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Adventure Shipping']);
  });
});

describe('filters and sort live in the URL', () => {
  const query = (router: Awaited<ReturnType<typeof renderRoute>>['router']) => new URLSearchParams(router.state.location.search);

  it('a link with filters and a sort opens with them applied and shown', async () => {
    answer('get-schedule-trips', 'BUS', busTrips);
    const { user } = await renderRoute(
      '/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=non-ac&priceFilterType=h2l&boardingPoint=Fakirapool',
    );
    expect(await screen.findByText('Showing 2 of 3 trips')).toBeInTheDocument();
    // Non AC and from Fakirapool, the dearest first: Hanif's range ends at 900, Soudia's fare is 520
    // (sold out, so last whatever its price).
    expect(operators()).toEqual(['Hanif Enterprise', 'Soudia Coach Service']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('h2l');
    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    expect(within(group('Coach type')).getByRole('radio', { name: 'Non AC' })).toBeChecked();
    expect(within(group('Boarding point')).getByRole('checkbox', { name: 'Fakirapool' })).toBeChecked();
  });

  it('choosing a filter and a sort writes them into the URL, in place of the entry (Back leaves the results)', async () => {
    const { user, router } = await renderBus();
    await user.click(within(group('Coach type')).getByRole('radio', { name: 'AC' }));
    await user.click(within(group('Departure time')).getByRole('checkbox', { name: '06 pm - 03 am' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'l2h');
    const params = query(router);
    expect(params.get('coachType')).toBe('ac');
    expect(params.getAll('selectedTime')).toEqual(['6pm-3am']);
    expect(params.get('priceFilterType')).toBe('l2h');
    // The search itself stays first and unchanged.
    expect([...params.keys()].slice(0, 3)).toEqual(['from', 'to', 'journeyDate']);
    expect(router.state.historyAction).toBe('REPLACE');
    // Still the same page: the filter panel stayed open.
    expect(screen.getByRole('button', { name: 'Hide filters' })).toBeInTheDocument();
  });

  it('clearing the filters keeps the sort', async () => {
    const { user, router } = await renderBus();
    await user.click(within(group('Operator')).getByRole('checkbox', { name: 'Hanif Enterprise' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'h2l');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(query(router).getAll('busCompany')).toEqual([]);
    expect(query(router).get('priceFilterType')).toBe('h2l');
    expect(operators()).toHaveLength(3);
  });

  it("the seat plan's address carries them, and its 'Back to trips' returns to them", async () => {
    answer('get-schedule-trips', 'BUS', busTrips);
    const { user, router } = await renderRoute('/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=ac&priceFilterType=l2h');
    await screen.findByText('Showing 1 of 3 trips');
    await user.click(screen.getByRole('link', { name: /^View seats/ }));
    const back = await screen.findByRole('link', { name: /Back to trips/ }, { timeout: 5000 });
    expect(query(router).get('priceFilterType')).toBe('l2h');
    expect(back).toHaveAttribute('href', '/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=ac&priceFilterType=l2h');
  });
});
