import { screen, waitFor, within } from '@testing-library/react';
import type { LaunchSeatPlan } from 'core-wasm/booking';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHold, saveHold } from '@/features/booking/hold';
import { setLanguageForTests } from '@/i18n/language';
import { answer, fail, launchTrips, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { LAUNCH_LOCK, LAUNCH_TRIP, LAUNCH_VIEW, launchPlan, launchSeatsPath, lockAnswer } from './fixtures';

const TRIPS = ['get-schedule-trips', 'LAUNCH'] as const;

async function openPlan() {
  answer(...TRIPS, launchTrips);
  answer(...LAUNCH_VIEW, { seatPlan: launchPlan() });
  const rendered = await renderRoute(launchSeatsPath);
  await screen.findByRole('region', { name: 'First floor' }, { timeout: 5000 });
  return rendered;
}

const cabin = (name: RegExp | string) => screen.getByRole('button', { name });

describe('launch seat plan: classes on floors', { timeout: 20_000 }, () => {
  it('opens from the trip card', async () => {
    answer(...TRIPS, launchTrips);
    answer(...LAUNCH_VIEW, { seatPlan: launchPlan() });
    const { user, router } = await renderRoute('/launch/trip?from=dhaka&to=barishal&journeyDate=2030-01-01');
    await user.click(await screen.findByRole('link', { name: /View seats/ }, { timeout: 5000 }));
    await screen.findByRole('region', { name: 'First floor' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe(`/launch/trip/${LAUNCH_TRIP}`);
    expect(sent(...LAUNCH_VIEW)[0]?.request).toMatchObject({ tripId: LAUNCH_TRIP, from: 'dhaka', to: 'barishal' });
    expect(screen.getByTestId('seat-trip')).toHaveTextContent('MV Adventure-9');
  });

  it('groups the classes by floor, each class a labelled group with its fare', async () => {
    await openPlan();
    const first = screen.getByRole('region', { name: 'First floor' });
    const second = screen.getByRole('region', { name: 'Second floor' });
    expect(within(first).getAllByRole('group').map((g) => g.querySelector('h3')?.textContent)).toEqual(['Deck: 370 TK', 'Chair: 500 TK']);
    expect(within(second).getAllByRole('group').map((g) => g.querySelector('h3')?.textContent)).toEqual(['Single cabin: 1,380 TK', 'VIP cabin: 7,380 TK']);
    expect(within(second).getByRole('group', { name: 'VIP cabin: 7,380 TK' })).toContainElement(cabin('VIP cabin 301, available, 7,380 TK'));
  });

  describe('in Bangla', () => {
    afterEach(() => setLanguageForTests('en', false));

    it('names floors and classes by their Bangla names where the data has them', async () => {
      setLanguageForTests('bn', true);
      const plan = launchPlan();
      plan.ClassWiseSeatPlan = plan.ClassWiseSeatPlan.map((c) => ({
        ...c,
        ...(c.floorId === 'floor-2' ? { floorNameBn: 'দ্বিতীয় তলা' } : {}),
        ...(c.classId === 'vip' ? { classNameBn: 'ভিআইপি কেবিন' } : {}),
      }));
      answer(...TRIPS, launchTrips);
      answer(...LAUNCH_VIEW, { seatPlan: plan });
      await renderRoute(launchSeatsPath);
      const second = await screen.findByRole('region', { name: 'দ্বিতীয় তলা' }, { timeout: 5000 });
      expect(within(second).getByRole('group', { name: 'ভিআইপি কেবিন: ৭,৩৮০ টাকা' })).toBeInTheDocument();
      // A class without Bangla keeps its English name.
      expect(within(second).getByRole('group', { name: /^Single cabin: / })).toBeInTheDocument();
    });
  });

  it('draws the rows with their gaps: a gap is no button, the seats keep their columns', async () => {
    await openPlan();
    const deck = screen.getByRole('group', { name: 'Deck: 370 TK' });
    expect(within(deck).getAllByRole('button')).toHaveLength(6);
    expect(deck.querySelectorAll('.seat-gap')).toHaveLength(2);
    expect(within(deck).getByRole('button', { name: /^Deck D-03,/ })).toHaveStyle({ gridRow: '1', gridColumn: '4' });
    expect(within(deck).getByRole('button', { name: /^Deck D-04,/ })).toHaveStyle({ gridRow: '2', gridColumn: '1' });
    // The cell shows the short number; the name says the whole seat.
    expect(cabin('Chair S_CHAIR-A1, available, 500 TK')).toHaveTextContent('A1');
  });

  it('shows taken seats and cabins as booked, not selectable; a cell\'s own fare wins over its class\'s', async () => {
    await openPlan();
    expect(cabin('Deck D-02, booked')).toBeDisabled();
    expect(cabin('Single cabin 202, booked')).toBeDisabled();
    expect(cabin('Single cabin 203, available, 1,500 TK')).toBeEnabled();
  });
});

describe('launch seat plan: choosing and holding', { timeout: 20_000 }, () => {
  it('asks for the cabins as this visitor (the server frees its own held cabins for it); the hand-over frees nothing itself', async () => {
    saveHold({ service: 'LAUNCH', trip: launchTrips.trips[0]!, seats: ['202'], boardingPoint: null, droppingPoint: null, from: 'dhaka', to: 'barishal', expiresAtMs: Date.now() + 60_000, expiresAt: '' });
    await openPlan();
    expect(sent(...LAUNCH_VIEW)[0]?.request).not.toHaveProperty('anonymousId'); // the core names the token's visitor
    expect(cabin('Single cabin 202, booked')).toBeDisabled();
  });

  it('chooses cabins and seats (the core\'s toggleLaunchSeat), up to 4, with the total', async () => {
    const { user } = await openPlan();
    await user.click(cabin(/^Single cabin 201,/));
    await user.click(cabin(/^Deck D-01,/));
    expect(cabin(/^Single cabin 201,/)).toHaveAttribute('aria-pressed', 'true');
    // What the server will charge (the core's quote): fares 1,380 + 370, a service charge of 20
    // a seat, and the gateway's 1.5 % of fares and charge, rounded (26.85 -> 27).
    expect(screen.getByTestId('total')).toHaveTextContent('1,817 TK');
    expect(screen.getByTestId('seat-summary')).toHaveTextContent('Total: 1,817 TK (incl. charges)');
    await user.click(cabin(/^Deck D-03,/));
    await user.click(cabin(/^Deck D-04,/));
    await user.click(cabin(/^VIP cabin 301,/));
    expect(screen.getByTestId('seat-problem')).toHaveTextContent('You can select at most 4 seats');
    expect(cabin(/^VIP cabin 301,/)).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'seat_select', service: 'LAUNCH', seat_no: '201', class_id: 'single' })));
  });

  it('locks the cabin and goes to /launch/payment/passenger-details with the hold', async () => {
    answer(...LAUNCH_LOCK, { ...lockAnswer(['301']), tripId: LAUNCH_TRIP });
    const { user, router } = await openPlan();
    await user.click(cabin(/^VIP cabin 301,/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/launch/payment/passenger-details'));
    expect(sent(...LAUNCH_LOCK)[0]?.request).toMatchObject({ tripId: LAUNCH_TRIP, seats: ['301'], from: 'dhaka', to: 'barishal' });
    expect(loadHold('LAUNCH')).toMatchObject({ service: 'LAUNCH', seats: ['301'], boardingPoint: null, droppingPoint: null });
  });

  it('a cabin taken meanwhile (409) turns booked in place, with the server\'s message', async () => {
    fail(...LAUNCH_LOCK, 'Seat 301 was just taken by another traveller, please choose another', 409, { seats: ['301'] });
    const { user } = await openPlan();
    await user.click(cabin(/^VIP cabin 301,/));
    await user.click(cabin(/^VIP cabin 302,/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'VIP cabin 301, booked' })).toBeDisabled();
    expect(screen.getByText('Seat 301 was just taken by another traveller, please choose another')).toBeInTheDocument();
    expect(screen.getByTestId('chosen-seats')).toHaveTextContent(/^302$/);
  });
});

describe('launch seat plan on a phone', { timeout: 20_000 }, () => {
  /** A ResizeObserver reporting every element `width` px wide (jsdom has no layout). */
  function screenWidth(width: number) {
    class Sized {
      constructor(private report: ResizeObserverCallback) {}
      observe(target: Element) {
        this.report([{ target, contentRect: { width } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      disconnect() {}
      unobserve() {}
    }
    // Unstubbed after each test (test/setup.ts).
    vi.stubGlobal('ResizeObserver', Sized);
  }

  const twelveCabins = (): LaunchSeatPlan => ({
    ClassWiseSeatPlan: [
      {
        classId: 'single',
        className: 'Single cabin',
        floorId: 'floor-2',
        floorName: 'Second floor',
        fare: 1380,
        seats: [0, 1].map((r) => Array.from({ length: 12 }, (_, c) => ({ seatNo: String(201 + r * 12 + c), available: true }))),
      },
    ],
  });

  it('folds a row of 12 cabins into two bands of cells at least 40 px wide; the arrows still follow the ship', async () => {
    screenWidth(306);
    answer(...TRIPS, launchTrips);
    answer(...LAUNCH_VIEW, { seatPlan: twelveCabins() });
    const { user } = await renderRoute(launchSeatsPath);
    const group = await screen.findByRole('group', { name: 'Single cabin: 1,380 TK' }, { timeout: 5000 });
    const bands = [...group.querySelectorAll<HTMLElement>('.launch-class__grid')];
    expect(bands).toHaveLength(2);
    for (const band of bands) expect(band.style.gridTemplateColumns).toBe(Array(6).fill('minmax(2.5rem, 2.75rem)').join(' '));
    expect(within(bands[1] as HTMLElement).getByRole('button', { name: /^Single cabin 207,/ })).toHaveStyle({ gridRow: '1', gridColumn: '1' });
    // One Tab stop for the class; right from the last cabin of the first band is the next on the ship.
    expect(within(group).getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
    cabin(/^Single cabin 206,/).focus();
    await user.keyboard('{ArrowRight}');
    expect(cabin(/^Single cabin 207,/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(cabin(/^Single cabin 219,/)).toHaveFocus();
  });

  it('keeps a class that fits in one grid', async () => {
    screenWidth(306);
    await openPlan();
    const group = screen.getByRole('group', { name: 'Deck: 370 TK' });
    expect(group.querySelectorAll('.launch-class__grid')).toHaveLength(1);
  });
});
