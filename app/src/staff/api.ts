/**
 * The back office's calls (issue 35): the paths come from the core's staff call table
 * (`staffCalls`), the login is the site's own `common/login` (phone, SMS code, authenticator
 * code). The staff token lives in this tab's sessionStorage only: closing the tab logs out, and
 * no staff token ever sits where the traveller's site could read it.
 */
import { staffCalls, type Grant } from 'core-wasm/staff';

const TOKEN = 'staff.token';

export interface Said {
  code: string;
  text: string;
  textBn?: string;
  params?: { name: string; value: string }[];
}

/** A refused call: its status, the first message's code and text, every message, and the data. */
export class StaffError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: Said[],
    readonly data: unknown,
  ) {
    super(details[0]?.text ?? `HTTP ${status}`);
  }
}

const calls = new Map(staffCalls().map((c) => [c.purpose, c]));

/** The path of a staff call, `{id}` filled. */
export function pathOf(purpose: string, id?: string): string {
  const call = calls.get(purpose);
  if (!call) throw new Error(`no staff call ${purpose}`);
  return id === undefined ? call.path : call.path.replace('{id}', encodeURIComponent(id));
}

export const token = {
  get: () => sessionStorage.getItem(TOKEN),
  set: (value: string) => sessionStorage.setItem(TOKEN, value),
  clear: () => (sessionStorage.removeItem(TOKEN), sessionStorage.removeItem('staff.me')),
};

async function answer<T>(response: Response): Promise<T> {
  const type = response.headers.get('content-type') ?? '';
  const body: unknown = type.includes('json') ? await response.json() : await response.text();
  if (response.ok) return (type.includes('json') ? (body as { data: T }).data : body) as T;
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: string;
    message?: string | string[];
    details?: Said[];
    data?: unknown;
  };
  const first = Array.isArray(envelope.message) ? envelope.message[0] : envelope.message;
  const details = envelope.details ?? [{ code: envelope.code ?? '', text: first ?? `HTTP ${response.status}` }];
  if (response.status === 401 && !envelope.code?.startsWith('login.')) token.clear();
  throw new StaffError(response.status, envelope.code ?? details[0]?.code ?? '', details, envelope.data);
}

async function send<T>(
  method: string,
  path: string,
  body?: BodyInit,
  contentType = 'application/json',
  bearer = token.get(),
  extra: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extra };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers['Content-Type'] = contentType;
  return answer<T>(await fetch(path, { method, headers, body }));
}

/** A staff call by its purpose (`routes`, `layouts/{id}`), GET with a query or POST with JSON. */
export function get<T>(purpose: string, query: Record<string, string> = {}, id?: string): Promise<T> {
  const search = new URLSearchParams(query).toString();
  return send<T>('GET', pathOf(purpose, id) + (search ? `?${search}` : ''));
}

export function post<T>(purpose: string, body: unknown): Promise<T> {
  return send<T>('POST', pathOf(purpose), JSON.stringify(body));
}

/** A file's own bytes POSTed with its own type (`images`: PNG, JPEG or WebP), not JSON. */
export function upload<T>(purpose: string, file: Blob): Promise<T> {
  return send<T>('POST', pathOf(purpose), file, file.type);
}

/** `POST staff/schedules/import`: the file as text/csv. */
export function postCsv<T>(text: string, dryRun: boolean): Promise<T> {
  return send<T>('POST', pathOf('schedules/import') + (dryRun ? '?dryRun=1' : ''), text, 'text/csv');
}

/** `GET staff/schedules/export`: the CSV's text. */
export function getCsv(): Promise<string> {
  return send<string>('GET', pathOf('schedules/export'));
}

/** A call of an enrolled boarding phone: its `Device-Key` (`id:key`) sent along (issue 36). */
export function deviceGet<T>(purpose: string, id: string, deviceKey: string): Promise<T> {
  return send<T>('GET', pathOf(purpose, id), undefined, undefined, token.get(), { 'Device-Key': deviceKey });
}

export function devicePost<T>(purpose: string, body: unknown, deviceKey: string | null): Promise<T> {
  const extra: Record<string, string> = deviceKey ? { 'Device-Key': deviceKey } : {};
  return send<T>('POST', pathOf(purpose), JSON.stringify(body), 'application/json', token.get(), extra);
}

/** A file a staff call answers (`counter/pdf/{id}`), in `language` where it is written in one. */
export async function getFile(purpose: string, id: string, language: string, query: Record<string, string> = {}): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': language };
  const bearer = token.get();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const search = new URLSearchParams(query).toString();
  const response = await fetch(pathOf(purpose, id) + (search ? `?${search}` : ''), { headers });
  if (!response.ok) return answer<Blob>(response);
  return response.blob();
}

export interface Me {
  userId: string;
  phone: string;
  grants: Grant[];
}

/** A visitor's token for the login calls (the public client's grant). */
async function visitorToken(): Promise<string> {
  const response = await fetch('/oauth/access_token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'web' }),
  });
  if (!response.ok) throw new StaffError(response.status, '', [{ code: '', text: 'The server did not answer' }], null);
  return ((await response.json()) as { access_token: string }).access_token;
}

let visitor: Promise<string> | null = null;

/** Step one: an SMS code to the phone. */
export async function sendCode(phone: string): Promise<void> {
  visitor ??= visitorToken();
  await send('POST', '/v1/api/common/login-otp', JSON.stringify({ phone }), 'application/json', await visitor);
}

/** Step two: the SMS code and the authenticator's; the staff token is kept for this tab. */
export async function logIn(phone: string, otpCode: string, totpCode: string): Promise<void> {
  visitor ??= visitorToken();
  const body = JSON.stringify({ phone, otpCode, totpCode: totpCode || undefined });
  const done = await send<{ accessToken: string }>('POST', '/v1/api/common/login', body, 'application/json', await visitor);
  token.set(done.accessToken);
}

const ME = 'staff.me';

/** Who is logged in: the server's answer, or with no network the last one this tab had (a
 * supervisor boards offline; the token still goes with every call once the network is back). */
export async function me(): Promise<Me> {
  try {
    const who = await send<Me>('GET', '/v1/api/common/me');
    sessionStorage.setItem(ME, JSON.stringify(who));
    return who;
  } catch (error) {
    const kept = sessionStorage.getItem(ME);
    if (error instanceof StaffError || !kept || !token.get()) throw error;
    return JSON.parse(kept) as Me;
  }
}

export async function logOut(): Promise<void> {
  try {
    await send('POST', '/v1/api/common/logout', '{}');
  } finally {
    token.clear();
  }
}
