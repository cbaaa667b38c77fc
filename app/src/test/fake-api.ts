/**
 * The ticket API as tests see it: `useApi()`'s calls answered from a table of call names and
 * services (setup.ts installs it for every test file), so tests know calls by the names the
 * core's call table gives them, never by path. Answers are shaped like the real API's demo data.
 * A test changes an answer with `answer(name, service, value)`, or makes a call fail with
 * `fail(name, service, toast, status, extra?)`; `sent(name, service?)` lists what was sent.
 */
import type { BusTripsResponse, ErrorBody, LaunchTripsResponse, Trip } from 'core-wasm';
import type { Api, CallName, CallOptions, ServiceOf } from '@/api/api-client';

type Answer = { ok: true; value: unknown } | { ok: false; toast: string; status: number; body: ErrorBody | null };

/** A call as the app made it. */
export interface SentCall {
  name: CallName;
  service: string;
  request: unknown;
  options?: CallOptions;
}

const table = new Map<string, Answer>();
export const calls: SentCall[] = [];

const keyOf = (name: string, service: string) => `${service} ${name}`;

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

export function answer<N extends CallName, S extends ServiceOf<N>>(name: N, service: S, value: unknown): void {
  table.set(keyOf(name, service), { ok: true, value });
}

/** `extra`: more of the error body than its message (a seat-lock 409's `seats`). */
export function fail<N extends CallName, S extends ServiceOf<N>>(
  name: N,
  service: S,
  toast: string,
  status = 500,
  extra: Partial<ErrorBody> = {},
): void {
  table.set(keyOf(name, service), { ok: false, toast, status, body: { statusCode: status, message: toast, ...extra } });
}

/** A call that never answers (to see loading states). */
export function hang<N extends CallName, S extends ServiceOf<N>>(name: N, service: S): void {
  table.set(keyOf(name, service), { ok: true, value: new Promise(() => {}) });
}

/** The calls of `name` (under `service`, if given) sent so far, oldest first. */
export function sent(name: CallName, service?: string): SentCall[] {
  return calls.filter((call) => call.name === name && (service === undefined || call.service === service));
}

function respond(name: CallName, service: string, request: unknown, options?: CallOptions): Promise<unknown> {
  calls.push({ name, service, request, ...(options ? { options } : {}) });
  const found = table.get(keyOf(name, service));
  if (!found) return Promise.reject(new FakeApiFailure('This page could not be found', 404));
  if (!found.ok) return Promise.reject(new FakeApiFailure(found.toast, found.status, found.body));
  if (found.value instanceof Promise || found.value instanceof Blob) return Promise.resolve(found.value);
  return Promise.resolve(structuredClone(found.value));
}

/** What `useApi()` returns in tests: typed as the real one, answered from the table. */
export const fakeApi = { call: respond } as Api;

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
  for (const [service, segment, settings] of [
    ['BUS', 'intercity', 'busSettings'],
    ['LAUNCH', 'water', 'launchSettings'],
  ] as const) {
    answer('get-head-line', service, { [settings]: { headline: { text: `${segment} headline`, isVisible: true } } });
    answer('cities', service, {
      cities: [
        { _id: 'dhaka', name: 'Dhaka' },
        { _id: 'dhaka-gabtoli', name: 'Dhaka Gabtoli' },
        { _id: 'chattogram', name: 'Chattogram' },
        { _id: 'coxs-bazar', name: "Cox's Bazar" },
        { _id: 'barishal', name: 'Barishal' },
        { _id: 'abdullahpur', name: 'Abdullahpur' },
      ],
    });
    answer('banners', service, {
      banners: [{ _id: 'b1', image: '/images/banners/intercity-eid.png', title: `${segment} banner`, link: null }],
    });
    answer('offer-and-promo-images', service, {
      offerAndPromoImages: [{ _id: 'offer-eid200', title: 'Eid offer: 200 TK off', image: '/images/offers/eid200.png', promoCode: 'EID200', description: '200 TK off.' }],
    });
    answer('popular-routes', service, {
      popularRoutes: [{ _id: 'popular-1', from: 'Dhaka', to: 'Chattogram', title: 'Dhaka to Chattogram', fareFrom: 520 }],
    });
    answer('operators', service, { operators: [{ _id: 'op-hanif', title: 'Hanif Enterprise', logo: '/images/operators/hanif.png' }] });
    answer('blogs', service, { blogs: [{ _id: 'blog-1', title: 'Tea gardens', summary: 'Green hills.', image: '/images/blogs/sylhet-tea.png', url: '/blog/tea' }] });
  }
}
