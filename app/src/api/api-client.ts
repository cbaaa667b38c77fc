/**
 * The ticket API, through the core's client (token, 401 re-authentication, retries, toasts).
 * One client per API origin ('' = this site's origin).
 */
import { ApiClient, toastMessage, type ApiFailure, type CallOf, type CallRow, type CallService } from 'core-wasm';

const clients = new Map<string, ApiClient>();
let firstCall: Promise<unknown> | null = null;

function client(base: string): ApiClient {
  let found = clients.get(base);
  if (!found) {
    found = new ApiClient(base);
    clients.set(base, found);
  }
  return found;
}

/**
 * The bearer token the core's client keeps in the `token` cookie (SPEC §7). The token is the
 * client's (it fetches one, and a new one after a 401): the app reads it only to pace the first
 * calls (below).
 */
function tokenCookie(): string | undefined {
  return /(?:^|;) *token=([^;]+)/.exec(document.cookie)?.[1];
}

/**
 * Runs a call. The core's client fetches a token when it has none; the first page makes
 * several calls at once, so while there is no token the first call goes alone and the others
 * wait for it, and the page asks for one token, not one per call.
 */
async function run<T>(call: () => Promise<T>): Promise<T> {
  if (firstCall) {
    await firstCall.catch(() => undefined);
  } else if (!tokenCookie()) {
    const first = call();
    firstCall = first;
    return first;
  }
  return call();
}

export function apiGet<T>(base: string, path: string): Promise<T> {
  return run(() => client(base).get(path) as Promise<T>);
}

export function apiPost<T>(base: string, path: string, body: unknown, idempotencyKey?: string): Promise<T> {
  return run(() => client(base).post(path, body, idempotencyKey ? { idempotencyKey } : undefined) as Promise<T>);
}

/**
 * A call of the core's call table (`ApiClient.call`): method, path, query and headers come from
 * the core. The app uses it for the answer that is not JSON, the e-ticket PDF (a Blob), which the
 * client fetches, and re-authenticates, like any other call.
 */
export function apiCall<N extends CallRow['name'], S extends CallService<N>>(
  base: string,
  name: N,
  service: S,
  request: CallOf<N, S>['request'],
): Promise<CallOf<N, S>['response']> {
  return run(() => client(base).call(name, service, request, undefined) as Promise<CallOf<N, S>['response']>);
}

/** The text to show for a failed call: the core's toast, else the core's fallback. */
export function failureText(error: unknown): string {
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
  clients.clear();
  firstCall = null;
}
