/**
 * The ticket API as tests see it: `@/api/api-client`'s calls answered from a table of paths
 * (setup.ts installs it for every test file). Answers are shaped like the real API's demo data.
 * A test changes an answer with `answer(path, value)`, or makes a call fail with
 * `fail(path, toast, status, extra?)`.
 */
import type { BusTripsResponse, ErrorBody, LaunchTripsResponse, Trip } from 'core-wasm';

type Answer = { ok: true; value: unknown } | { ok: false; toast: string; status: number; body: ErrorBody | null };

const table = new Map<string, Answer>();
export const calls: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [];

/** A failed call as the core's client rejects it (an Error with `toast`, `status` and `body`). */
export class FakeApiFailure extends Error {
  kind = 'http' as const;
  constructor(
    public toast: string,
    public status: number,
    public body: ErrorBody | null = null,
  ) {
    super(toast);
  }
}

export function answer(path: string, value: unknown): void {
  table.set(path, { ok: true, value });
}

/** `extra`: more of the error body than its message (a seat-lock 409's `seats`). */
export function fail(path: string, toast: string, status = 500, extra: Partial<ErrorBody> = {}): void {
  table.set(path, { ok: false, toast, status, body: { statusCode: status, message: toast, ...extra } });
}

/** A call that never answers (to see loading states). */
export function hang(path: string): void {
  table.set(path, { ok: true, value: new Promise(() => {}) });
}

function respond(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  calls.push({ method, path, body });
  const found = table.get(path);
  if (!found) return Promise.reject(new FakeApiFailure('This page could not be found', 404));
  if (!found.ok) return Promise.reject(new FakeApiFailure(found.toast, found.status, found.body));
  if (found.value instanceof Promise || found.value instanceof Blob) return Promise.resolve(found.value);
  return Promise.resolve(structuredClone(found.value));
}

export const fakeApiGet = (_base: string, path: string) => respond('GET', path);
export const fakeApiPost = (_base: string, path: string, body: unknown) => respond('POST', path, body);

/**
 * `apiCall` (the core's call table) for the calls the app makes through it, by the path and
 * method the table gives them, so tests answer them like the others.
 */
export function fakeApiCall(_base: string, name: string, service: string, request: unknown): Promise<unknown> {
  const segment = service === 'BUS' ? 'intercity' : 'water';
  if (name === 'download-ticket-pdf') {
    return respond('GET', `/v1/api/${segment}/download-ticket-pdf/${(request as { id: string }).id}`);
  }
  throw new Error(`fake-api: no path for the call '${name}'`);
}

export function trip(overrides: Partial<Trip> & Pick<Trip, '_id'>): Trip {
  return {
    companyId: 'op-green-line',
    companyName: 'Green Line Paribahan',
    coachNo: 'GL-101',
    coachType: 'ac',
    busClass: 'Business Class',
    routeName: 'Dhaka - Chattogram',
    // 22:30 in Dhaka is stored as 04:30Z the next day (DESIGN §3).
    departureDateTime: '2030-01-02T04:30:00.000Z',
    arrivalDateTime: '2030-01-02T10:00:00.000Z',
    seatFare: 1200,
    availableSeats: 20,
    boardingPoints: ['Arambagh', 'Sayedabad Bus Terminal'],
    droppingPoints: ['GEC Circle'],
    logo: '/images/operators/green-line.png',
    ...overrides,
  };
}

export const busTrips: BusTripsResponse = {
  trips: [
    trip({ _id: 'gl-2230' }),
    trip({
      _id: 'sd-0630',
      companyId: 'op-soudia',
      companyName: 'Soudia Coach Service',
      coachNo: 'SD-101',
      coachType: 'non-ac',
      busClass: 'Economy',
      departureDateTime: '2030-01-01T12:30:00.000Z', // 06:30 AM
      seatFare: 520,
      availableSeats: 0,
      boardingPoints: ['Fakirapool'],
    }),
    trip({
      _id: 'hn-1400',
      companyId: 'op-hanif',
      companyName: 'Hanif Enterprise',
      coachNo: 'HN-7',
      coachType: 'non-ac',
      busClass: 'Economy',
      departureDateTime: '2030-01-01T20:00:00.000Z', // 02:00 PM
      seatFare: '600-900',
      availableSeats: 12,
      boardingPoints: ['Fakirapool', 'Arambagh'],
    }),
  ],
  boardingPoints: ['Arambagh', 'Fakirapool', 'Sayedabad Bus Terminal'],
  companies: [
    { _id: 'op-green-line', name: 'Green Line Paribahan' },
    { _id: 'op-soudia', name: 'Soudia Coach Service' },
    { _id: 'op-hanif', name: 'Hanif Enterprise' },
  ],
  busClasses: ['Business Class', 'Economy'],
};

export const launchTrips: LaunchTripsResponse = {
  trips: [
    trip({
      _id: 'mv-adventure',
      companyId: 'op-adventure',
      companyName: 'Adventure Shipping',
      coachNo: undefined,
      coachType: undefined,
      shipId: 'mv-adventure-9',
      shipName: 'MV Adventure-9',
      busClass: 'Launch',
      seatFare: '370-7380',
      availableSeats: 149,
      boardingPoints: ['Sadarghat Launch Terminal'],
    }),
  ],
  boardingPoints: ['Sadarghat Launch Terminal'],
  ships: [{ _id: 'mv-adventure-9', name: 'MV Adventure-9' }],
};

/** The content calls every page makes, answered as the demo data would. */
export function resetFakeApi(): void {
  table.clear();
  calls.length = 0;
  for (const [segment, settings] of [
    ['intercity', 'busSettings'],
    ['water', 'launchSettings'],
  ] as const) {
    const base = `/v1/api/${segment}`;
    answer(`${base}/get-head-line`, { [settings]: { headline: { text: `${segment} headline`, isVisible: true } } });
    answer(`${base}/cities`, {
      cities: [
        { _id: 'dhaka', name: 'Dhaka' },
        { _id: 'dhaka-gabtoli', name: 'Dhaka Gabtoli' },
        { _id: 'chattogram', name: 'Chattogram' },
        { _id: 'coxs-bazar', name: "Cox's Bazar" },
        { _id: 'barishal', name: 'Barishal' },
        { _id: 'abdullahpur', name: 'Abdullahpur' },
      ],
    });
    answer(`${base}/banners?moduleType=${segment}`, {
      banners: [{ _id: 'b1', image: '/images/banners/intercity-eid.png', title: `${segment} banner`, link: null }],
    });
    answer(`${base}/offer-and-promo-images`, {
      offerAndPromoImages: [{ _id: 'offer-eid200', title: 'Eid offer: 200 TK off', image: '/images/offers/eid200.png', promoCode: 'EID200', description: '200 TK off.' }],
    });
    answer(`${base}/popular-routes`, {
      popularRoutes: [{ _id: 'popular-1', from: 'Dhaka', to: 'Chattogram', title: 'Dhaka to Chattogram', fareFrom: 520 }],
    });
    answer(`${base}/operators`, { operators: [{ _id: 'op-hanif', title: 'Hanif Enterprise', logo: '/images/operators/hanif.png' }] });
    answer(`${base}/blogs`, { blogs: [{ _id: 'blog-1', title: 'Tea gardens', summary: 'Green hills.', image: '/images/blogs/sylhet-tea.png', url: '/blog/tea' }] });
  }
}
