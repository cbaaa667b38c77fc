/**
 * The ticket API as tests see it: `useApi()`'s calls answered from a table of call names and
 * services (setup.ts installs it for every test file), so tests know calls by the names the
 * core's call table gives them, never by path. Answers are shaped like the real API's demo data.
 * A test changes an answer with `answer(name, service, value)`, or makes a call fail with
 * `fail(name, service, toast, status, extra?)`; `sent(name, service?)` lists what was sent.
 * A login is kept as the core's client keeps it (`token` cookie, `user_id`), from a successful
 * `login` call's answer: `logInForTests` starts a test logged in, `endLogin` makes a call fail as
 * the client does when the API refuses the login.
 */
import type { BusTripsResponse, ErrorBody, LaunchTripsResponse, Trip } from 'core-wasm';
import type { Api, CallName, CallOptions, ServiceOf } from '@/api/api-client';
import { loginChanged } from '@/lib/login';

type Answer =
  | { ok: true; value: unknown }
  | { ok: false; toast: string; status: number; body: ErrorBody | null; forgetLogin?: boolean };

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
  // The body as the server sends it: its code too (the core's type leaves it out, never reading it).
  extra: Partial<ErrorBody> & { code?: string } = {},
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
  // The core's client forgets the login once `logout` was called, whatever the answer.
  if (name === 'logout') clearLogin();
  if (!found) return Promise.reject(new FakeApiFailure('This page could not be found', 404));
  if (!found.ok) {
    if (found.forgetLogin) clearLogin();
    return Promise.reject(new FakeApiFailure(found.toast, found.status, found.body));
  }
  if (found.value instanceof Promise || found.value instanceof Blob) return Promise.resolve(found.value);
  // A successful login logs the client in, as the core's does.
  if (name === 'login') keepLogin(found.value as Parameters<typeof keepLogin>[0]);
  return Promise.resolve(structuredClone(found.value));
}

/** As the core's client keeps a login: its token in the `token` cookie, its user as `user_id`. */
function keepLogin({ userId, accessToken, expiresIn }: { userId: string; accessToken: string; expiresIn: number }): void {
  if (userId === '' || !/^[\w.-]+$/.test(accessToken)) return;
  document.cookie = `token=${accessToken}; Max-Age=${expiresIn}; Path=/`;
  window.localStorage.setItem('user_id', userId);
}

/** As the core's client forgets a login (after `logout`, or a login the API refused). */
function clearLogin(): void {
  document.cookie = 'token=; Max-Age=0; Path=/';
  window.localStorage.removeItem('user_id');
}

/** What `useApi()` returns in tests: typed as the real one, answered from the table. */
export const fakeApi = { call: respond } as Api;

/** Starts a test logged in as `userId`, as after the login popup. */
export function logInForTests(userId = 'user-1'): void {
  keepLogin({ userId, accessToken: 'login.token', expiresIn: 2_592_000 });
  loginChanged();
}

/**
 * Makes call `name` fail as the core's client fails it when the API refuses the login: the
 * login forgotten, a 401 with code `auth.sessionEnded`.
 */
export function endLogin<N extends CallName, S extends ServiceOf<N>>(name: N, service: S): void {
  const text = 'Your login has ended; please log in again';
  const said = { code: 'auth.sessionEnded', text };
  table.set(keyOf(name, service), {
    ok: false,
    toast: text,
    status: 401,
    // The code and its details are in the body as sent, beyond the core's `ErrorBody` type.
    body: { statusCode: 401, message: text, error: 'Unauthorized', code: said.code, details: [said] } as ErrorBody,
    forgetLogin: true,
  });
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
  clearLogin();
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
