/**
 * What a traveller hit on a phone (issue 18), against the real server and its demo data, in
 * Debian's Chromium at 360 x 740: filters and sort that survive a reload, a shared link and
 * back/forward; every cabin of the widest launch row tapped at 40 px or more; two whole trip
 * cards on the first screen; result pages opened cold; the keyboard paths on a wide screen; a
 * toast that leaves the Continue bar alone; banners dismissed for good. Screenshots go to
 * artifacts/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { artifacts, choosePoints, collectProblems, dhakaDate, themedURL } from './helpers';

test.use({ viewport: { width: 360, height: 740 } });

const busResults = () => `/bus/trip?from=dhaka&to=chattogram&journeyDate=${dhakaDate(1)}&coachType=all`;
const launchResults = () => `/launch/trip?from=dhaka&to=barishal&journeyDate=${dhakaDate(1)}`;
const shownStatus = (page: Page) => page.getByRole('status').filter({ hasText: /trips? found|^Showing/ });
const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The low ends of the listed fares, sold-out trips aside (they come last whatever they cost). */
async function lowFares(page: Page): Promise<number[]> {
  const result: number[] = [];
  for (const card of await page.getByTestId('trip').all()) {
    if ((await card.getByTestId('seats').textContent()) === 'Sold out') continue;
    const numbers = ((await card.getByTestId('fare').textContent()) ?? '').match(/[\d,]+/g)?.map((n) => Number(n.replaceAll(',', ''))) ?? [];
    result.push(Math.min(...numbers));
  }
  return result;
}

/** The results as a traveller sees them after choosing AC and 'Price: low to high'. */
async function expectAcCheapestFirst(page: Page, status: string): Promise<void> {
  await expect(shownStatus(page)).toHaveText(status);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('l2h');
  for (const vehicle of await page.locator('.trip__vehicle').allTextContents()) expect(vehicle).toMatch(/· AC$/);
  const fares = await lowFares(page);
  expect(fares.length).toBeGreaterThan(1);
  expect(fares.every((fare, i) => i === 0 || (fares[i - 1] as number) <= fare)).toBe(true);
}

test('filters and sort are in the URL: a reload, a shared link and back/forward keep them', async ({ page, context }) => {
  const problems = collectProblems(page);
  await page.goto(busResults());
  await expect(shownStatus(page)).toHaveText(/trips found/);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByTestId('filters').getByRole('radio', { name: 'AC', exact: true }).check();
  await page.getByRole('button', { name: 'Hide filters' }).click();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('l2h');
  await expect(page).toHaveURL(/[?&]coachType=ac(&|$)/);
  await expect(page).toHaveURL(/[?&]priceFilterType=l2h(&|$)/);
  const status = (await shownStatus(page).textContent()) ?? '';
  expect(status).toMatch(/^Showing \d+ of \d+ trips$/);
  await expectAcCheapestFirst(page, status);
  const link = page.url();

  await page.reload();
  await expectAcCheapestFirst(page, status);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  // The link shared: another traveller, another browser context.
  const other = await context.browser()!.newPage({ viewport: { width: 360, height: 740 } });
  await other.goto(link);
  await expectAcCheapestFirst(other, status);
  await other.close();

  // To a seat plan and back, and forth, and back by its own link.
  await page.getByRole('link', { name: /^View seats/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(link);
  await expectAcCheapestFirst(page, status);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to trips' }).first().click();
  await expect(page).toHaveURL(link);
  await expectAcCheapestFirst(page, status);
  expect(problems).toEqual([]);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('every cabin of the widest demo row is tapped, each at least 40 px wide and on the screen', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto(launchResults());
    await page.getByRole('link', { name: /^View seats/ }).first().tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
    await expect(page.locator('.seat-plan')).toHaveAttribute('aria-busy', 'false');

    // The class with the widest row, by the plan's own columns (each cell says where it stands).
    const classes = page.locator('.launch-class');
    let widest: Locator | null = null;
    let columns = 0;
    for (const group of await classes.all()) {
      const cols = await group.locator('button.seat').evaluateAll((seats) => Math.max(...seats.map((s) => Number((s as HTMLElement).dataset.col) + 1)));
      if (cols > columns) [widest, columns] = [group, cols];
    }
    // The demo's second floor: a row of 12 single cabins.
    expect(columns).toBeGreaterThanOrEqual(12);
    await expect(widest!.getByRole('heading', { level: 3 })).toHaveText(/^Single cabin/);
    await widest!.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}phone-widest-cabins.png` });

    const cabins = widest!.locator('button.seat');
    expect(await cabins.count()).toBeGreaterThanOrEqual(columns);
    let tapped = 0;
    for (const cabin of await cabins.all()) {
      await cabin.scrollIntoViewIfNeeded();
      const box = (await cabin.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(40);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      if (await cabin.isDisabled()) continue; // booked: not for sale, but there to see
      // A tap on it chooses it; a second gives it up (at most 4 may be chosen at once).
      await cabin.tap();
      await expect(cabin).toHaveAttribute('aria-pressed', 'true');
      await cabin.tap();
      await expect(cabin).toHaveAttribute('aria-pressed', 'false');
      tapped++;
    }
    expect(tapped).toBeGreaterThan(columns / 2);
    // Nothing is left past the edge: no sideways scroll in the page or in any class.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const overflowing = await classes.locator('.launch-class__scroll').evaluateAll((boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth).length);
    expect(overflowing).toBe(0);
    expect(problems).toEqual([]);
  });

  test('every seat and cabin of a launch and a bus plan is at least 40 px wide and inside 360 px', async ({ page }) => {
    for (const results of [launchResults(), busResults()]) {
      await page.goto(results);
      await page.getByRole('link', { name: /^View seats/ }).first().tap();
      await expect(page.locator('.seat-plan')).toHaveAttribute('aria-busy', 'false');
      const boxes = await page.locator('button.seat').evaluateAll((seats) =>
        seats.map((s) => {
          const r = s.getBoundingClientRect();
          return { seat: s.getAttribute('aria-label'), width: r.width, left: r.left, right: r.right };
        }),
      );
      expect(boxes.length).toBeGreaterThan(10);
      expect(boxes.filter((b) => b.width < 40 || b.left < 0 || b.right > 360)).toEqual([]);
    }
  });
});

/** The first screen's boxes: the search's summary, the filter row and the first two cards. */
async function firstScreen(page: Page) {
  const cards = page.getByTestId('trip');
  await expect(cards.nth(1)).toBeVisible();
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  return {
    title: await box(page.getByRole('heading', { level: 1 })),
    modify: await box(page.getByRole('button', { name: 'Modify search' })),
    filters: await box(page.getByRole('button', { name: /^Filters/ })),
    sort: await box(page.getByRole('combobox', { name: 'Sort by' })),
    cards: [await box(cards.nth(0)), await box(cards.nth(1))],
  };
}

test('two whole trip cards fit the first screen of a 360 x 740 phone, under a compact search and one filter row', async ({ page }) => {
  await page.goto(busResults());
  await expect(page.getByTestId('demo-notice')).toBeVisible();
  const shown = await firstScreen(page);
  await page.screenshot({ path: `${artifacts}phone-results.png` });
  // The search's summary is above the cards, both cards whole on the screen.
  expect(shown.title.y).toBeGreaterThanOrEqual(0);
  for (const card of shown.cards) {
    expect(card.y).toBeGreaterThan(shown.sort.y + shown.sort.height);
    expect(card.y + card.height).toBeLessThanOrEqual(740);
  }
  // Filters and sort on one row; 'Modify search' and 'Filters' well apart.
  expect(Math.abs(shown.filters.y - shown.sort.y)).toBeLessThan(4);
  expect(shown.filters.y - (shown.modify.y + shown.modify.height)).toBeGreaterThanOrEqual(8);
  for (const control of [shown.modify, shown.filters, shown.sort]) expect(control.height).toBeGreaterThanOrEqual(40);
});

test('banners: with the new-site banner and the demo notice both up, two cards still fit; dismissed, they stay away', async ({ page }) => {
  // The second server: an operator's site (Hanif) with the new-site banner rolled out to all.
  await page.goto(`${themedURL}${busResults()}`);
  await expect(page.getByTestId('new-site-banner')).toBeVisible();
  await expect(page.getByTestId('demo-notice')).toBeVisible();
  const shown = await firstScreen(page);
  expect(shown.cards[1]!.y + shown.cards[1]!.height).toBeLessThanOrEqual(740);

  await page.getByTestId('new-site-banner').getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Dismiss the demo notice' }).click();
  await page.reload();
  await expect(page.getByTestId('trip').first()).toBeVisible();
  await expect(page.getByTestId('new-site-banner')).toHaveCount(0);
  await expect(page.getByTestId('demo-notice')).toHaveCount(0);
  // A demo still says so, in the top bar.
  await expect(page.getByRole('navigation', { name: 'Our services' }).getByText('Demo', { exact: true })).toBeVisible();
  await page.goto(`${themedURL}/bus/policies`);
  await expect(page.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
  await expect(page.getByTestId('new-site-banner')).toHaveCount(0);
  await expect(page.getByTestId('demo-notice')).toHaveCount(0);
});

for (const path of ['/bus/payment/success', '/bus/payment/failed', '/bus/payment/cancel', '/launch/payment/success', '/launch/payment/failed', '/launch/payment/cancel']) {
  test(`${path} opened cold says only that there is no payment, with the way back`, async ({ page }) => {
    const problems = collectProblems(page);
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'No payment to show' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('There is no payment to show here.');
    await expect(main).not.toContainText(/successful|no money was taken|failed|cancelled/i);
    await expect(page).toHaveTitle(/^No payment to show \|/);
    await main.getByRole('link', { name: 'Search trips' }).click();
    await expect(page).toHaveURL(path.startsWith('/bus') ? '/bus' : '/launch');
    expect(problems).toEqual([]);
  });
}

test('a result page for a payment the server does not know says so, and nothing about money', async ({ page }) => {
  await page.goto('/bus/payment/failed?tnxId=TNX-NOBODY-KNOWS');
  await expect(page.getByRole('heading', { level: 1, name: 'No payment to show' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('We could not find a payment with reference TNX-NOBODY-KNOWS.');
  await expect(page.getByRole('main')).not.toContainText(/no money was taken/i);
});

test('desktop keyboard: a skip link to the results; Continue one Tab after the chosen seat', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(busResults());
  const viewSeats = page.getByRole('link', { name: /^View seats/ }).first();
  await expect(viewSeats).toBeVisible();
  let presses = 0;
  const press = async (key: string) => {
    presses++;
    await page.keyboard.press(key);
  };
  await press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to results' })).toBeFocused();
  await press('Enter');
  await expect(page.getByRole('region', { name: 'Trips' })).toBeFocused();
  for (let i = 0; i < 40 && !(await focused(viewSeats)); i++) await press('Tab');
  await expect(viewSeats).toBeFocused();
  // Tab, Enter, then the first card's Details and View seats (35 Tab presses before).
  expect(presses).toBe(4);

  await press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
  const boarding = page.getByLabel('Boarding point');
  await expect(boarding.locator('option')).not.toHaveCount(1);
  await boarding.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Dropping point')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.locator('.seat-plan')).toHaveAttribute('aria-busy', 'false');
  // The next Tab is the seat plan (one stop per deck), then a seat is chosen with Enter.
  await page.keyboard.press('Tab');
  const seat = page.locator('button.seat:focus');
  await expect(seat).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(seat).toHaveAttribute('aria-pressed', 'true');
  const decks = await page.locator('.deck').count();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  let tabs = 0;
  for (; tabs < 40 && !(await focused(continueButton)); tabs++) await page.keyboard.press('Tab');
  await expect(continueButton).toBeFocused();
  // One Tab (20 before), or two from the lower deck of a double-decker.
  expect(tabs).toBeLessThanOrEqual(decks);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bus\/payment$/);
});

test('a toast on the seat plan sits above the Continue bar, not over it', async ({ page }) => {
  await page.route('**/v1/api/intercity/seat-lock', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 400, message: 'These seats cannot be held right now', error: 'Bad Request' }),
    }),
  );
  await page.goto(busResults());
  await page.getByRole('link', { name: /^View seats/ }).first().click();
  await choosePoints(page);
  await page.getByRole('button', { name: /^Seat [^,]+, (ladies seat, )?available, / }).first().click();
  const bar = page.getByTestId('seat-summary');
  await bar.getByRole('button', { name: 'Continue' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'These seats cannot be held right now' });
  await expect(toast).toBeVisible();
  await page.screenshot({ path: `${artifacts}phone-toast.png` });
  const toastBox = (await toast.boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  // Continue can be pressed again while the toast is up.
  await expect(bar.getByRole('button', { name: 'Continue' })).toBeEnabled();
});
