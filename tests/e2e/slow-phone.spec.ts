/**
 * A traveller on a slow Bangla phone (issue 40), at 360 x 740 on the slow profile (400 kbps,
 * 400 ms round trips, 4x CPU through the DevTools protocol, as tests/load/slow-profile.mjs):
 * - typing into the prerendered form goes on across the app's taking over: every key lands in
 *   the field, the focus and the caret stay where they were;
 * - a Search tapped before the app has come opens the results in the same page once it has;
 * - the prerendered page and the app's first screen put the form at the same place;
 * - a Bangla browser (Accept-Language, or the site's `lang` cookie) is answered in Bangla from
 *   the first paint;
 * - each page's main action is within the first 740 px.
 * Nothing here waits a fixed time: the keys are typed until the hand-over is seen.
 */
import { expect, test, type Page } from '@playwright/test';
import { artifacts, dhakaDate } from './helpers';

test.use({ viewport: { width: 360, height: 740 } });

/** The slow profile of slow-profile.mjs on this page. */
async function slowProfile(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (400 * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Holds the app's scripts back (not the prerendered page's own plain-form.js) until the returned
 * function is called: the plain page stays as long as the test needs it.
 */
async function holdApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    if (!route.request().url().includes('/plain-form-')) await held;
    await route.continue();
  });
  return release;
}

const plainForm = (page: Page) => page.locator('form[data-prerendered]');
const tookOver = async (page: Page) => (await plainForm(page).count()) === 0;

test('keys typed while the app takes over all land in the field, with the focus and the caret', async ({ page }) => {
  test.setTimeout(90_000);
  await slowProfile(page);
  const release = await holdApp(page);
  await page.goto('/bus', { waitUntil: 'commit' });
  const from = plainForm(page).getByLabel('From');
  await from.click();
  await page.keyboard.type('Dhaka');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Chttagong');
  // The caret back after 'Ch', where the missing 'i' goes.
  for (let i = 0; i < 'ttagong'.length; i++) await page.keyboard.press('ArrowLeft');
  const top = await plainForm(page).evaluate((form) => form.getBoundingClientRect().top);
  release();
  // Keys go on while the app arrives and replaces the form: each must land.
  let typed = '';
  while (!(await tookOver(page))) {
    expect(typed.length, 'the app took over').toBeLessThan(400);
    await page.keyboard.type('i');
    typed += 'i';
  }
  await page.keyboard.type('i');
  typed += 'i';
  const to = page.getByRole('combobox', { name: 'To', exact: true });
  await expect(to).toBeFocused();
  await expect(to).toHaveValue(`Ch${typed}ttagong`);
  expect(await to.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(2 + typed.length);
  await expect(page.getByRole('combobox', { name: 'From', exact: true })).toHaveValue('Dhaka');
  // The app's form stands where the plain one stood.
  const appTop = await page.getByRole('search').evaluate((form) => form.getBoundingClientRect().top);
  expect(Math.abs(appTop - top)).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${artifacts}slow-typing-kept.png` });
});

test('a Search tapped before the app has come opens the results in the same page once it is there', async ({ page }) => {
  test.setTimeout(90_000);
  await slowProfile(page);
  const release = await holdApp(page);
  await page.goto('/bus', { waitUntil: 'commit' });
  const form = plainForm(page);
  await form.getByLabel('From').fill('Dhaka');
  await form.getByLabel('To').fill('Chittagong');
  await form.getByLabel('Journey date').fill(dhakaDate(1));
  // plain-form.js (which the test does not hold) has run: it holds the Search for the app.
  await expect(page.locator('html')).toHaveAttribute('data-plain-form', '');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form).toHaveAttribute('data-submitted', '');
  await expect(form.getByRole('button')).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('link', { name: /^View seats/ }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`/bus/trip\\?from=Dhaka&to=Chittagong&journeyDate=${dhakaDate(1)}&coachType=all$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dhaka to Chittagong' })).toBeVisible();
  // The same document: the app was not thrown away by a page load.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a Bangla browser gets the Bangla page from the first paint; the lang cookie overrides the phone', async ({ browser }) => {
  test.setTimeout(90_000);
  for (const { locale, cookie, bangla } of [
    { locale: 'bn-BD', cookie: null, bangla: true },
    { locale: 'en-US', cookie: 'bn', bangla: true },
    { locale: 'bn-BD', cookie: 'en', bangla: false },
  ]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale });
    try {
      if (cookie) await context.addCookies([{ name: 'lang', value: cookie, url: test.info().project.use.baseURL ?? 'http://127.0.0.1:18080' }]);
      const page = await context.newPage();
      await slowProfile(page);
      const release = await holdApp(page);
      await page.goto('/bus', { waitUntil: 'commit' });
      // Before any script of the app: the server's page itself.
      await expect(plainForm(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', bangla ? 'bn' : 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bangla ? 'বাসের টিকিট কিনুন' : 'Buy bus tickets');
      await expect(plainForm(page).getByRole('button')).toHaveText(bangla ? 'খুঁজুন' : 'Search');
      if (bangla) {
        // In the site's own Bengali font, not boxes: it is loaded with the page.
        await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'বাস'))).toBe(true);
        await page.screenshot({ path: `${artifacts}slow-bangla-first-paint.png` });
      }
      release();
      await expect(plainForm(page)).toHaveCount(0, { timeout: 60_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bangla ? 'বাসের টিকিট কিনুন' : 'Buy bus tickets');
    } finally {
      await context.close();
    }
  }
});

test("each page's main action is on the first 740 px of a phone", async ({ page }) => {
  test.setTimeout(60_000);
  const within = async (name: string, locator: ReturnType<Page['locator']>) => {
    await expect(locator, name).toBeVisible();
    const box = await locator.boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.y + box!.height, `${name}: bottom at ${box!.y + box!.height}`).toBeLessThanOrEqual(740);
  };
  for (const path of ['/bus', '/launch']) {
    await page.goto(path);
    await expect(plainForm(page)).toHaveCount(0);
    await expect(page.getByTestId('demo-notice')).toBeAttached();
    await within(`${path} Search`, page.getByRole('search').getByRole('button', { name: 'Search' }));
  }
  await page.goto('/bus/find-ticket');
  await expect(plainForm(page)).toHaveCount(0);
  await within('find-ticket Continue', page.getByRole('button', { name: 'Continue' }));
  await page.goto(`/bus/trip?from=dhaka&to=chattogram&journeyDate=${dhakaDate(1)}&coachType=all`);
  await within('the first View seats', page.getByRole('link', { name: /^View seats/ }).first());
});
