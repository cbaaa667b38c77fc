/**
 * Logging in by phone and OTP (issue 13): `common/login-otp` sends the code, `common/login` answers
 * the user and their token, which the core's client keeps from then on (`setLogin`); `common/me`
 * is the user (their phone, and the name of their latest booking); `common/logout` ends the
 * login. The core's client names the visitor (and, once logged in, the user) in every call that
 * names one, so the requests here carry only what the traveller typed.
 */
import type { LoginResponse, Me, SendOtpResponse } from 'core-wasm';
import { useApi, type Api } from '@/api/api-client';
import { useResource } from '@/api/use-resource';
import { useLogin } from '@/lib/login';

/** `common/login-otp`: a code to log in, sent by SMS to `phone`. */
export function sendLoginOtp(api: Api, phone: string): Promise<SendOtpResponse> {
  return api.call('login-otp', 'COMMON', { phone });
}

/** `common/login`, with the visitor's token: the visitor's holds and pending bookings become the user's. */
export function logIn(api: Api, phone: string, otpCode: string): Promise<LoginResponse> {
  return api.call('login', 'COMMON', { phone, otpCode });
}

/** `common/logout`: the login's token is refused from now on. */
export function logOut(api: Api): Promise<unknown> {
  return api.call('logout', 'COMMON', {});
}

/**
 * The logged-in user (`common/me`), or null while logged out or not known yet. Asked once per
 * login and page visit; a failure shows nothing (a login that ended asks for a new one anyway).
 */
export function useMe(): Me | null {
  const api = useApi();
  const { user: login } = useLogin();
  const me = useResource(login ? `me ${login}` : null, () => api.call('me', 'COMMON', {}), { quiet: true });
  return login && me.status === 'success' ? me.data : null;
}
