import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, busTrips, fail, sent } from '@/test/fake-api';
import { clearSession } from '@/lib/session-store';
import { renderRoute } from '@/test/render-route';
import { BUS_LOCK, BUS_TRIP, BUS_VIEW, busSeatsPath, lockAnswer, singleDeck } from '@/features/seat-plan/__tests__/fixtures';

const TRIPS = ['get-schedule-trips', 'BUS'] as const;
const JOIN = ['queue/join', 'COMMON'] as const;
const STATUS = ['queue/status', 'COMMON'] as const;
const notice = { phase: 'OPEN', opensAt: '2030-01-01T14:00:00.000Z', closesAt: '2030-01-01T16:00:00.000Z' };

function standing(over: Record<string, unknown> = {}) {
  return {
    queueId: 'q-place',
    phase: 'OPEN',
    opensAt: notice.opensAt,
    closesAt: notice.closesAt,
    position: 42,
    ahead: 12,
    total: 900,
    waitSeconds: 300,
    admission: null,
    lapsed: false,
    seedHash: 'ab'.repeat(32),
    seed: 'cd'.repeat(32),
    pollAfterMs: 20,
    ...over,
  };
}

// An admission kept by one test is this tab's: the next starts without one.
beforeEach(() => clearSession(`queue-admission:${BUS_TRIP}`));

describe('the Eid waiting room in place of the seat plan', { timeout: 20_000 }, () => {
  it('shows the place, the people ahead and the wait, then the seats when the turn comes', async () => {
    answer(...TRIPS, busTrips);
    answer(...BUS_VIEW, { seatPlan: singleDeck(), queue: notice });
    answer(...JOIN, standing());
    answer(...STATUS, standing());
    answer(...BUS_LOCK, lockAnswer(['A2']));
    const { user } = await renderRoute(busSeatsPath);

    const room = await screen.findByTestId('waiting-room', {}, { timeout: 5000 });
    // The place in line and those still ahead, not 'of' a total that those let in already left.
    await screen.findByText('You are number 42 in line');
    expect(room).toHaveTextContent('12 people are still ahead of you');
    expect(room).toHaveTextContent('About 5 minutes until your turn');
    expect(screen.getByRole('progressbar', { name: 'How near your turn is' })).toHaveAttribute('value', '30');
    expect(screen.queryByRole('group', { name: 'Seats' })).not.toBeInTheDocument();
    expect(sent(...JOIN)[0]?.request).toEqual({ tripId: BUS_TRIP });
    // It asks where it stands with the place the join gave, as often as the server says.
    await waitFor(() => expect(sent(...STATUS).length).toBeGreaterThan(1));
    expect(sent(...STATUS)[0]?.request).toEqual({ queueId: 'q-place' });

    answer(...STATUS, standing({ position: 42, ahead: 0, waitSeconds: 0, admission: { token: 'signed-turn', expiresAt: '', secondsLeft: 600 }, pollAfterMs: 0 }));
    expect(await screen.findByTestId('queue-turn', {}, { timeout: 5000 })).toHaveTextContent('It is your turn: hold your seats within 10:00.');
    await screen.findByRole('group', { name: 'Seats' });

    // The seat-lock carries the turn's admission.
    await user.selectOptions(screen.getByLabelText('Boarding point'), 'Arambagh');
    await user.selectOptions(screen.getByLabelText('Dropping point'), 'GEC Circle');
    await user.click(screen.getByRole('button', { name: /^Seat A2,/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent(...BUS_LOCK)).not.toHaveLength(0));
    expect(sent(...BUS_LOCK)[0]?.request).toMatchObject({ tripId: BUS_TRIP, admission: 'signed-turn' });
  });

  it('before the opening, says when sales open and that arriving early gains nothing', async () => {
    answer(...TRIPS, busTrips);
    answer(...BUS_VIEW, { seatPlan: singleDeck(), queue: { ...notice, phase: 'PRE_QUEUE' } });
    answer(...JOIN, standing({ phase: 'PRE_QUEUE', position: null, ahead: null, waitSeconds: null, seed: null, pollAfterMs: 60_000 }));
    await renderRoute(busSeatsPath);
    const room = await screen.findByTestId('waiting-room', {}, { timeout: 5000 });
    // Wire times read 6 hours ahead (DESIGN §3): sales open at 8 in the morning, Dhaka time.
    await screen.findByText('You are in the line.');
    expect(room).toHaveTextContent('Sales open at 08:00 AM.');
    expect(room).toHaveTextContent('drawn at random');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a site full for a moment says so calmly, keeps the place shown and asks again by itself (issue 38)', async () => {
    answer(...TRIPS, busTrips);
    answer(...BUS_VIEW, { seatPlan: singleDeck(), queue: notice });
    // The ceiling turns the join away first: no error, the page joins by itself.
    fail(...JOIN, 'The site is very busy; please try again in a moment', 429, { code: 'request.busy' });
    await renderRoute(busSeatsPath);
    const room = await screen.findByTestId('waiting-room', {}, { timeout: 5000 });
    expect(await within(room).findByText(/the line is full for a moment/)).toBeInTheDocument();
    expect(within(room).queryByRole('alert')).not.toBeInTheDocument();
    answer(...JOIN, standing());
    fail(...STATUS, 'The site is very busy; please try again in a moment', 429, { code: 'request.busy' });
    // Joined on the next try; then a status turned away keeps the place on screen.
    await within(room).findByText('You are number 42 in line', {}, { timeout: 8000 });
    expect(await within(room).findByText(/You keep your place/, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(room).toHaveTextContent('You are number 42 in line');
    expect(within(room).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a trip no window covers shows its seats at once, without joining anything', async () => {
    answer(...TRIPS, busTrips);
    answer(...BUS_VIEW, { seatPlan: singleDeck() });
    await renderRoute(busSeatsPath);
    await screen.findByRole('group', { name: 'Seats' }, { timeout: 5000 });
    expect(screen.queryByTestId('waiting-room')).not.toBeInTheDocument();
    expect(sent(...JOIN)).toHaveLength(0);
  });
});
