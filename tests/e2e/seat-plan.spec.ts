/**
 * The seat plans against the real server and its demo data, at 360x640: a bus plan opened from
 * the results, points and seats chosen, the seats held and the traveller at /bus/payment; a
 * launch cabin held and the traveller at /launch/payment/passenger-details; two travellers
 * racing for one seat; the plan by keyboard alone; an axe check. Screenshots of both plans go to
 * artifacts/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { artifacts, choosePoints, collectProblems, dhakaDate } from './helpers';

const busResults = () => `/bus/trip?from=dhaka&to=chattogram&journeyDate=${dhakaDate(1)}&coachType=all`;
const launchResults = () => `/launch/trip?from=dhaka&to=barishal&journeyDate=${dhakaDate(1)}`;

/** A seat anyone may take: 'Seat A2, available, 1,210 TK' (ladies seats too). */
const freeSeats = (page: Page) => page.getByRole('button', { name: /^Seat [^,]+, (ladies seat, )?available, / });

/** Opens the seat plan of the `index`th trip that has seats left. */
async function openSeatPlan(page: Page, results: string, index: number): Promise<void> {
  await page.goto(results);
  const links = page.getByRole('link', { name: /^View seats/ });
  await expect(links.first()).toBeVisible();
  await links.nth(index).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
}

/** The seat number a seat button is named after. */
async function seatNo(seat: Locator): Promise<string> {
  const name = (await seat.getAttribute('aria-label')) ?? '';
  return /^Seat ([^,]+),/.exec(name)?.[1] ?? '';
}

test('bus: from the results, choose points and seats, hold them, arrive at /bus/payment', async ({ page }) => {
  const problems = collectProblems(page);
  await openSeatPlan(page, busResults(), 0);
  await expect(page.getByRole('group', { name: /^(Seats|Lower deck|Upper deck)$/ }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Seat legend' })).toContainText('Booked');

  const { boarding, dropping } = await choosePoints(page);
  const first = freeSeats(page).first();
  const a = await seatNo(first);
  await first.click();
  await expect(page.getByRole('button', { name: new RegExp(`^Seat ${a},`) })).toHaveAttribute('aria-pressed', 'true');
  const second = freeSeats(page).and(page.locator('[aria-pressed="false"]')).first();
  const b = await seatNo(second);
  await second.click();
  await expect(page.getByTestId('chosen-seats')).toHaveText(`${a}, ${b}`);
  await expect(page.getByTestId('total')).toContainText('TK');
  await page.screenshot({ path: `${artifacts}seat-plan-bus.png`, fullPage: true });

  // Analytics: the seat selections.
  const events = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'seat_select').length);
  expect(events).toBe(2);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bus\/payment$/);
  const hold = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('hold:BUS') ?? 'null'));
  expect(hold).toMatchObject({ service: 'BUS', seats: [a, b], boardingPoint: boarding, droppingPoint: dropping, from: 'dhaka', to: 'chattogram' });
  expect(hold.expiresAtMs).toBeGreaterThan(Date.now());
  expect(problems).toEqual([]);

  // Back to the plan to change seats: opening it dropped the hand-over (promo reset), and the
  // server shows this visitor the seats it still holds as theirs to choose again (the seat view
  // knows the visitor by its anonymousId; a new lock replaces the hold).
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('hold:BUS'))).toBeNull();
  await choosePoints(page);
  await expect(page.getByRole('button', { name: new RegExp(`^Seat ${a}, (ladies seat, )?available, `) })).toBeEnabled();
  await page.getByRole('button', { name: new RegExp(`^Seat ${a},`) }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bus\/payment$/);
  expect(await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('hold:BUS') ?? 'null')?.seats)).toEqual([a]);
});

test('launch: hold a cabin, arrive at /launch/payment/passenger-details', async ({ page }) => {
  const problems = collectProblems(page);
  await openSeatPlan(page, launchResults(), 0);
  await expect(page.getByRole('region', { name: 'First floor' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Deck: / })).toBeVisible();
  const cabin = page.getByRole('button', { name: /^Double cabin \d+, available, / }).first();
  const name = (await cabin.getAttribute('aria-label')) ?? '';
  const number = /^Double cabin (\d+),/.exec(name)?.[1] ?? '';
  await cabin.click();
  await expect(page.getByTestId('chosen-seats')).toHaveText(number);
  await page.screenshot({ path: `${artifacts}seat-plan-launch.png`, fullPage: true });
  await cabin.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${artifacts}seat-plan-launch-cabins.png` });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/launch\/payment\/passenger-details$/);
  const hold = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('hold:LAUNCH') ?? 'null'));
  expect(hold).toMatchObject({ service: 'LAUNCH', seats: [number], from: 'dhaka', to: 'barishal' });
  expect(problems).toEqual([]);
});

test('two travellers race for one seat: one holds it, the other is told and sees it booked', async ({ browser }) => {
  const one = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const two = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const pages = [await one.newPage(), await two.newPage()] as const;
  for (const page of pages) {
    await openSeatPlan(page, busResults(), 1);
    await choosePoints(page);
  }
  // Both want the same seat.
  const seat = await seatNo(freeSeats(pages[0]).first());
  for (const page of pages) await page.getByRole('button', { name: new RegExp(`^Seat ${seat}, `) }).click();
  await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Continue' }).click()));

  // Each page either moves on to payment or is told the seat was taken (the toast stays 5 s).
  const outcome = (page: Page) =>
    Promise.race([
      page.waitForURL(/\/bus\/payment$/).then(() => 'won' as const, () => 'closed' as const),
      page
        .getByRole('alert')
        .filter({ hasText: `Seat ${seat} was just taken by another traveller, please choose another` })
        .waitFor()
        .then(() => 'lost' as const, () => 'closed' as const),
    ]);
  const outcomes = await Promise.all(pages.map(outcome));
  expect([...outcomes].sort()).toEqual(['lost', 'won']);
  const loser = outcomes[0] === 'lost' ? pages[0] : pages[1];
  await expect(loser.getByRole('button', { name: new RegExp(`^Seat ${seat}, (ladies seat, )?booked$`) })).toBeDisabled();
  await expect(loser.getByTestId('seat-summary')).toContainText('No seat chosen yet');
  await loser.screenshot({ path: `${artifacts}seat-plan-taken.png` });
  // Reopened later, the seat is held by the winner for everyone else.
  await loser.reload();
  await expect(loser.getByRole('button', { name: new RegExp(`^Seat ${seat}, (ladies seat, )?(held by another traveller|booked)`) })).toBeDisabled();
  await one.close();
  await two.close();
});

test('the seat plan by keyboard alone', async ({ page }) => {
  await openSeatPlan(page, busResults(), 2);
  await expect(page.getByLabel('Boarding point')).toBeVisible();
  const focusedIs = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
  const tabTo = async (locator: Locator, limit = 120) => {
    for (let i = 0; i < limit && !(await focusedIs(locator)); i++) await page.keyboard.press('Tab');
    expect(await focusedIs(locator)).toBe(true);
  };
  await page.locator('body').focus();
  await tabTo(page.getByLabel('Boarding point'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Boarding point')).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Dropping point')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByLabel('Dropping point')).not.toHaveValue('');
  await expect(page.locator('.seat-plan')).toHaveAttribute('aria-busy', 'false');

  const seat = freeSeats(page).first();
  const number = await seatNo(seat);
  await tabTo(seat);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: new RegExp(`^Seat ${number},`) })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: new RegExp(`^Seat ${number},`) })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  // Arrows move between seats for sale without tabbing through each one.
  await page.keyboard.press('ArrowDown');
  const below = page.locator('button.seat:focus');
  await expect(below).toHaveCount(1);
  expect(await seatNo(below)).not.toBe(number);
  await tabTo(page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bus\/payment$/);
});

test('axe: the bus and launch seat plans have no serious or critical violations', async ({ page }) => {
  for (const results of [busResults(), launchResults()]) {
    await openSeatPlan(page, results, 3);
    await expect(page.locator('.seat-plan')).toBeVisible();
    if (results.startsWith('/bus')) {
      await choosePoints(page);
      await freeSeats(page).first().click();
    } else {
      await page.getByRole('button', { name: / available, / }).first().click();
    }
    const report = await new AxeBuilder({ page }).analyze();
    const bad = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
