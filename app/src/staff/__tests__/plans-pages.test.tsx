/** When plans change (issue 37), the manager's side: a trip cancelled with its reason and its
 * job followed to the end; a policy edited with what travellers will read, checked by the core. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PointMoved, Policies, StaffTrips, TripCancellation, TripPoints } from 'core-wasm/staff';
import { PoliciesPage } from '@/staff/pages/policies';
import { TripsPage } from '@/staff/pages/trips';

const trips: StaffTrips = { trips: [{ id: 'trip-1', routeId: 'dhaka-chattogram', scheduleId: undefined, departs: '2026-12-01 07:30', seats: 40, sold: 3, cancelled: false }] };
const policies: Policies = {
  operators: [{ operatorId: 'op-hanif', own: false, policy: { slabs: [{ hours: 6, fee: { kind: 'percent', percent: 10, minimum: 0 } }], periods: [] } }],
};
const progress = (done: boolean): TripCancellation => ({
  tripId: 'trip-1',
  reason: 'Road closed by flood',
  startedAt: 1,
  finishedAt: done ? 2 : undefined,
  ticketsCancelled: done ? 3 : 1,
  refundedOnline: done ? 2 : 1,
  refundsAtCounter: done ? 1 : 0,
  refundsDone: done ? 2 : 0,
  remaining: done ? 0 : 2,
  messagesSent: done ? 3 : 0,
  messagesWaiting: done ? 0 : 1,
});

const points: TripPoints = {
  tripId: 'trip-1',
  points: [
    { pointId: 'gabtoli', name: 'Gabtoli', cityId: 'dhaka', movedTo: undefined, choices: [{ id: 'aminbazar', name: 'Aminbazar bridge' }, { id: 'gabtoli', name: 'Gabtoli' }] },
    {
      pointId: 'dampara',
      name: 'Dampara',
      cityId: 'chattogram',
      movedTo: { id: 'garib', name: 'Garib-e-Newaz' },
      choices: [{ id: 'dampara', name: 'Dampara' }, { id: 'garib', name: 'Garib-e-Newaz' }],
    },
  ],
};
const moved: PointMoved = { tripId: 'trip-1', pointId: 'gabtoli', toPointId: 'aminbazar', name: 'Aminbazar bridge', ticketsTold: 3 };

const STAFF = '/v1/api/staff/';
let polls = 0;
const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const name = String(input).slice(STAFF.length);
  const method = init?.method ?? 'GET';
  if (method === 'GET' && name === 'trips') return Response.json({ data: trips });
  if (method === 'GET' && name === 'policies') return Response.json({ data: policies });
  if (method === 'POST' && name === 'trips/cancel') return Response.json({ data: progress(false) });
  if (method === 'GET' && name === 'trips/cancel/trip-1') return Response.json({ data: progress(++polls > 1) });
  if (method === 'GET' && name === 'trips/points/trip-1') return Response.json({ data: points });
  if (method === 'POST' && name === 'trips/points') return Response.json({ data: moved });
  if (method === 'POST' && name === 'trips/change') return Response.json({ data: { tripId: 'trip-1', departs: '2026-12-01 09:15', ticketsTold: 3 } });
  if (method === 'POST' && name === 'policies') return Response.json({ data: { ...(JSON.parse(String(init?.body)) as object), own: true } });
  return new Response('not found', { status: 404 });
});
const posted = (name: string) => server.mock.calls.filter(([input, init]) => String(input) === `${STAFF}${name}` && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => {
  polls = 0;
  server.mockClear();
  vi.stubGlobal('fetch', server);
});

describe('cancelling a trip', () => {
  it('asks for the reason every traveller is told, then follows the job until every ticket is refunded', async () => {
    render(<TripsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel trip…' }));
    const form = within(screen.getByRole('region', { name: /Cancel the trip of 2026-12-01 07:30/ }));
    expect(form.getByText(/Every one of its 3 sold seats is refunded in full/)).toBeInTheDocument();
    const go = form.getByRole('button', { name: 'Cancel the trip and refund everyone' });
    expect(go).toBeDisabled();
    await userEvent.type(form.getByLabelText('Why (every traveller is told)'), 'Road closed by flood');
    await userEvent.click(go);
    expect(posted('trips/cancel')).toEqual([{ tripId: 'trip-1', reason: 'Road closed by flood' }]);
    const status = await form.findByTestId('trip-cancel-progress');
    expect(status).toHaveTextContent('Reason: Road closed by flood');
    expect(await form.findByText('Done: every ticket is cancelled and refunded.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(status).toHaveTextContent('Tickets cancelled: 3; still to do: 0. Online refunds done: 2 of 2. Cash to collect at a counter: 1.');
  });
});

describe("moving a trip's departure", () => {
  it('sends the new Dhaka time and says how many travellers are being told', async () => {
    render(<TripsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move…' }));
    const form = within(screen.getByRole('region', { name: /Move the trip of 2026-12-01 07:30/ }));
    const when = form.getByLabelText('New departure (Dhaka time)');
    expect(when).toHaveValue('2026-12-01T07:30');
    await userEvent.clear(when);
    await userEvent.type(when, '2026-12-01T09:15');
    await userEvent.click(form.getByRole('button', { name: 'Move the trip and tell its travellers' }));
    expect(posted('trips/change')).toEqual([{ tripId: 'trip-1', departs: '2026-12-01 09:15' }]);
    expect(await form.findByRole('status')).toHaveTextContent('The trip now leaves at 2026-12-01 09:15. Travellers being told: 3.');
    expect(form.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});

describe("moving a trip's point", () => {
  it("offers the route's points with where each is now, and the places of the point's city", async () => {
    render(<TripsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move a point…' }));
    const form = within(screen.getByRole('region', { name: /Move a boarding or dropping point of the trip of 2026-12-01 07:30/ }));
    const point = await form.findByLabelText('Point of the route');
    const to = form.getByLabelText('Travellers use instead');
    expect(within(point).getAllByRole('option').map((o) => o.textContent)).toEqual(['Gabtoli', 'Dampara (now: Garib-e-Newaz)']);
    expect((to as HTMLSelectElement).value).toBe('gabtoli');
    await userEvent.selectOptions(point, 'dampara');
    // A moved point starts where it is now; its choices are its city's.
    expect((to as HTMLSelectElement).value).toBe('garib');
    await userEvent.selectOptions(point, 'gabtoli');
    await userEvent.selectOptions(to, 'aminbazar');
    await userEvent.click(form.getByRole('button', { name: 'Move the point and tell its travellers' }));
    expect(posted('trips/points')).toEqual([{ tripId: 'trip-1', pointId: 'gabtoli', toPointId: 'aminbazar' }]);
    expect(await form.findByRole('status')).toHaveTextContent('This trip now uses Aminbazar bridge. Travellers being told: 3.');
  });
});

describe("an operator's policy", () => {
  it('shows what travellers will read in both languages and saves the rows as typed', async () => {
    render(<PoliciesPage />);
    const words = await screen.findByTestId('policy-words');
    expect(words).toHaveTextContent('6 hours or more before departure: 10% kept');
    expect(words).toHaveTextContent('ছাড়ার ৬ ঘণ্টা বা তার বেশি আগে: ১০% কাটা হবে');
    await userEvent.click(screen.getByRole('button', { name: 'Add a row' }));
    const hours = screen.getAllByLabelText('At least (hours before departure)');
    await userEvent.clear(hours[1]!);
    await userEvent.type(hours[1]!, '24');
    const percents = screen.getAllByLabelText('Percent kept');
    await userEvent.clear(percents[1]!);
    await userEvent.type(percents[1]!, '5');
    expect(screen.getByTestId('policy-words')).toHaveTextContent('24 hours or more before departure: 5% kept');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(posted('policies')).toEqual([
      {
        operatorId: 'op-hanif',
        policy: {
          slabs: [
            { hours: 6, fee: { kind: 'percent', percent: 10, minimum: 0 } },
            { hours: 24, fee: { kind: 'percent', percent: 5, minimum: 0 } },
          ],
          periods: [],
        },
      },
    ]);
  });

  it("says what the core finds wrong and saves nothing until it is right", async () => {
    render(<PoliciesPage />);
    const percent = await screen.findByLabelText('Percent kept');
    await userEvent.clear(percent);
    await userEvent.type(percent, '130');
    expect(screen.getByRole('alert')).toHaveTextContent('slabs[0].fee.percent: 0 to 100');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(posted('policies')).toEqual([]);
  });
});
