/**
 * The staff site's desk for the browser tests: the demo staff's phones and authenticator secrets
 * (README "The back office"), a login as the staff site asks for it (the code from the demo SMS
 * outbox, the authenticator's code computed here), and the looks every staff page must pass.
 */
import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './api';
import { artifacts } from './helpers';

export const MANAGER = '01700000002';
/** README "The back office": the demo manager's authenticator secret. */
export const MANAGER_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
export const ADMIN = '01700000001';
export const ADMIN_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** RFC 6238: what an authenticator app shows now for `secret`. */
function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

interface Sms {
  phone: string;
  body: string;
  createdAt: number;
}

/** The demo outbox's login codes to `phone`, newest first. */
async function loginMessages(request: APIRequestContext, phone: string): Promise<Sms[]> {
  const token = await request.post('/oauth/access_token', { data: { grant_type: 'client_credentials', client_id: 'web' } });
  const bearer = ((await token.json()) as { access_token: string }).access_token;
  const response = await request.get('/v1/api/dev/sms-outbox', { headers: { Authorization: `Bearer ${bearer}` } });
  return ((await response.json()) as { data: Sms[] }).data.filter((m) => m.phone === phone && m.body.includes('to log in'));
}

/** The login code sent to `phone` at `since` or later. */
async function loginCode(request: APIRequestContext, phone: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = (await loginMessages(request, phone)).find((m) => m.createdAt >= since)?.body.match(/\b(\d{4})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The server sends a phone one login code per 115 s (domain/otp.rs): a phone an earlier test
 * logged in with waits out the rest, as a person would, rather than being refused. */
async function resendAllowed(request: APIRequestContext, phone: string): Promise<void> {
  const last = (await loginMessages(request, phone))[0]?.createdAt ?? 0;
  const wait = last + 116_000 - Date.now();
  if (wait > 0) await new Promise((done) => setTimeout(done, wait));
}

export async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing sticks out sideways').toBeLessThanOrEqual(page.viewportSize()!.width);
}

export async function lookAt(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}staff-${name}.png`, fullPage: true });
  expect(await seriousViolations(page), name).toEqual([]);
}

/** A demo staff member logs in (Hanif's manager unless said): the phone, the SMS code, the
 * authenticator's code (none for a counter seller or a supervisor). */
export async function logIn(desk: Page, request: APIRequestContext, phone = MANAGER, secret: string | null = MANAGER_SECRET): Promise<void> {
  await desk.goto('/staff');
  await expect(desk.getByRole('heading', { name: 'Staff login' })).toBeVisible();
  await lookAt(desk, 'login');
  await desk.getByLabel('Mobile number').fill(phone);
  await resendAllowed(request, phone);
  const sent = Date.now() - 2_000;
  await desk.getByRole('button', { name: 'Send code' }).click();
  await desk.getByLabel('Code from SMS').fill(await loginCode(request, phone, sent));
  if (secret) await desk.getByLabel('Authenticator code').fill(totp(secret));
  await desk.getByRole('button', { name: 'Log in' }).click();
  await expect(desk.getByText(`Signed in as ${phone}`)).toBeVisible();
}
