/**
 * Logging in and 'My account' (issue 13) against the real server in demo mode, at 360x640:
 * /account without a login goes to / with the callback and the login popup; the OTP from the
 * demo SMS outbox (after a wrong one) logs in and brings the traveller back to /account; a trip
 * booked while logged in (for another passenger's number: it is the login's, not the phone's)
 * shows there without an OTP; a reload keeps the login; Log out forgets it. axe checks the
 * popup and the page; screenshots go to artifacts/ (account-*.png) to be looked at.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buyTicket, seriousViolations } from './api';
import { artifacts, collectProblems } from './helpers';

/** This file's own numbers: the login's, and the passenger's of the trip it books. */
const PHONE = '01955713264';
const PASSENGER_PHONE = '01855713264';

interface Envelope<T> {
  data: T;
}

/** The code in the newest SMS to PHONE that logs in, read from the demo outbox. */
async function loginCode(request: APIRequestContext): Promise<string> {
  const tokenResponse = await request.post('/oauth/access_token', { data: { grant_type: 'client_credentials', client_id: 'web' } });
  const bearer = ((await tokenResponse.json()) as { access_token: string }).access_token;
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/v1/api/dev/sms-outbox', { headers: { Authorization: `Bearer ${bearer}` } });
      const messages = ((await response.json()) as Envelope<{ phone: string; body: string }[]>).data;
      code = messages.find((m) => m.phone === PHONE && m.body.includes('to log in'))?.body.match(/\b(\d{4})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Nothing sticks out of the 360 px screen sideways. */
async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('log in from the guard, see a trip booked while logged in without an OTP, keep the login over a reload, log out', async ({ page, request }) => {
  test.setTimeout(90_000);
  const problems = collectProblems(page);

  // The guard: no login, so / with the callback, and the login popup.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/\?callback=%2Faccount$/);
  const popup = page.getByRole('dialog', { name: 'Log in' });
  await expect(popup).toBeVisible();
  await expect(popup.getByLabel('Mobile number')).toBeFocused();
  await page.screenshot({ path: `${artifacts}account-login-phone.png` });
  expect(await seriousViolations(page), 'login popup').toEqual([]);

  await popup.getByLabel('Mobile number').fill(PHONE);
  await popup.getByRole('button', { name: 'Send code' }).click();
  const otp = page.getByRole('dialog', { name: 'OTP to log in' });
  await expect(otp).toBeVisible();
  await expect(otp).toContainText(`sent by SMS to ${PHONE}`);
  await expect(otp).toContainText(/You can ask for a new code in (2:00|1:5\d)/);
  const first = otp.getByRole('textbox', { name: 'Digit 1 of 4' });
  await expect(first).toBeFocused();

  const code = await loginCode(request);
  // A wrong code first: the server's message under the boxes, the popup stays.
  await page.keyboard.type(code[0] + (code.slice(1) === '000' ? '111' : '000'));
  await otp.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(otp.getByRole('alert')).toContainText('Wrong OTP');
  await page.screenshot({ path: `${artifacts}account-login-otp-error.png` });
  expect(await seriousViolations(page), 'OTP to log in, with an error').toEqual([]);
  await first.focus();
  await page.keyboard.type(code);
  await otp.getByRole('button', { name: 'Verify OTP' }).click();

  // Logged in: back at the callback, with the account.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByText(`Logged in with ${PHONE}`)).toBeVisible();
  const trips = page.getByRole('region', { name: 'My trips' });
  await expect(trips).toContainText('No trips yet');
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toMatch(/^user-/);

  // A trip booked now, with the login's own token (the site's cookie), for another passenger's
  // number: it is the login's, whoever travels.
  await buyTicket(page, request, PASSENGER_PHONE);
  await page.goto('/account');
  const ticket = trips.getByRole('listitem').first();
  await expect(ticket.getByRole('heading', { name: 'Dhaka to Chittagong' })).toBeVisible();
  await expect(ticket).toContainText('Confirmed');
  await expect(ticket).toContainText('Nusrat Jahan');
  await expect(ticket).toContainText(/PNR\s*[A-Z0-9]+/);
  await expect(trips).toContainText('1 ticket');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(ticket.getByRole('button', { name: 'Download ticket (PDF)' })).toBeVisible();
  await expect(ticket.getByRole('button', { name: 'Cancel ticket' })).toBeVisible();
  await page.screenshot({ path: `${artifacts}account-trips.png` });
  await page.screenshot({ path: `${artifacts}account-trips-full.png`, fullPage: true });
  expect(await pageWidth(page), 'account page width').toBeLessThanOrEqual(360);
  expect(await seriousViolations(page), 'account page').toEqual([]);

  // A reload keeps the login.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(trips.getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/\/account$/);

  // The menu shows the account; Log out forgets the login and goes home.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  await page.screenshot({ path: `${artifacts}account-menu.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Logged out, /account is guarded again.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/\?callback=%2Faccount$/);
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();

  // The wrong code's 400 was expected; nothing else failed.
  expect(problems.filter((p) => !(p.includes('/common/login') && p.includes('400')) && !p.includes('status of 400'))).toEqual([]);
});

test('the desktop header offers Log in beside History; in Bangla the popup reads লগইন', async ({ browser }) => {
  const wide = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const desktop = await wide.newPage();
  await desktop.goto('/bus');
  const sub = desktop.getByTestId('sub-header');
  await expect(sub.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(sub.getByRole('link', { name: 'History' })).toBeVisible();
  await desktop.screenshot({ path: `${artifacts}account-desktop-header.png`, clip: { x: 0, y: 0, width: 1280, height: 160 } });
  await sub.getByRole('button', { name: 'Log in' }).click();
  await expect(desktop.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  expect(await pageWidth(desktop)).toBeLessThanOrEqual(1280);
  await wide.close();

  // A Bangla reader at 360 px: the popup in Bangla, nothing wider than the screen.
  const bangla = await browser.newContext({ locale: 'bn-BD', viewport: { width: 360, height: 640 } });
  const phone = await bangla.newPage();
  await phone.goto('/account');
  const popup = phone.getByRole('dialog', { name: 'লগইন করুন' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: 'কোড পাঠান' })).toBeVisible();
  await phone.evaluate(() => document.fonts.ready);
  await phone.screenshot({ path: `${artifacts}account-login-bangla.png` });
  expect(await pageWidth(phone)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(phone), 'login popup in Bangla').toEqual([]);
  await bangla.close();
});
