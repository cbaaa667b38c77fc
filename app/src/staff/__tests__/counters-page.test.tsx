/** The manager's counters page: shifts with their cash, seats held back, quotas, refusals. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Counters, Schedules, SeatBlock, SeatBlocks, Shifts, StaffTrips } from 'core-wasm/staff';
import type { Me } from '@/staff/api';
import { CountersPage } from '@/staff/pages/counters';

const me: Me = { userId: 'u-1', phone: '01711000000', grants: [{ role: 'manager', operatorId: 'op-hanif' }] };

const counters: Counters = { counters: [{ id: 'op-hanif:gabtoli', code: 'gabtoli', operatorId: 'op-hanif', name: 'Gabtoli', nameBn: 'গাবতলী', revision: 1 }] };
const trips: StaffTrips = { trips: [{ id: 'trip-1', routeId: 'dhaka-chattogram', scheduleId: 'op-hanif:morning', departs: '2026-12-01 07:30', seats: 40, sold: 3 }] };
const schedules: Schedules = {
  schedules: [{ id: 'op-hanif:morning', code: 'morning', routeId: 'dhaka-chattogram', departure: '07:30', days: 'daily', fromDate: '2026-11-01', toDate: '2027-01-31', class: 'Economy', layoutId: 'l-1' }],
};
const blocks: SeatBlocks = {
  blocks: [{ id: 'block-1', tripId: 'trip-1', seats: ['B1', 'B2'], channel: 'vip', releaseMinutesBefore: undefined, trips: 1 }],
  quotas: [{ tripId: 'trip-1', quota: 30 }],
};
// 2026-11-28 08:00 to 20:00 in Dhaka (UTC+6).
const OPENED = Date.UTC(2026, 10, 28, 2, 0);
const shifts: Shifts = {
  shifts: [
    {
      id: 'shift-2',
      operatorId: 'op-hanif',
      counterId: 'op-hanif:gabtoli',
      counterName: 'Gabtoli',
      seller: '01711000001',
      openedAt: OPENED + 13 * 3600_000,
      closedAt: undefined,
      cash: { float: 500, cashSales: 0, cashRefunds: 0 },
      bkashSales: 0,
      tickets: 0,
      cancelled: 0,
      closing: undefined,
      reason: undefined,
    },
    {
      id: 'shift-1',
      operatorId: 'op-hanif',
      counterId: 'op-hanif:gabtoli',
      counterName: 'Gabtoli',
      seller: '01711000002',
      openedAt: OPENED,
      closedAt: OPENED + 12 * 3600_000,
      cash: { float: 1000, cashSales: 14000, cashRefunds: 700 },
      bkashSales: 2800,
      tickets: 12,
      cancelled: 1,
      closing: { expected: 14300, counted: 14250, difference: -50 },
      reason: 'Change given twice',
    },
  ],
};

const STAFF = '/v1/api/staff/';
let answerBlock: () => Response = () => Response.json({ data: { id: 'block-2', tripId: 'trip-1', seats: ['A1', 'A2'], channel: 'counter', releaseMinutesBefore: 120, skipped: [], trips: 1 } satisfies SeatBlock });

/** The staff API as the page sees it: every request kept, the page's calls answered. */
const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const answers: Record<string, unknown> = { counters, trips, schedules, blocks, shifts };
  const name = url.startsWith(STAFF) ? url.slice(STAFF.length) : url;
  if (method === 'GET' && name in answers) return Response.json({ data: answers[name] });
  if (method === 'POST' && name === 'blocks') return answerBlock();
  if (method === 'POST' && name === 'blocks/remove') return Response.json({ data: blocks.blocks[0] });
  if (method === 'POST' && name === 'counters') return Response.json({ data: { ...(JSON.parse(String(init?.body)) as object), id: 'op-hanif:sayedabad', operatorId: 'op-hanif', revision: 1 } });
  if (method === 'POST' && name === 'quotas') return Response.json({ data: { tripId: 'trip-1', quota: null, trips: 1 } });
  return new Response('not found', { status: 404 });
});

const posted = (name: string) => server.mock.calls.filter(([input, init]) => String(input) === `${STAFF}${name}` && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => {
  server.mockClear();
  vi.stubGlobal('fetch', server);
  answerBlock = () => Response.json({ data: { id: 'block-2', tripId: 'trip-1', seats: ['A1', 'A2'], channel: 'counter', releaseMinutesBefore: 120, skipped: [], trips: 1 } satisfies SeatBlock });
});

/** The hold-back form, filled for the coming trip: seats A1 and A2 for counters, online 2 hours before. */
async function holdBack() {
  render(<CountersPage me={me} />);
  const form = within(screen.getByRole('form', { name: 'Hold seats back' }));
  await form.findByRole('option', { name: '2026-12-01 07:30 · dhaka-chattogram' });
  await userEvent.selectOptions(form.getByLabelText('Trip or schedule'), 'trip:trip-1');
  await userEvent.type(form.getByLabelText('Seats'), 'A1, A2');
  await userEvent.type(form.getByLabelText('Release to online (minutes before departure)'), '120');
  await userEvent.click(form.getByRole('button', { name: 'Hold seats back' }));
  return form;
}

describe('the counters page', () => {
  it("shows a closed shift's cash, its difference and the seller's reason, in Dhaka time", async () => {
    render(<CountersPage me={me} />);
    const table = within(screen.getByRole('region', { name: 'Shifts' })).getByRole('table', { name: /Shifts/ });
    const row = within((await within(table).findByRole('cell', { name: 'Change given twice' })).closest('tr')!);
    expect(row.getByRole('cell', { name: '-50 Tk' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '14,300 Tk' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '14,250 Tk' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '2026-11-28 08:00' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '2026-11-28 20:00' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Still open' })).toBeInTheDocument();
  });

  it('holds seats back: the trip, the seats as a list, the channel and the release time', async () => {
    const form = await holdBack();
    expect(await form.findByText('Seats A1, A2 held back. Trips: 1.')).toBeInTheDocument();
    expect(posted('blocks')).toEqual([{ tripId: 'trip-1', seats: ['A1', 'A2'], channel: 'counter', releaseMinutesBefore: 120 }]);
  });

  it('names the seats it could not hold back', async () => {
    answerBlock = () => Response.json({ data: { id: 'block-2', tripId: 'trip-1', seats: ['A1', 'A2'], channel: 'counter', skipped: ['A2'], trips: 1 } satisfies SeatBlock });
    const form = await holdBack();
    expect(await form.findByRole('alert')).toHaveTextContent('Not held back, already sold or being bought: A2');
  });

  it("shows the server's refusal", async () => {
    answerBlock = () =>
      Response.json(
        {
          statusCode: 404,
          message: 'Trip not found',
          error: 'Not Found',
          code: 'staff.notFound',
          details: [{ code: 'staff.notFound', text: 'Trip not found', textBn: 'Trip পাওয়া যায়নি', params: [{ name: 'what', value: 'Trip' }] }],
        },
        { status: 404 },
      );
    const form = await holdBack();
    expect(await form.findByRole('alert')).toHaveTextContent('Trip not found');
    expect(form.queryByRole('status')).toBeNull();
  });

  it('releases a block, and lifts a quota with null', async () => {
    render(<CountersPage me={me} />);
    const region = within(screen.getByRole('region', { name: 'Seats held back and online quotas' }));
    // Every list in first: a table draws its cells afresh as each one arrives.
    const quota = within(region.getByRole('form', { name: 'Online quota' }));
    await quota.findByRole('option', { name: 'morning · 07:30 · daily' });
    expect(await region.findAllByRole('cell', { name: '2026-12-01 07:30 · dhaka-chattogram' })).toHaveLength(2);
    await userEvent.click(region.getByRole('button', { name: 'Release B1, B2' }));
    await waitFor(() => expect(posted('blocks/remove')).toEqual([{ id: 'block-1' }]));
    await userEvent.selectOptions(quota.getByLabelText('Trip or schedule'), 'schedule:op-hanif:morning');
    await userEvent.click(quota.getByRole('button', { name: 'Lift the quota' }));
    await waitFor(() => expect(posted('quotas')).toEqual([{ scheduleId: 'op-hanif:morning', quota: null }]));
  });

  it("adds a manager's counter without naming the operator", async () => {
    render(<CountersPage me={me} />);
    const form = within(screen.getByRole('form', { name: 'Add a counter' }));
    expect(form.queryByLabelText('Operator')).toBeNull();
    await userEvent.type(form.getByLabelText('Code'), 'sayedabad');
    await userEvent.type(form.getByLabelText('Name'), 'Sayedabad');
    await userEvent.click(form.getByRole('button', { name: 'Add a counter' }));
    await waitFor(() => expect(posted('counters')).toEqual([{ code: 'sayedabad', name: 'Sayedabad' }]));
  });
});
