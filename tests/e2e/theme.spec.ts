/**
 * A second tenant theme (THEME=hanif: an operator's own site) on a second server, with the
 * new-site banner rolled out to everyone (ROLLOUT_PERCENTAGE=100).
 */
import { expect, test } from '@playwright/test';
import { artifacts, collectProblems, dhakaDate, themedURL } from './helpers';

test.use({ baseURL: themedURL });

test('the hanif theme: brand, colours, logo, and only Hanif trips', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/bus');
  await expect(page.getByRole('link', { name: 'Hanif Enterprise home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hanif Enterprise home' }).locator('img')).toHaveAttribute('src', '/logos/hanif.svg');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim())).toBe('#0d47a1');
  await expect(page).toHaveTitle(/Hanif Enterprise/);
  await page.screenshot({ path: `${artifacts}theme-hanif.png` });

  await page.goto(`/bus/trip?from=dhaka&to=chattogram&journeyDate=${dhakaDate(1)}&coachType=all`);
  await expect(page.getByTestId('trip').first()).toBeVisible();
  const operators = await page.getByTestId('trip').getByRole('heading', { level: 3 }).allTextContents();
  expect(new Set(operators)).toEqual(new Set(['Hanif Enterprise']));
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByTestId('filters').getByRole('group', { name: 'Operator' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('an operator that sells no launches: no LAUNCH tab, top-bar link or footer entry', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/bus/policies');
  await expect(page.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
  // Hanif is not in the launch operators' list (the site asks the ticket API which services it sells).
  const services = page.getByRole('navigation', { name: 'Services', exact: true });
  await expect(services.getByRole('link', { name: 'BUS' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(services.getByRole('link')).toHaveText(['BUS']);
  await expect(page.getByRole('navigation', { name: 'Our services' }).getByRole('link', { name: 'Launch' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Launch ticketing' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Bus ticketing' })).toBeVisible();
  await page.screenshot({ path: `${artifacts}theme-hanif-no-launch.png` });
  expect(problems).toEqual([]);
});

test('the new-site banner follows the rollout, is remembered, and is hidden in the mobile app', async ({ page }) => {
  await page.goto('/bus');
  await expect(page.getByTestId('new-site-banner')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('newSiteBanner'))).toBe('true');

  await page.goto('/launch?isMobileApp=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy launch tickets' })).toBeVisible();
  await expect(page.getByTestId('new-site-banner')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Rental/ })).toHaveCount(0);
});
