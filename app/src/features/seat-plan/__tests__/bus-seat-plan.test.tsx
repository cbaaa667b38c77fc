import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadHold, saveHold } from '@/features/booking/hold';
import { reloadAfterNotFound } from '@/features/seat-plan/api/use-seat-view';
import { writeStored } from '@/lib/storage';
import { answer, busTrips, fail, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { BUS_LOCK, BUS_TRIP, BUS_VIEW, busSeatsPath, lockAnswer, perPair, singleDeck, twoDecks } from './fixtures';

const TRIPS = ['get-schedule-trips', 'BUS'] as const;

async function openPlan(plan = singleDeck()) {
  answer(...TRIPS, busTrips);
  answer(...BUS_VIEW, { seatPlan: plan });
  const rendered = await renderRoute(busSeatsPath);
  await screen.findAllByRole('group', { name: /Seats|deck/ }, { timeout: 5000 });
  return rendered;
}

const seatButton = (name: RegExp | string) => screen.getByRole('button', { name });

async function choosePoints(user: Awaited<ReturnType<typeof openPlan>>['user'], boarding: string, dropping: string) {
  await user.selectOptions(screen.getByLabelText('Boarding point'), boarding);
  await user.selectOptions(screen.getByLabelText('Dropping point'), dropping);
}

describe('bus seat plan: opening it', { timeout: 20_000 }, () => {
  it('opens from the trip card and asks for the seats of the searched segment', async () => {
    answer(...TRIPS, busTrips);
    answer(...BUS_VIEW, { seatPlan: singleDeck() });
    const { user, router } = await renderRoute('/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all');
    const card = (await screen.findAllByTestId('trip', {}, { timeout: 5000 }))[0] as HTMLElement;
    await user.click(await within(card).findByRole('link', { name: /View seats/ }, { timeout: 5000 }));
    // The plan's code (and the booking core) load on first use: allow for it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your seats' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/bus/trip/${BUS_TRIP}`);
    await screen.findByRole('group', { name: 'Seats' });
    expect(sent(...BUS_VIEW)[0]?.request).toMatchObject({ tripId: BUS_TRIP, from: 'dhaka', to: 'chattogram' });
    expect(screen.getByTestId('seat-trip')).toHaveTextContent('Green Line Paribahan');
    expect(screen.getByTestId('seat-trip')).toHaveTextContent('Dhaka to Chittagong');
    expect(screen.getByTestId('seat-trip')).toHaveTextContent('10:30 PM');
  });

  it('offers no seat plan for a sold-out trip', async () => {
    answer(...TRIPS, busTrips);
    await renderRoute('/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01');
    const soudia = (await screen.findAllByTestId('trip', {}, { timeout: 5000 })).find((c) => c.textContent?.includes('Soudia')) as HTMLElement;
    expect(within(soudia).queryByRole('link', { name: /View seats/ })).not.toBeInTheDocument();
  });

  it('resets any promo on open: the booking held for bus is dropped (SPEC §4)', async () => {
    saveHold({ service: 'BUS', trip: busTrips.trips[0]!, seats: ['A1'], boardingPoint: null, droppingPoint: null, from: 'dhaka', to: 'chattogram', expiresAtMs: Date.now() + 60_000, expiresAt: '' });
    await openPlan();
    expect(loadHold('BUS')).toBeNull();
  });

  it('asks for and locks the seats without naming a visitor: the core names the token\'s, the one its holds are for', async () => {
    answer(...BUS_LOCK, lockAnswer(['A2']));
    const { user } = await openPlan();
    await choosePoints(user, 'Arambagh', 'GEC Circle');
    await user.click(seatButton(/^Seat A2,/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent(...BUS_LOCK)).not.toHaveLength(0));
    const views = sent(...BUS_VIEW).map((c) => c.request);
    expect(views.length).toBeGreaterThan(0);
    for (const request of [...views, sent(...BUS_LOCK)[0]?.request]) expect(request).not.toHaveProperty('anonymousId');
  });

  it('back from payment, the seats show as the server says: the tab\'s hand-over frees nothing itself', async () => {
    saveHold({ service: 'BUS', trip: busTrips.trips[0]!, seats: ['B1'], boardingPoint: null, droppingPoint: null, from: 'dhaka', to: 'chattogram', expiresAtMs: Date.now() + 60_000, expiresAt: '' });
    await openPlan();
    expect(seatButton('Seat B1, held by another traveller')).toBeDisabled();
  });

  it('shows the points with their times as the core shows them', async () => {
    await openPlan();
    const boarding = screen.getByLabelText('Boarding point');
    expect(within(boarding).getByRole('option', { name: 'Arambagh (10:30 PM)' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Dropping point')).getByRole('option', { name: 'GEC Circle (04:00 AM)' })).toBeInTheDocument();
  });
});

describe('bus seat plan: decks and the legend', { timeout: 20_000 }, () => {
  it('draws one deck on its grid, each seat a button named with its status and fare', async () => {
    await openPlan();
    const deck = screen.getByRole('group', { name: 'Seats' });
    expect(within(deck).getAllByRole('button')).toHaveLength(9);
    expect(within(deck).getByTestId('deck-fare')).toHaveTextContent('Fare: 1,200 TK');
    const a2 = seatButton('Seat A2, available, 1,200 TK');
    expect(a2).toHaveTextContent(/^A2$/);
    expect(a2).toHaveStyle({ gridRow: '1', gridColumn: '3' });
    expect(a2).toHaveAttribute('aria-pressed', 'false');
    expect(a2).toBeEnabled();
    expect(screen.getByRole('list', { name: 'Seat legend' })).toHaveTextContent(/Available.*Selected.*Booked.*Held by others.*Not for sale.*Ladies/);
  });

  it('shows booked, locked and blocked seats as such, and they cannot be chosen', async () => {
    await openPlan();
    expect(seatButton('Seat A3, booked')).toBeDisabled();
    expect(seatButton('Seat B1, held by another traveller')).toBeDisabled();
    expect(seatButton('Seat B2, not for sale')).toBeDisabled();
  });

  it('marks the ladies seat, which stays selectable', async () => {
    const { user } = await openPlan();
    const a1 = seatButton('Seat A1, ladies seat, available, 1,200 TK');
    expect(a1).toHaveClass('seat--ladies');
    await user.click(a1);
    expect(a1).toHaveAttribute('aria-pressed', 'true');
  });

  it('draws the lower and upper decks of a sleeper, each labelled', async () => {
    await openPlan(twoDecks());
    const lower = screen.getByRole('group', { name: 'Lower deck' });
    const upper = screen.getByRole('group', { name: 'Upper deck' });
    expect(within(lower).getByRole('button', { name: 'Seat L1, available, 1,570 TK' })).toBeEnabled();
    expect(within(lower).getByRole('button', { name: 'Seat L2, booked' })).toBeDisabled();
    expect(within(lower).getByTestId('deck-fare')).toHaveTextContent('Fare: 1,570 TK');
    expect(within(upper).getByTestId('deck-fare')).toHaveTextContent('Fare: 1,390 TK');
    expect(within(upper).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Seat U1, available, 1,390 TK', 'Seat U2, available, 1,390 TK']);
    expect(screen.queryByRole('group', { name: 'Seats' })).not.toBeInTheDocument();
  });
});

describe('bus seat plan: choosing seats', { timeout: 20_000 }, () => {
  it('selects and deselects a seat, totals the fares (the core), and tracks seat_select', async () => {
    const { user } = await openPlan();
    await user.click(seatButton(/^Seat A2,/));
    await user.click(seatButton(/^Seat B3,/));
    expect(seatButton(/^Seat A2,/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('chosen-seats')).toHaveTextContent('A2, B3');
    expect(screen.getByTestId('total')).toHaveTextContent('2,400 TK');
    // A bus adds nothing to its fares (the core's quote).
    expect(screen.getByTestId('seat-summary')).not.toHaveTextContent('charges');
    await user.click(seatButton(/^Seat A2,/));
    expect(seatButton(/^Seat A2,/)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('total')).toHaveTextContent('1,200 TK');
    await waitFor(() => expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'seat_select', seat_no: 'B3', trip_id: BUS_TRIP, fare: 1200 })));
  });

  it('allows at most 4 seats and says so', async () => {
    const { user } = await openPlan();
    for (const s of ['A1', 'A2', 'B3', 'C1']) await user.click(seatButton(new RegExp(`^Seat ${s},`)));
    await user.click(seatButton(/^Seat C2,/));
    expect(seatButton(/^Seat C2,/)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('seat-problem')).toHaveTextContent('You can select at most 4 seats');
    expect(screen.getByTestId('chosen-seats')).toHaveTextContent('A1, A2, B3, C1');
  });

  it('works by keyboard alone: the deck is one Tab stop, Enter and Space select, Tab goes on to Continue', async () => {
    const { user } = await openPlan();
    const deck = screen.getByRole('group', { name: 'Seats' });
    // One seat of the deck is in the Tab order (the first for sale); the arrows reach the rest.
    const stops = () => within(deck).getAllByRole('button').filter((seat) => seat.tabIndex === 0);
    expect(stops()).toEqual([seatButton(/^Seat A1,/)]);
    expect(deck).toHaveAccessibleDescription('Arrow keys move between seats.');
    screen.getByLabelText('Dropping point').focus();
    await user.tab();
    expect(seatButton(/^Seat A1,/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(seatButton(/^Seat A1,/)).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowRight} ');
    expect(seatButton(/^Seat A2,/)).toHaveAttribute('aria-pressed', 'true');
    // The next step is one Tab away, not every seat left on the coach.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    // Back into the deck where the traveller left it.
    await user.tab({ shift: true });
    expect(seatButton(/^Seat A2,/)).toHaveFocus();
    expect(stops()).toEqual([seatButton(/^Seat A2,/)]);
  });

  it('arrow keys move to the next seat for sale in their direction, skipping the rest', async () => {
    // The deck: A1 A2 A3(booked) / B1(held) B2(not for sale) B3 / C1 C2 C3, an aisle after column 0.
    const { user } = await openPlan();
    seatButton(/^Seat A1,/).focus();
    await user.keyboard('{ArrowRight}');
    expect(seatButton(/^Seat A2,/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(seatButton(/^Seat A2,/)).toHaveFocus(); // A3 is booked: the edge
    await user.keyboard('{ArrowDown}');
    expect(seatButton(/^Seat C2,/)).toHaveFocus(); // down the same column, past B2
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(seatButton(/^Seat B3,/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(seatButton(/^Seat B3,/)).toHaveFocus(); // B2 and B1 are not for sale
    await user.keyboard('{ArrowUp}');
    expect(seatButton(/^Seat A2,/)).toHaveFocus(); // A3 is booked: the nearest of the row above
    await user.keyboard('{ArrowLeft} ');
    expect(seatButton(/^Seat A1,/)).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('bus seat plan: fares per boarding/dropping pair', { timeout: 20_000 }, () => {
  it('asks for the points first, then shows each seat\'s fare and status for the pair (the core\'s seatOffer)', async () => {
    const { user } = await openPlan(perPair());
    expect(screen.getByText(/Fares differ by boarding and dropping point/)).toBeInTheDocument();
    await user.click(seatButton(/^Seat A1,/));
    expect(screen.getByTestId('seat-problem')).toHaveTextContent('Choose boarding and dropping points first');
    expect(seatButton(/^Seat A1,/)).toHaveAttribute('aria-pressed', 'false');

    await choosePoints(user, 'Arambagh', 'Cumilla Cantonment');
    expect(seatButton('Seat A1, available, 480 TK')).toBeEnabled();
    expect(seatButton('Seat A2, available, 480 TK')).toBeEnabled();
    expect(screen.getByTestId('deck-fare')).toHaveTextContent('Fare: 480 TK');
    await user.click(seatButton(/^Seat A2,/));
    expect(screen.getByTestId('total')).toHaveTextContent('480 TK');

    // Another pair: the choice starts over, and A2 is booked as far as GEC Circle.
    await user.selectOptions(screen.getByLabelText('Dropping point'), 'GEC Circle');
    expect(seatButton('Seat A1, available, 1,210 TK')).toBeEnabled();
    expect(seatButton('Seat A2, booked')).toBeDisabled();
    expect(screen.getByTestId('seat-summary')).toHaveTextContent('No seat chosen yet');
  });

  it('asks the server again for the chosen points', async () => {
    const { user } = await openPlan(perPair());
    await choosePoints(user, 'Sayedabad Bus Terminal', 'GEC Circle');
    await waitFor(() =>
      expect(sent(...BUS_VIEW).at(-1)?.request).toMatchObject({ boardingPoint: 'Sayedabad Bus Terminal', droppingPoint: 'GEC Circle', from: 'dhaka', to: 'chattogram' }),
    );
    // The narrower answer does not shrink the choice of points.
    expect(within(screen.getByLabelText('Boarding point')).getAllByRole('option')).toHaveLength(3);
  });
});

describe('bus seat plan: holding the seats', { timeout: 20_000 }, () => {
  it('needs both points before holding', async () => {
    const { user } = await openPlan();
    await user.click(seatButton(/^Seat A2,/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('seat-problem')).toHaveTextContent('Choose boarding and dropping points first');
    expect(screen.getByLabelText('Boarding point')).toHaveFocus();
    expect(sent(...BUS_LOCK)).toHaveLength(0);
  });

  it('locks the seats for the points, hands the hold over and goes to /bus/payment', async () => {
    answer(...BUS_LOCK, lockAnswer(['A2', 'B3']));
    const { user, router } = await openPlan();
    await choosePoints(user, 'Arambagh', 'GEC Circle');
    await user.click(seatButton(/^Seat A2,/));
    await user.click(seatButton(/^Seat B3,/));
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bus/payment'));
    expect(sent(...BUS_LOCK)[0]?.request).toMatchObject({
      tripId: BUS_TRIP,
      seats: ['A2', 'B3'],
      from: 'dhaka',
      to: 'chattogram',
      boardingPoint: 'Arambagh',
      droppingPoint: 'GEC Circle',
    });
    const hold = loadHold('BUS');
    expect(hold).toMatchObject({ service: 'BUS', seats: ['A2', 'B3'], boardingPoint: 'Arambagh', droppingPoint: 'GEC Circle', from: 'dhaka', to: 'chattogram' });
    expect(hold?.trip._id).toBe(BUS_TRIP);
    expect(hold?.journey).toBe('Dhaka to Chittagong'); // the journey as shown, for the payment pages
    expect(hold!.expiresAtMs).toBeGreaterThanOrEqual(before + 600_000);
  });

  it('a seat taken meanwhile (409) turns booked in place, with the server\'s message', async () => {
    // The message still names the seat; the body's `seats` is what the page reads.
    fail(...BUS_LOCK, 'Seat B3 was just taken by another traveller, please choose another', 409, { seats: ['B3'] });
    const { user, router } = await openPlan();
    await choosePoints(user, 'Arambagh', 'GEC Circle');
    await user.click(seatButton(/^Seat A2,/));
    await user.click(seatButton(/^Seat B3,/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Seat B3, booked' })).toBeDisabled();
    expect(screen.getAllByText('Seat B3 was just taken by another traveller, please choose another').length).toBeGreaterThan(0);
    expect(screen.getByTestId('chosen-seats')).toHaveTextContent('A2');
    expect(screen.getByTestId('chosen-seats')).not.toHaveTextContent('B3');
    expect(router.state.location.pathname).toBe(`/bus/trip/${BUS_TRIP}`);
    expect(loadHold('BUS')).toBeNull();
  });

  it('a seat taken meanwhile on one pair is booked for that pair only (fare list)', async () => {
    fail(...BUS_LOCK, 'Seat A1 was just taken by another traveller, please choose another', 409, { seats: ['A1'] });
    const { user } = await openPlan(perPair());
    await choosePoints(user, 'Arambagh', 'Cumilla Cantonment');
    await user.click(seatButton(/^Seat A1,/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Seat A1, booked' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Boarding point'), 'Sayedabad Bus Terminal');
    expect(seatButton('Seat A1, available, 480 TK')).toBeEnabled();
  });

  it('a 409 naming the seats only in its message (no `seats`) clears the choice and asks for the plan again', async () => {
    fail(...BUS_LOCK, 'Seat B3 was just taken by another traveller, please choose another', 409);
    const { user } = await openPlan();
    await choosePoints(user, 'Arambagh', 'GEC Circle');
    await user.click(seatButton(/^Seat A2,/));
    await user.click(seatButton(/^Seat B3,/));
    const views = sent(...BUS_VIEW).length;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent(...BUS_VIEW).length).toBeGreaterThan(views));
    expect(sent(...BUS_VIEW).at(-1)?.request).toMatchObject({ boardingPoint: 'Arambagh', droppingPoint: 'GEC Circle' });
    expect(await screen.findByRole('button', { name: /^Seat B3, available/ })).toHaveAttribute('aria-pressed', 'false');
    expect(seatButton(/^Seat A2,/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('another failure keeps the choice and shows the message', async () => {
    fail(...BUS_LOCK, 'Something went wrong!', 500);
    const { user } = await openPlan();
    await choosePoints(user, 'Arambagh', 'GEC Circle');
    await user.click(seatButton(/^Seat A2,/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.getByTestId('chosen-seats')).toHaveTextContent('A2');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('bus seat plan: a trip that is gone (404, SPEC §8)', { timeout: 20_000 }, () => {
  it('shows the message; within a minute of the last reload it does not reload again', async () => {
    writeStored('seat_view_reload_at', String(Date.now()));
    answer(...TRIPS, busTrips);
    fail(...BUS_VIEW, 'Trip not found', 404);
    await renderRoute(busSeatsPath);
    const problem = (await screen.findByRole('heading', { name: 'Seats could not be loaded' })).parentElement;
    expect(problem).toHaveTextContent('Trip not found');
  });

  it('reloads the page at most once a minute (the core\'s mayReload)', () => {
    let reloads = 0;
    expect(reloadAfterNotFound(() => reloads++)).toBe(true);
    expect(reloadAfterNotFound(() => reloads++)).toBe(false);
    expect(reloads).toBe(1);
  });

  it('says so when the trip is no longer in the results', async () => {
    answer(...TRIPS, busTrips);
    await renderRoute('/bus/trip/no-such-trip?from=dhaka&to=chattogram&journeyDate=2030-01-01');
    expect(await screen.findByTestId('trip-gone')).toHaveTextContent('This trip is no longer on sale');
  });
});
