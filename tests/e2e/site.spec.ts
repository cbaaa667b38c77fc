/**
 * The site's first pages against the real server and its demo data, in Debian's Chromium at
 * 360x640: home, trip search and results (filters and sort by the core), launch, every route
 * with its heading and HTTP status, the mobile menu and the mobile-app mode. Screenshots of the
 * home page, the results and the menu go to artifacts/.
 */
import { expect, test, type Page } from '@playwright/test';
import { artifacts, chooseCity, collectProblems, dhakaDate } from './helpers';

/** The fares of the listed trips that are not sold out, by the low (or high) end of a range. */
async function fares(page: Page, end: 'low' | 'high'): Promise<number[]> {
  const cards = page.getByTestId('trip');
  const result: number[] = [];
  for (const card of await cards.all()) {
    if ((await card.getByTestId('seats').textContent()) === 'Sold out') continue;
    const numbers = ((await card.getByTestId('fare').textContent()) ?? '').match(/[\d,]+/g)?.map((n) => Number(n.replaceAll(',', ''))) ?? [];
    result.push(end === 'low' ? Math.min(...numbers) : Math.max(...numbers));
  }
  return result;
}

const ascending = (list: number[]) => list.every((n, i) => i === 0 || (list[i - 1] as number) <= n);

test('bus: search Dhaka to Chittagong for tomorrow, filter and sort', async ({ page }) => {
  const problems = collectProblems(page);
  const tomorrow = dhakaDate(1);
  expect((await page.goto('/'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeVisible();
  // The headline ticker, from the bus headline settings.
  await expect(page.getByTestId('ticker')).toContainText('Eid');
  // No footer on the home page.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // Content sections from the API further down.
  await page.getByRole('heading', { name: 'Popular routes' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: /^Dhaka to Chittagong/ })).toBeVisible();
  await page.getByRole('heading', { name: 'Operators' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Many more to come...')).toBeVisible();
  await page.getByRole('heading', { name: 'From the blog' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${artifacts}home.png`, fullPage: true });

  // The type-ahead shows Chattogram as Chittagong (the core's display rule); the search sends
  // the stored city.
  await chooseCity(page, 'From', 'Dha', 'Dhaka');
  await chooseCity(page, 'To', 'chit', 'Chittagong');
  const date = page.getByLabel('Journey date');
  await expect(date).toHaveAttribute('min', dhakaDate(0));
  await date.fill(tomorrow);
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/bus/trip\\?from=dhaka&to=chattogram&journeyDate=${tomorrow}&coachType=all$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dhaka to Chittagong' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: /trips? found/ });
  await expect(status).toBeVisible();
  const total = Number((await status.textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(1);
  await expect(page.getByTestId('trip')).toHaveCount(total);
  // Sold-out trips come last (the core's order).
  const seats = await page.getByTestId('seats').allTextContents();
  const firstSoldOut = seats.indexOf('Sold out');
  if (firstSoldOut >= 0) expect(seats.slice(firstSoldOut).every((s) => s === 'Sold out')).toBe(true);
  await page.screenshot({ path: `${artifacts}results.png`, fullPage: false });

  // Filters: AC coaches only.
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByTestId('filters');
  await filters.getByRole('radio', { name: 'AC', exact: true }).check();
  await expect(page.getByText(/^Showing \d+ of \d+ trips$/)).toBeVisible();
  for (const vehicle of await page.locator('.trip__vehicle').allTextContents()) expect(vehicle).toMatch(/· AC$/);
  // A time band on the displayed clock.
  await filters.getByRole('checkbox', { name: '06 pm - 03 am' }).check();
  for (const time of await page.getByTestId('departure').allTextContents()) {
    const [hour, , half] = time.split(/[: ]/);
    const h = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
    expect(h >= 18 || h < 3).toBe(true);
  }
  await filters.getByRole('checkbox', { name: '06 pm - 03 am' }).uncheck();
  await page.getByRole('button', { name: 'Hide filters' }).click();

  // Sort by price both ways.
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption('l2h');
  expect(ascending(await fares(page, 'low'))).toBe(true);
  await sort.selectOption('h2l');
  expect(ascending((await fares(page, 'high')).reverse())).toBe(true);
  await page.screenshot({ path: `${artifacts}results-filtered.png`, fullPage: false });

  // Details of a trip (a "bus view" for analytics), pushed without blocking the tap.
  await page.getByRole('button', { name: 'Details' }).first().click();
  await expect(page.getByText(/^Boarding points:/).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event)))
    .toEqual(expect.arrayContaining(['page_view', 'search', 'bus_view']));

  // The URL is the search, the filters and the sort: a reload shows the same results.
  const showing = await page.getByText(/^Showing \d+ of \d+ trips$/).textContent();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dhaka to Chittagong' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(showing ?? '');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('h2l');
  expect(ascending((await fares(page, 'high')).reverse())).toBe(true);

  // Modify the search without leaving the page.
  await page.getByRole('button', { name: 'Modify search' }).click();
  await chooseCity(page, 'To', 'Sylh', 'Sylhet');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dhaka to Sylhet' })).toBeVisible();
  // A new search starts afresh but for the coach type, which the form showed and sent (AC).
  await expect(page).toHaveURL(/[?&]coachType=ac$/);
  await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ trips$/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  expect(problems).toEqual([]);
});

test('launch: search Dhaka to Barishal', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/bus');
  await page.getByRole('navigation', { name: 'Services', exact: true }).getByRole('link', { name: 'LAUNCH' }).click();
  await expect(page).toHaveURL('/launch');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy launch tickets' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Coach type' })).toHaveCount(0);
  await chooseCity(page, 'From', 'dha', 'Dhaka');
  await chooseCity(page, 'To', 'Bari', 'Barishal');
  await page.getByLabel('Journey date').fill(dhakaDate(1));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/launch\/trip\?from=dhaka&to=barishal&journeyDate=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dhaka to Barishal' })).toBeVisible();
  await expect(page.getByTestId('trip').first()).toBeVisible();
  await expect(page.getByTestId('trip').first()).toContainText('MV ');
  await expect(page.getByRole('navigation', { name: 'Services', exact: true }).getByRole('link', { name: 'LAUNCH' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: `${artifacts}launch-results.png`, fullPage: false });
  expect(problems).toEqual([]);
});

// Every route of the issue, with the heading it shows and the status the server answers.
const routes: [string, string | RegExp][] = [
  ['/', 'Buy bus tickets'],
  ['/bus', 'Buy bus tickets'],
  ['/launch', 'Buy launch tickets'],
  ['/bus/trip', 'Bus trips'],
  ['/launch/trip', 'Launch trips'],
  [`/bus/trip?from=dhaka&to=chattogram&journeyDate=${dhakaDate(1)}&coachType=ac`, 'Dhaka to Chittagong'],
  ['/bus/operator', 'Bus operators'],
  ['/launch/operator', 'Launch operators'],
  ['/bus/operator/op-hanif', 'Hanif Enterprise'],
  ['/launch/operator/op-sundarban', 'Sundarban Navigation'],
  ['/bus/popular-route', 'Popular bus routes'],
  ['/launch/popular-route', 'Popular launch routes'],
  ['/bus/popular-route/popular-bus-dhaka-chattogram', 'Dhaka to Chittagong'],
  ['/launch/popular-route/popular-launch-dhaka-barishal', 'Dhaka to Barishal'],
  ['/bus/offer', 'Offers and promos'],
  ['/bus/offer/offer-eid200', 'Eid offer: 200 TK off'],
  ['/bus/policies', 'Policies'],
  ['/launch/policies', 'Policies'],
  ['/bus/find-ticket', 'Ticket history'],
  ['/launch/find-ticket', 'Ticket history'],
  ['/bus/payment', 'Payment'],
  ['/bus/payment/success', 'No payment to show'],
  ['/launch/payment/passenger-details', 'Passenger details'],
  ['/bus/emi', 'Pay in instalments (EMI)'],
];

for (const [path, heading] of routes) {
  test(`${path} answers 200 with "${heading}"`, async ({ page }) => {
    const problems = collectProblems(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The footer on every page but the home pages; none in the EMI layout.
    const footer = ['/', '/bus', '/launch', '/bus/emi'].includes(path) ? 0 : 1;
    await expect(page.getByRole('contentinfo')).toHaveCount(footer);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}

test('a made-up path is a real 404 with a way home; the API says so too', async ({ page, request }) => {
  for (const path of ['/made/up/path', '/bus/nope', '/launch/offer/1']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 page not found' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeVisible();

  const token = (await (await request.post('/oauth/access_token', { data: { grant_type: 'client_credentials', client_id: 'web' } })).json()) as {
    access_token: string;
  };
  const missing = await request.get('/v1/api/intercity/made-up', { headers: { Authorization: `Bearer ${token.access_token}` } });
  expect(missing.status()).toBe(404);
  expect(((await missing.json()) as { message: string }).message).toBe('This page could not be found');
});

test('the policies anchors from the footer scroll to their section', async ({ page }) => {
  await page.goto('/bus/operator');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL('/bus/policies#privacy-policy');
  const section = page.locator('#privacy-policy');
  await expect(section.getByRole('heading', { name: 'Privacy policy' })).toBeInViewport();
  // The scroll offset leaves room above the section (SPEC §9: 100 px).
  await expect.poll(async () => Math.round((await section.boundingBox())?.y ?? -1)).toBe(100);
});

test('mobile menu at 360 px: bus and launch items, scroll locked while open', async ({ page }) => {
  await page.goto('/bus');
  await expect(page.getByTestId('sub-header')).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/bus/find-ticket');
  await expect(menu.getByRole('button', { name: 'Full bus reserve' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /Helpline/ })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.screenshot({ path: `${artifacts}mobile-menu.png` });

  // Full bus reserve opens its form; a failed submit marks the fields.
  await menu.getByRole('button', { name: 'Full bus reserve' }).click();
  const reserve = page.getByRole('dialog', { name: 'Full bus reserve' });
  await expect(reserve).toBeVisible();
  await reserve.getByRole('button', { name: 'Submit request' }).click();
  await expect(reserve.getByLabel('Contact name')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${artifacts}full-bus-reserve.png` });
  await page.keyboard.press('Escape');
  await expect(reserve).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  await page.goto('/launch');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const launchMenu = page.getByRole('dialog', { name: 'Menu' });
  await expect(launchMenu.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/launch/find-ticket');
  await expect(launchMenu.getByRole('button', { name: 'Full bus reserve' })).toHaveCount(0);
  await launchMenu.getByRole('button', { name: 'Close' }).click();
  await expect(launchMenu).toHaveCount(0);
});

test('desktop width: the sub-header instead of the hamburger', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bus');
  const sub = page.getByTestId('sub-header');
  await expect(sub).toBeVisible();
  await expect(sub.getByRole('button', { name: 'Full bus reserve' })).toBeVisible();
  await expect(sub.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/bus/find-ticket');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await page.screenshot({ path: `${artifacts}home-desktop.png` });
});

test('mobile-app mode is remembered and hides Rental', async ({ page }) => {
  await page.goto('/bus/operator');
  await expect(page.getByRole('link', { name: /^Rental/ }).first()).toBeVisible();

  await page.goto('/bus/operator?isMobileApp=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Bus operators' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Rental/ })).toHaveCount(0);
  // Without the flag in the URL, the stored one still counts.
  await page.goto('/bus/policies');
  await expect(page.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Rental/ })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('isMobileApp'))).toBe('true');
});

test('the keyboard reaches the search form, and its fields are labelled', async ({ page }) => {
  await page.goto('/bus');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByRole('combobox', { name: 'From', exact: true }).evaluate((el) => el === document.activeElement)) break;
  }
  await expect(page.getByRole('combobox', { name: 'From', exact: true })).toBeFocused();
  await page.keyboard.type('Dhak');
  // As a person does: the list shows its choices before the arrow goes to them (on a loaded
  // machine the filtered list can come a frame after the last key).
  await expect(page.getByRole('option', { name: 'Dhaka', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'From', exact: true })).toHaveValue('Dhaka');
});
