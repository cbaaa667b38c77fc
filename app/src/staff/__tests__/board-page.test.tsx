/** The boarding page: an enrolled phone judges a real signed code from its trip pack (the core,
 * through wasm) with or without the network, queues the scan and uploads it with its device key;
 * a revoked phone keeps nothing; a phone not enrolled asks the server. */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CounterTrips, PublicKey, ScanAnswer, TripPack } from 'core-wasm/staff';
import type { Me } from '@/staff/api';
import { BoardPage } from '@/staff/pages/board';

/** IndexedDB as idb-keyval sees it: a map per store. */
const idb = vi.hoisted(() => ({ stores: new Map<string, Map<string, unknown>>() }));
vi.mock('idb-keyval', () => {
  const rows = (store: unknown) => {
    const name = String(store);
    if (!idb.stores.has(name)) idb.stores.set(name, new Map());
    return idb.stores.get(name)!;
  };
  return {
    createStore: (db: string) => db,
    get: (key: string, store: unknown) => Promise.resolve(rows(store).get(key)),
    set: (key: string, value: unknown, store: unknown) => Promise.resolve(void rows(store).set(key, value)),
    del: (key: string, store: unknown) => Promise.resolve(void rows(store).delete(key)),
    values: (store: unknown) => Promise.resolve([...rows(store).values()]),
    clear: (store: unknown) => Promise.resolve(rows(store).clear()),
  };
});

/** The first verifying vector (tests/vectors/boarding.verify.json): a code, its keys, its trip and a moment it boards. */
const vectors = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tests/vectors/boarding.verify.json');
const [code, keys, , tripId, now] = (JSON.parse(readFileSync(vectors, 'utf8')) as { cases: { args: [string, PublicKey[], string[], string, number] }[] }).cases[0]!.args;

/** Its seats are positions 0, 5, 17 and 4095 of the trip's seat order. */
const seatOrder = Array.from({ length: 4096 }, (_, i) => `S${String(i).padStart(4, '0')}`);

const pack: TripPack = {
  trip: { id: tripId, service: 'BUS', operatorName: 'Hanif', routeName: 'Dhaka - Chattogram', departs: '2026-11-30 08:00', vehicle: 'HN-101', capacity: 40, boardingClosedAt: undefined, cutoffMinutes: 15 },
  keys,
  revoked: ['CANCELLD'],
  seatOrder,
  tickets: [{ pnr: 'R4NG4Y6B', seats: ['S0000', 'S0005', 'S0017', 'S4095'], passengerName: 'Rahim Uddin', boardingPoint: 'Gabtoli', status: 'booked' }],
  madeAt: now,
};

const trips: CounterTrips = {
  trips: [{ id: tripId, service: 'BUS', operatorId: 'op-hanif', operatorName: 'Hanif', routeName: 'Dhaka - Chattogram', departs: '2026-11-30 08:00', vehicle: 'HN-101', seats: 40, free: 3, onlineFree: 3, onlineQuota: undefined }],
};

const supervisor: Me = { userId: 'u-4', phone: '01700000004', grants: [{ role: 'supervisor', operatorId: 'op-hanif' }] };

let online = true;
let packAnswer: () => Response = () => Response.json({ data: pack });
let scanAnswer: (body: Record<string, unknown>) => ScanAnswer = () => ({ result: 'boarded', seats: [], pnr: 'R4NG4Y6B' });

const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (!online) throw new TypeError('Failed to fetch');
  if (method === 'GET' && url === '/v1/api/staff/boarding/trips') return Response.json({ data: trips });
  if (method === 'GET' && url.startsWith('/v1/api/staff/boarding/pack/')) return packAnswer();
  if (method === 'POST' && url === '/v1/api/staff/boarding/scan') return Response.json({ data: scanAnswer(JSON.parse(String(init?.body)) as Record<string, unknown>) });
  if (method === 'POST' && url === '/v1/api/staff/boarding/devices/enrol') {
    return Response.json({ data: { device: { id: 'device-1', operatorId: 'op-hanif', name: 'Front door', createdAt: 0 }, deviceKey: 'device-1:abc' } });
  }
  return new Response('not found', { status: 404 });
});

const scans = () => server.mock.calls.filter(([input, init]) => String(input).endsWith('/boarding/scan') && init?.method === 'POST');
const headerOf = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string> | undefined)?.[name];

function enrolled() {
  localStorage.setItem('board.device', JSON.stringify({ id: 'device-1', key: 'device-1:abc', name: 'Front door', operatorId: 'op-hanif' }));
}

async function type(text: string) {
  const box = await screen.findByLabelText('PNR (for a traveller with only an SMS)');
  await userEvent.clear(box);
  await userEvent.type(box, text);
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
}

beforeEach(() => {
  online = true;
  idb.stores.clear();
  localStorage.clear();
  packAnswer = () => Response.json({ data: pack });
  server.mockClear();
  vi.stubGlobal('fetch', server);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(Date, 'now').mockReturnValue(now);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the boarding page', () => {
  it('boards a signed code from the trip pack, says so at a glance, and uploads the scan with the device key', async () => {
    enrolled();
    render(<BoardPage me={supervisor} />);
    expect(await screen.findByText('Trip pack: 1 tickets; 0 let on by this phone.')).toBeVisible();
    // A handheld scanner types the whole code into the box.
    await type(code);
    const verdict = await screen.findByTestId('board-verdict');
    expect(verdict).toHaveAttribute('data-result', 'boarded');
    expect(verdict).toHaveTextContent('Board');
    expect(verdict).toHaveTextContent('S0000, S0005, S0017, S4095');
    expect(verdict).toHaveTextContent('Rahim Uddin');
    await waitFor(() => expect(scans()).toHaveLength(1));
    const [, init] = scans()[0]!;
    expect(headerOf(init, 'Device-Key')).toBe('device-1:abc');
    expect(JSON.parse(String(init?.body))).toMatchObject({ tripId, code, scannedAt: now, deviceId: 'device-1' });
    // The same ticket again at this door: already boarded, amber.
    await type(code);
    await waitFor(() => expect(screen.getByTestId('board-verdict')).toHaveAttribute('data-result', 'duplicate'));
    expect(screen.getByTestId('board-verdict')).toHaveTextContent('Already boarded');
  });

  it('boards offline from the kept pack, a typed PNR too, and sends the queue when the network is back', async () => {
    enrolled();
    const first = render(<BoardPage me={supervisor} />);
    await screen.findByText('Trip pack: 1 tickets; 0 let on by this phone.');
    first.unmount();
    server.mockClear();
    online = false;
    render(<BoardPage me={supervisor} />);
    expect(await screen.findByText(/You are offline: this phone boards from its trip pack/)).toBeVisible();
    await type('r4ng 4y6b');
    expect(await screen.findByTestId('board-verdict')).toHaveAttribute('data-result', 'boarded');
    await type('CANCELLD');
    await waitFor(() => expect(screen.getByTestId('board-verdict')).toHaveTextContent('Cancelled or refunded'));
    expect(await screen.findByText('2 scans waiting for the network')).toBeVisible();
    expect(scans()).toHaveLength(0);
    // Another phone had boarded this ticket earlier: the server says so, and it is flagged here.
    scanAnswer = (body) => (body.pnr === 'r4ng 4y6b' ? { result: 'duplicate', pnr: 'R4NG4Y6B', seats: ['S0000'] } : { result: 'refused', reason: 'revoked', seats: [] });
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Every scan is sent.')).toBeVisible();
    expect(scans()).toHaveLength(2);
    expect(await screen.findByText(/R4NG4Y6B · S0000 · boarded earlier at another door/)).toBeVisible();
  });

  it('wipes a revoked phone: no pack, no enrolment', async () => {
    enrolled();
    packAnswer = () => Response.json({ code: 'boarding.deviceKey', message: 'revoked', details: [{ code: 'boarding.deviceKey', text: 'This phone is not enrolled for boarding, or was revoked: ask the manager for a new code' }] }, { status: 403 });
    render(<BoardPage me={supervisor} />);
    expect(await screen.findByRole('heading', { name: 'Enrol this phone' })).toBeVisible();
    expect(localStorage.getItem('board.device')).toBeNull();
    expect(await screen.findByText(/ask the manager for a new code/)).toBeVisible();
  });

  it('asks the server when the phone is not enrolled, and enrols it with a code', async () => {
    scanAnswer = () => ({ result: 'refused', reason: 'otherTrip', seats: [], pnr: undefined });
    render(<BoardPage me={supervisor} />);
    await type(code);
    expect(await screen.findByText('A ticket of another trip or date')).toBeVisible();
    expect(headerOf(scans()[0]![1], 'Device-Key')).toBeUndefined();
    await userEvent.type(screen.getByLabelText('Enrolment code'), 'K7XQ2M9P');
    await userEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByText('This phone boards offline as "Front door".')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('board.device')!)).toMatchObject({ id: 'device-1', key: 'device-1:abc' });
  });
});
