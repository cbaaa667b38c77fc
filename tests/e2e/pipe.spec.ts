/**
 * The first journey: the whole pipe from the real server to the core in the browser.
 * app/dist served by static-server under its CSP -> React -> core-wasm (phone rules, today in
 * Dhaka) and the runtime config from GET /api/config; unknown paths are a real HTTP 404.
 */
import { expect, test } from '@playwright/test';
import { appTookOver, artifacts, collectProblems, dhakaDate } from './helpers';

const dhakaToday = () => dhakaDate(0);

test('runtime config, today in Dhaka and the core phone rules', async ({ page, request }) => {
  const configResponse = await request.get('/api/config');
  expect(configResponse.status()).toBe(200);
  const config = (await configResponse.json()) as { helpline: string };
  expect(typeof config.helpline).toBe('string');

  const problems = collectProblems(page);
  const before = dhakaToday();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  // The wasm must load under the server's CSP, not just without one.
  expect(response?.headers()['content-security-policy'] ?? '').toContain("'wasm-unsafe-eval'");

  await expect(page.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeVisible();
  await expect(page.getByTestId('helpline')).toHaveText(config.helpline);
  await expect(page.getByRole('link', { name: `Support ${config.helpline}` })).toBeVisible();

  // The date comes from the core (todayInDhaka); around midnight in Dhaka either day will do.
  const today = page.getByTestId('today');
  await expect(today).toBeVisible();
  expect([before, dhakaToday()]).toContain(await today.getAttribute('datetime'));

  // The ticket history page's phone field. Keyboard: type a number that is 11 digits but not a
  // mobile number, leave the field: the core's message shows.
  await page.goto('/bus/find-ticket');
  await appTookOver(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket history' })).toBeVisible();
  const phone = page.getByLabel('Mobile number');
  await phone.focus();
  await page.keyboard.type('01212345678');
  await expect(phone).toHaveValue('01212345678');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('alert')).toHaveText('Enter a valid number');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${artifacts}find-ticket-invalid-phone.png`, fullPage: true });

  // A pasted international number is normalised by the core, and it is valid: no message.
  await phone.fill('+880 1712-345678');
  await expect(phone).toHaveValue('01712345678');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(phone).toHaveAttribute('aria-invalid', 'false');

  // Typed digit by digit, a valid number shows no message either, also after submit.
  await phone.fill('');
  await phone.pressSequentially('01812345678');
  await expect(phone).toHaveValue('01812345678');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: `${artifacts}find-ticket-valid-phone.png`, fullPage: true });

  expect(problems).toEqual([]);
});

test('launch home answers 200 with the launch tab selected', async ({ page }) => {
  const problems = collectProblems(page);
  const response = await page.goto('/launch');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy launch tickets' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Services', exact: true }).getByRole('link', { name: 'LAUNCH' })).toHaveAttribute('aria-current', 'page');
  expect(problems).toEqual([]);
});

test('an unknown path is a real 404 with a way back home', async ({ page }) => {
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 page not found' })).toBeVisible();
  await page.screenshot({ path: `${artifacts}not-found.png`, fullPage: true });

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeVisible();
});
