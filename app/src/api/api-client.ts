/**
 * The ticket API: one typed entry point, `api.call(name, service, request)`, over the core's
 * client (`ApiClient.call`). The core's call table gives each call its method, path, query,
 * Idempotency-Key (state-changing calls) and payment-block handling; the token, its renewal
 * after a 401, the retries and the toasts' texts are the core client's too. The app names calls
 * by SPEC's purposes and holds no path, and the types come from the same table (`CallRow`), so
 * a call that a service does not serve does not compile.
 *
 * The service: a call about trips, seats, bookings or tickets goes under the site's selected
 * service, the core's `Service` ("BUS" or "LAUNCH", what `useService()` and a hold carry), which
 * is that prefix as it is; "COMMON" is for the calls of neither (the OTP sends, the login).
 *
 * A login (issue 13) is the core client's too: a successful `common/login` call logs it in (the
 * token never passes through the app), and from then on its calls carry the login's token and
 * name its user; `common/logout` logs it out, and a client starting after the login expired
 * forgets it. When the API refuses the login (logout elsewhere, expiry) the client forgets it and
 * the call fails with code `auth.sessionEnded`; every failure passes `failed` here, which shows
 * the traveller logged out and asks them to log in again on the page they are on (lib/login.ts).
 */
import {
  ApiClient,
  toastMessage,
  type ApiFailure,
  type CallOf,
  type CallRow,
} from 'core-wasm';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { englishTexts, language, serverTexts, shownTexts } from '@/i18n/language';
import { fill } from '@/i18n/messages';
import { hasToken, loginChanged } from '@/lib/login';

export type CallName = CallRow['name'];

/**
 * The services call `N` answers under ("BUS", "LAUNCH", "COMMON"): the core's `CallService`,
 * written as a conditional type so that code generic over a call can pass its service on (an
 * indexed access in a parameter's constraint is read as the intersection of its rows' services).
 */
export type ServiceOf<N extends CallName> = CallRow extends infer R ? (R extends { name: N; service: infer X } ? X : never) : never;

/**
 * The row of call `N` under service `S`. A service known only as "BUS" | "LAUNCH" (a page for
 * both) gets either row: a call whose answer differs per service (trips, seat views, bookings)
 * answers the union, which the page narrows as it already does for its service.
 */
export type Row<N extends CallName, S> = S extends unknown ? CallOf<N, S> : never;

export interface CallOptions {
  /**
   * The Idempotency-Key for a call sent again for one intent of the traveller's (see
   * `use-intent.ts`). Without it the core makes a fresh key for each call (kept for that call's
   * own retries); calls that change nothing take none.
   */
  idempotencyKey?: string;
}

export interface Api {
  call<N extends CallName, S extends ServiceOf<N>>(
    name: N,
    service: S,
    request: Row<N, S>['request'],
    options?: CallOptions,
  ): Promise<Row<N, S>['response']>;
}

const apis = new Map<string, Api>();
let firstCall: Promise<unknown> | null = null;

/**
 * Runs a call. The core's client fetches a token when it has none (it keeps it in the `token`
 * cookie, SPEC §7, which the app reads only to pace the first calls); the first page makes
 * several calls at once, so while there is no token the first call goes alone and the others
 * wait for it, and the page asks for one token, not one per call.
 */
async function run<T>(call: () => Promise<T>): Promise<T> {
  if (firstCall) {
    await firstCall.catch(() => undefined);
  } else if (!hasToken()) {
    const first = call();
    firstCall = first;
    return first;
  }
  return call();
}

/** The API at `base` ('' = this site's origin): one core client each. */
function apiAt(base: string): Api {
  let found = apis.get(base);
  if (!found) {
    const client = new ApiClient(base);
    found = {
      // The core's client resolves to the answer's `data` (a Blob for the PDF) of the row's
      // response type; the table the types come from is the one it finds the call in.
      call: (name, service, request, options) => {
        tellLanguage(client);
        return run(() => client.call(name, service, request, options) as Promise<Row<typeof name, typeof service>['response']>).catch(
          (error: unknown) => failed(name, error),
        );
      },
    };
    apis.set(base, found);
  }
  return found;
}

/** The ticket API of this deployment (the runtime config's `ticketApiUrl`). */
export function useApi(): Api {
  return apiAt(useRuntimeConfig().ticketApiUrl);
}

/**
 * A failure saying the traveller is not logged in (any more): the core's client ended the login
 * (`auth.sessionEnded`), or the API wants one for a call made without it (`auth.loginRequired`).
 */
/**
 * Whether the site turned the call away because it is full (its ceiling of requests, or a store
 * at capacity): nothing is wrong with the visitor's request, and asking again later works.
 */
export function isBusy(error: unknown): boolean {
  const failed = error as { status?: unknown; body?: { code?: unknown } } | null;
  return failed?.body?.code === 'request.busy' || failed?.status === 503;
}

export function isLoginEnded(error: unknown): boolean {
  const code = (error as { body?: { code?: unknown } } | null)?.body?.code;
  return code === 'auth.sessionEnded' || code === 'auth.loginRequired';
}

/**
 * Every failed call passes here on its way to the page: a login that ended shows the traveller
 * logged out and asks them to log in again where they are (not after the logout itself).
 */
export function failed(name: CallName, error: unknown): never {
  if (isLoginEnded(error)) loginChanged(name === 'logout' ? null : { ended: true });
  throw error;
}

/**
 * The server writes the e-ticket PDF and the OTP's SMS in the traveller's language: every call
 * says it (`Accept-Language`, the core's `setLanguage`), and the `lang` cookie says it to the
 * site's own origin as well (a plain link, i18n/language.ts).
 */
function tellLanguage(client: ApiClient) {
  client.setLanguage(language());
}

/** One message of a failed call as the server said it: its code and its values. */
interface Said {
  code?: unknown;
  text?: unknown;
  params?: unknown;
}

/**
 * The Bangla of a failed call's messages, by the server's codes (`details`), each from the catalog
 * (its values put in as `t` puts them) or as the server wrote it; which of them the toast shows
 * (the first, or all one per line for a payment block, SPEC §8) is the core's `toastMessage`, as
 * in English. A failure without messages (no answer, a proxy's page) gets the fallback. Null in
 * English: the core client's toast is English already.
 */
export function localFailureText(error: unknown, whole: boolean): string | null {
  // The server's codes in Bangla come with the rest of the texts (i18n/language.ts): a failure
  // on the first page, before any other page was opened, is shown as the server wrote it.
  const bangla = serverTexts();
  if (!bangla) return null;
  const body = error instanceof Error ? ((error as Partial<ApiFailure>).body as { details?: unknown } | null | undefined) : null;
  const details = Array.isArray(body?.details) ? (body.details as Said[]) : [];
  const lines = details.map((said) => {
    const template = typeof said.code === 'string' && Object.hasOwn(bangla, said.code) ? bangla[said.code] : undefined;
    if (template === undefined) return typeof said.text === 'string' ? said.text : '';
    const params = Array.isArray(said.params) ? (said.params as { name?: unknown; value?: unknown }[]) : [];
    const values = Object.fromEntries(params.flatMap((p) => (typeof p.name === 'string' && typeof p.value === 'string' ? [[p.name, p.value]] : [])));
    return fill(template, values);
  });
  if (!lines.some((line) => line.trim() !== '')) return shownTexts()['site.somethingWrong'] ?? null;
  return toastMessage({ message: lines }, whole);
}

/** The text to show for a failed call: the core's toast, else the core's fallback (or their Bangla). */
export function failureText(error: unknown): string {
  // No answer with the browser offline: said plainly (issue 40), not the generic fallback.
  if (!navigator.onLine && error instanceof Error && (error as Partial<ApiFailure>).kind === 'network') {
    return shownTexts()['offline.needsNetwork'] ?? englishTexts()['offline.needsNetwork'] ?? toastMessage(null, false);
  }
  const local = localFailureText(error, false);
  if (local !== null) return local;
  if (error instanceof Error && typeof (error as Partial<ApiFailure>).toast === 'string') {
    return (error as ApiFailure).toast;
  }
  return toastMessage(null, false);
}

/** The HTTP status of a failed call, when the API answered. */
export function failureStatus(error: unknown): number | null {
  return error instanceof Error && typeof (error as Partial<ApiFailure>).status === 'number'
    ? ((error as ApiFailure).status as number)
    : null;
}

/** Test helper: forget the clients and the first-call gate. */
export function resetApiForTests(): void {
  apis.clear();
  firstCall = null;
}
