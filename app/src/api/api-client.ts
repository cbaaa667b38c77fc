/**
 * The ticket API, through the core's client (token, 401 re-authentication, retries, toasts).
 * One client per API origin ('' = this site's origin).
 */
import { ApiClient, toastMessage, type ApiFailure } from 'core-wasm';

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
 * The bearer token the core's client keeps in the `token` cookie (SPEC §7), or null. The token is
 * the client's: the app reads it only to pace the first calls (below) and for the one answer the
 * client cannot give (a file, api-file.ts).
 */
export function tokenCookie(): string | undefined {
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
