/**
 * The traveller's login as the screens see it (issue 13; SPEC §3 "Identity", §6 "Logged-in
 * visitor"), and whether the login popup is asked for.
 *
 * The login itself is the core's client's (`ApiClient.setLogin`, api/api-client.ts): its token in
 * the `token` cookie, its user in local storage as SPEC names it (`user_id`). The screens read
 * those, and are told when they change (`loginChanged`). A `user_id` without its token is a login
 * that expired while the site was closed: logged out (the core's client forgets it as it starts).
 *
 * Part of the first load (the header shows 'Log in' or the account), so it is kept small: the
 * popup, its calls and the account page load when needed (features/login, features/account).
 */
import { useSyncExternalStore } from 'react';

/** Why the login popup is shown, and where to go once logged in. */
export interface LoginAsk {
  /** A same-site path to go to after logging in (a guarded page's, SPEC §2 "Route guard"). */
  callback?: string;
  /** The login ended under the traveller (logout elsewhere, expiry): they are asked again. */
  ended?: boolean;
}

/** What the screens show: the logged-in user (null for none) and why the popup is shown (null: closed). */
export interface LoginState {
  user: string | null;
  ask: LoginAsk | null;
}

/** undefined until read again. */
let state: LoginState | undefined;
const listeners = new Set<() => void>();

/** SPEC §3's `user_id`, as the core's client keeps it (`identity::USER_ID_KEY`). */
function storedUser(): string | null {
  try {
    return window.localStorage.getItem('user_id');
  } catch {
    // Storage refused (private mode): no login outlives the page's client.
    return null;
  }
}

/** The core's client keeps a token (a visitor's or a login's) in the `token` cookie (SPEC §7). */
export const hasToken = () => /(?:^|;) *token=[^;]/.test(document.cookie);

const current = (): LoginState => (state ??= { user: hasToken() ? storedUser() : null, ask: null });

/** The logged-in user's id, or null. */
export function currentLogin(): string | null {
  return current().user;
}

/**
 * The core's client has kept or forgotten a login (logged in, logged out, or the login ended):
 * the screens read it again, and the popup is shown for `ask` (`null`: closed).
 */
export function loginChanged(ask: LoginAsk | null = null): void {
  state = { user: hasToken() ? storedUser() : null, ask };
  for (const listener of listeners) listener();
}

/** Shows the login popup (the header's Log in, a guarded page's callback). */
export function askToLogIn(why: LoginAsk = {}): void {
  loginChanged(why);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The login and the popup as shown; drawn again when the traveller logs in or out, or is asked to. */
export function useLogin(): LoginState {
  return useSyncExternalStore(subscribe, current, current);
}

/** Test helper: forget what was read and asked. */
export function resetLoginForTests(): void {
  state = undefined;
}
