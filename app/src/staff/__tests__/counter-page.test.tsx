/** The counter page: a sale as the seller makes it, the drawer's sums from the core, and nothing
 * sold offline. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CounterSeatMap, CounterTicket, CounterTrips, CurrentShift } from 'core-wasm/staff';
import { CounterPage } from '@/staff/pages/counter';

const trip = { id: 'trip-1', service: 'BUS', operatorId: 'op-hanif', operatorName: 'Hanif Enterprise', routeName: 'Dhaka - Chattogram', departs: '2026-11-30 08:00', vehicle: 'HN-101', seats: 4, free: 2, onlineFree: 1, onlineQuota: 1 } as const;

const trips: CounterTrips = { trips: [trip] };

const seat = (seatNo: string, col: number, state: CounterSeatMap['seats'][number]['state']) => ({ seatNo, deck: 'main', deckName: 'main', row: 0, col, className: 'Economy', fare: 550, isLadies: false, state });

const map: CounterSeatMap = {
  trip,
  seats: [seat('A1', 0, 'free'), seat('A2', 1, 'counter'), seat('A3', 3, 'sold'), seat('A4', 4, 'held')],
  boardingPoints: [
    { _id: 'p-arambagh', name: 'Arambagh' },
    { _id: 'p-cumilla', name: 'Cumilla' },
  ],
  droppingPoints: [
    { _id: 'p-cumilla', name: 'Cumilla' },
    { _id: 'p-gec', name: 'GEC Circle' },
  ],
};

const shift: CurrentShift = {
  sales: [{ pnr: 'LOST2345', status: 'confirmed', tripId: 'trip-1', departs: '2026-11-30 08:00', seats: ['B1'], fare: 550, method: 'cash', soldAt: 0 }],
  shift: {
    id: 'shift-1',
    operatorId: 'op-hanif',
    counterId: 'op-hanif:gabtoli',
    counterName: 'Gabtoli counter',
    seller: '••••••••003',
    openedAt: 0,
    closedAt: undefined,
    cash: { float: 1000, cashSales: 1100, cashRefunds: 0 },
    bkashSales: 0,
    tickets: 2,
    cancelled: 0,
    closing: undefined,
    reason: undefined,
  },
};

const sold: CounterTicket = {
  pnr: 'R4NG4Y6B',
  status: 'confirmed',
  tripId: 'trip-1',
  service: 'BUS',
  operatorName: 'Hanif Enterprise',
  routeName: 'Dhaka - Chattogram',
  from: 'Dhaka',
  to: 'Chattogram',
  departs: '2026-11-30 08:00',
  vehicle: 'HN-101',
  seats: ['A1', 'A2'],
  boardingPoint: 'Arambagh',
  boardingPointBn: 'আরামবাগ',
  passengerName: undefined,
  fare: 1100,
  method: 'cash',
  reference: undefined,
  counterName: 'Gabtoli counter',
  seller: '••••••••003',
  soldAt: 0,
  refund: undefined,
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (method === 'GET' && url === '/v1/api/staff/shifts/current') return Response.json({ data: shift });
  if (method === 'GET' && url === '/v1/api/staff/counter/trips') return Response.json({ data: trips });
  if (method === 'GET' && url.startsWith('/v1/api/staff/counter/trips/trip-1')) return Response.json({ data: map });
  if (method === 'POST' && url === '/v1/api/staff/counter/reprint') return Response.json({ data: { ...sold, pnr: 'LOST2345', seats: ['B1'] } });
  if (method === 'POST' && url === '/v1/api/staff/counter/sell') return Response.json({ data: sold });
  return new Response('not found', { status: 404 });
});

const sells = () => server.mock.calls.filter(([input]) => String(input).endsWith('/counter/sell'));

let online = true;

beforeEach(() => {
  online = true;
  server.mockClear();
  vi.stubGlobal('fetch', server);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the counter page', () => {
  it('sells the chosen seats for cash and shows the receipt; sold and held seats cannot be chosen', async () => {
    render(<CounterPage />);
    const sell = within(await screen.findByRole('form', { name: 'Sell' }));
    await userEvent.click(await sell.findByRole('button', { name: 'A1, Free, 550 Tk' }));
    await userEvent.click(sell.getByRole('button', { name: 'A2, Held for counters, 550 Tk' }));
    expect(sell.getByRole('button', { name: 'A3, Sold, 550 Tk' })).toBeDisabled();
    expect(sell.getByRole('button', { name: 'A4, Being bought online, 550 Tk' })).toBeDisabled();
    expect(sell.getByText('Seats A1, A2: 1,100 Tk')).toBeVisible();
    await userEvent.click(sell.getByRole('button', { name: 'Sell and print' }));
    expect(await screen.findByText('PNR R4NG4Y6B')).toBeVisible();
    expect(sells()).toHaveLength(1);
    expect(JSON.parse(String(sells()[0]![1]?.body))).toEqual({
      tripId: 'trip-1',
      seats: ['A1', 'A2'],
      boardingPoint: null,
      droppingPoint: null,
      passenger: null,
      payment: { method: 'cash' },
    });
    expect(screen.getByRole('button', { name: 'Print 58 mm' })).toBeVisible();
  });

  it('sells a part of the route: the points chosen go with the sale and the seat map', async () => {
    render(<CounterPage />);
    const sell = within(await screen.findByRole('form', { name: 'Sell' }));
    await userEvent.selectOptions(await sell.findByLabelText('Gets on at'), 'Cumilla');
    await userEvent.selectOptions(sell.getByLabelText('Gets off at'), 'GEC Circle');
    await waitFor(() => expect(server.mock.calls.some(([u]) => String(u).includes('boardingPoint=p-cumilla&droppingPoint=p-gec'))).toBe(true));
    await userEvent.click(sell.getByRole('button', { name: 'A1, Free, 550 Tk' }));
    await userEvent.click(sell.getByRole('button', { name: 'Sell and print' }));
    await screen.findByText('PNR R4NG4Y6B');
    expect(JSON.parse(String(sells()[0]![1]?.body))).toMatchObject({ boardingPoint: 'p-cumilla', droppingPoint: 'p-gec', seats: ['A1'] });
  });

  it("lists the shift's sales, so a sale whose answer was lost can be printed again", async () => {
    render(<CounterPage />);
    const sales = within(await screen.findByRole('table', { name: "This shift's sales, newest first" }));
    expect(sales.getByRole('rowheader', { name: 'LOST2345' })).toBeVisible();
    await userEvent.click(sales.getByRole('button', { name: 'Print again LOST2345' }));
    expect(await screen.findByText('PNR LOST2345')).toBeVisible();
  });

  it('asks for the bKash transaction id when paid by bKash', async () => {
    render(<CounterPage />);
    const sell = within(await screen.findByRole('form', { name: 'Sell' }));
    await userEvent.click(sell.getByLabelText('bKash'));
    expect(sell.getByLabelText('bKash transaction id')).toBeRequired();
  });

  it('shows what the drawer should hold by the core, and asks why when the count differs', async () => {
    render(<CounterPage />);
    const close = within(await screen.findByRole('form', { name: 'Close your shift' }));
    expect(close.queryByLabelText('Why the cash differs')).toBeNull();
    await userEvent.type(close.getByLabelText('1000 Tk notes'), '2');
    await userEvent.type(close.getByLabelText('100 Tk notes'), '1');
    expect(close.getByText('The drawer should hold 2,100 Tk; counted 2,100 Tk; difference 0 Tk.')).toBeVisible();
    expect(close.queryByLabelText('Why the cash differs')).toBeNull();
    await userEvent.clear(close.getByLabelText('100 Tk notes'));
    expect(close.getByText('The drawer should hold 2,100 Tk; counted 2,000 Tk; difference -100 Tk.')).toBeVisible();
    expect(close.getByLabelText('Why the cash differs')).toBeRequired();
  });

  it('says it is offline and sells nothing', async () => {
    online = false;
    render(<CounterPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline');
    const sell = within(await screen.findByRole('form', { name: 'Sell' }));
    await userEvent.click(await sell.findByRole('button', { name: 'A1, Free, 550 Tk' }));
    expect(sell.getByRole('button', { name: 'Sell and print' })).toBeDisabled();
    await waitFor(() => expect(sells()).toHaveLength(0));
  });
});
