/**
 * Works on a bad network (issue 14), in Chromium with the real service worker: a ticket booked
 * online is kept on the phone and opens offline with its PNR and a QR code a reader decodes to
 * the PDF's content (the signed boarding code); /bus offline is the shell with the offline banner; a search
 * started offline says so and runs once the network is back, and the actions that need the
 * network are disabled with the reason until then; the Bengali font is kept once used, not
 * precached; a new worker waiting shows 'Update available' and, taken at a safe page, controls
 * the page. Screenshots at 360x740 go to artifacts/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { artifacts, choosePoints, dhakaDate } from './helpers';

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });

const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(here, process.env.E2E_DIST_DIR ?? '../../app/dist');
const serverBin = path.resolve(here, process.env.STATIC_SERVER_BIN ?? '../../target/release/static-server');

/** Waits until the service worker controls the page and has precached the site. */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker.controller !== undefined, undefined, {
    timeout: 20_000,
  });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    // The worker stores the runtime config for offline starts (register-sw.ts).
    for (let i = 0; i < 50 && !(await (await caches.open('site-config')).match('/api/config')); i++) await new Promise((r) => setTimeout(r, 100));
  });
}

/** Books and pays a bus ticket through the pages; returns its PNR as the success page shows it. */
async function bookTicket(page: Page): Promise<string> {
  await page.goto(`/bus/trip?from=dhaka&to=chattogram&journeyDate=${dhakaDate(1)}&coachType=all`);
  await page.getByRole('link', { name: /^View seats/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
  await choosePoints(page);
  await page.getByRole('button', { name: /^Seat [^,]+, available, / }).and(page.locator('[aria-pressed="false"]')).first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill('Karim Offline');
  await page.getByLabel('Mobile number').fill(`0181${String(Date.now() % 10_000_000).padStart(7, '0')}`);
  await page.getByLabel('Male', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  const pnr = ((await page.getByTestId('ticket-pnr').textContent()) ?? '').trim();
  // The success page keeps the ticket in idle time, which a loaded machine (CI's) may put off:
  // leaving before would test nothing offline.
  await expect.poll(() => keptBoardingCode(page, pnr), { timeout: 15_000, message: 'the ticket is kept on the phone' }).not.toBe('');
  return pnr;
}

/** The QR code on the screen, read by a real QR reader from a screenshot of it. */
/** The boarding code of the ticket `pnr` as the phone kept it (IndexedDB, saved-tickets-store.ts). */
async function keptBoardingCode(page: Page, pnr: string): Promise<string> {
  return page.evaluate(
    (pnr) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('saved-tickets');
        // Not made here before the app makes it (with its stores): nothing kept yet.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tickets')) {
            db.close();
            resolve('');
            return;
          }
          const all = db.transaction('tickets').objectStore('tickets').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            const kept = (all.result as { ticket: { pnr?: string; boardingCode?: string } }[]).find((s) => s.ticket.pnr === pnr);
            db.close();
            resolve(kept?.ticket.boardingCode ?? '');
          };
        };
      }),
    pnr,
  );
}

async function readQr(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId('ticket-qr').first().screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test('a booked ticket opens offline with its PNR and a QR code that reads as the PDF; /bus offline shows the banner; a search waits for the network', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto('/bus');
  await workerInControl(page);
  const pnr = await bookTicket(page);
  expect(pnr).toMatch(/\S{5,}/);

  // Kept on the device in idle time, the PDF too (the success page fetches it while online).
  await page.goto('/bus/saved-tickets');
  await expect(page.getByTestId('saved-pnr')).toHaveText(pnr);
  await expect
    .poll(async () => {
      await page.reload();
      await expect(page.getByTestId('saved-pnr')).toHaveText(pnr);
      return page.getByRole('link', { name: 'Open the PDF e-ticket' }).count();
    }, { timeout: 15_000, message: 'the PDF is kept too' })
    .toBe(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toHaveText(/You are offline\. Your saved tickets are still here\./);
  const card = page.getByTestId('saved-ticket').filter({ hasText: pnr });
  await expect(card.getByTestId('saved-pnr')).toHaveText(pnr);
  await expect(card.getByText('Confirmed')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Open the PDF e-ticket' })).toBeVisible();
  // The QR holds the ticket's signed boarding code (issue 36), as the PDF's does.
  const code = await keptBoardingCode(page, pnr);
  expect(code.length).toBeGreaterThan(60);
  await expect.poll(() => readQr(page), { message: 'the QR code reads as the kept boarding code' }).toBe(code);
  await page.screenshot({ path: `${artifacts}offline-saved-tickets.png`, fullPage: true });

  // The home page opens offline: the shell, the search form and the banner.
  await page.goto('/bus');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // Its search needs the network: disabled, and it says why.
  const search = page.getByRole('search').getByRole('button', { name: 'Search' });
  await expect(search).toBeDisabled();
  await expect(search).toHaveAccessibleDescription('You are offline: this needs the network.');
  await page.screenshot({ path: `${artifacts}offline-bus.png` });

  // A search started offline says so instead of spinning, and runs when the network is back.
  await page.goto(`/bus/trip?from=dhaka&to=sylhet&journeyDate=${dhakaDate(1)}&coachType=all`);
  await expect(page.getByText('You are offline, so this search cannot run.', { exact: false })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: /^View seats/ }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(page.getByTestId('needs-network')).toHaveCount(0);
});

test('offline right after paying, the success page shows the ticket kept on the phone, and no page says "Something went wrong!"', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/bus');
  await workerInControl(page);
  const pnr = await bookTicket(page);
  const success = page.url();
  const toasts: string[] = [];
  await page.exposeFunction('noteToast', (text: string) => toasts.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"], .toast')) (window as unknown as { noteToast: (t: string) => void }).noteToast(toast.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  await context.setOffline(true);
  await page.goto(success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('offline-ticket')).toHaveText('You are offline. This is your ticket as saved on this phone.');
  await expect(page.getByTestId('ticket-pnr')).toHaveText(pnr);
  await page.screenshot({ path: `${artifacts}offline-success.png` });
  // Other pages opened offline: the offline banner, and a failed call says offline, not the fallback.
  for (const path of ['/bus/operator', '/launch/popular-route', '/bus/find-ticket']) {
    await page.goto(path);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
  }
  expect(toasts.filter((text) => text.includes('Something went wrong'))).toEqual([]);
  await context.setOffline(false);
});

/** Holds the app's scripts back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the prerendered /bus works before the scripts arrive, and the app keeps what was typed', async ({ page }) => {
  // The scripts held back: the page as a slow phone first paints it.
  const release = await holdScripts(page);
  await page.goto('/bus', { waitUntil: 'commit' });
  const form = page.locator('form[data-prerendered="BUS"]');
  await expect(form).toBeVisible();
  await form.getByLabel('From').fill('Dhaka');
  await form.getByLabel('To').fill('Sylhet');
  await form.getByLabel('Journey date').fill(dhakaDate(1));
  release();
  // The app's own form replaces the plain one with the same search.
  await expect(page.locator('form[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'From', exact: true })).toHaveValue('Dhaka');
  await expect(page.getByRole('combobox', { name: 'To', exact: true })).toHaveValue('Sylhet');
  await expect(page.getByLabel('Journey date')).toHaveValue(dhakaDate(1));
});

test('a Tab pressed before the scripts arrive stays where it was when the app takes over', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/bus', { waitUntil: 'commit' });
  await expect(page.locator('form[data-prerendered="BUS"]')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  release();
  await expect(page.locator('form[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});

test('the plain form searches without the scripts: its submit opens the results', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/bus');
  await page.getByLabel('From').fill('Dhaka');
  await page.getByLabel('To').fill('Sylhet');
  await page.getByLabel('Journey date').fill(dhakaDate(1));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/bus/trip\\?from=Dhaka&to=Sylhet&journeyDate=${dhakaDate(1)}&coachType=all$`));
  await context.close();
});

test('the prerendered ticket history keeps a number typed before the scripts arrive, focus and all', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/bus/find-ticket', { waitUntil: 'commit' });
  const form = page.locator('form[data-prerendered="find-ticket"]');
  await expect(form.getByRole('heading', { name: 'Find your tickets' })).toBeVisible();
  await form.getByLabel('Mobile number').fill('01712 345678');
  release();
  await expect(page.locator('form[data-prerendered]')).toHaveCount(0);
  const phone = page.getByLabel('Mobile number');
  await expect(phone).toHaveValue('01712345678');
  await expect(phone).toBeFocused();
});

test('without the scripts the ticket-history form says nothing can be sent yet: its Continue is disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/launch/find-ticket');
  await expect(page.getByRole('heading', { name: 'Find your tickets' })).toBeVisible();
  await page.getByLabel('Mobile number').fill('01812345678');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await context.close();
});

test('the Bengali font is not precached for everyone; a Bangla reader keeps it for offline after the first use', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow', locale: 'bn-BD' });
  try {
    const page = await context.newPage();
    await page.goto('/bus');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await workerInControl(page);
    // A page the worker controls uses the font: its route keeps it (a first visit's own fonts are
    // stored by register-sw.ts when it sees them loaded before the worker was there).
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const cached = async () =>
      page.evaluate(async () => {
        const found: Record<string, string[]> = {};
        for (const name of await caches.keys()) {
          const urls = (await (await caches.open(name)).keys()).map((request) => request.url).filter((url) => url.includes('noto-sans-bengali'));
          if (urls.length > 0) found[name] = urls;
        }
        return found;
      });
    // Kept by the worker's own route, in its own cache: never in the precache every visitor downloads.
    await expect.poll(async () => Object.keys(await cached()), { timeout: 10_000 }).toEqual(['fonts']);
    expect((await cached()).fonts?.length).toBeGreaterThanOrEqual(1);
  } finally {
    await context.close();
  }
});

/** A static-server of our own on a free port, so the test can swap the build it serves. */
async function startServer(dist: string, port: number, db: string): Promise<ChildProcess> {
  const child = spawn(serverBin, [], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DIST_DIR: dist, DATABASE_URL: `sqlite://${db}`, DEMO_MODE: '1', DEMO_DAYS: '2', RUST_LOG: 'warn' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/config`)).ok) return child;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('static-server did not start');
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The build a page's controlling worker was made for: the version marker the test's 'next' worker answers with. */
async function controllerBuild(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        // The first build's worker does not answer: it is not the new one.
        setTimeout(() => resolve('first-build'), 2_000);
        controller.postMessage({ type: 'BUILD' }, [channel.port2]);
      }),
  );
}

test("a new version waiting is not offered in the middle of a payment; at a safe page 'Update available' takes it and the new worker controls the page", async ({ browser }) => {
  test.setTimeout(90_000);
  // The same build, then a 'new' one: another build id and a changed worker, as a deploy makes.
  const work = mkdtempSync(path.join(tmpdir(), 'offline-update-'));
  const next = path.join(work, 'dist-next');
  cpSync(distDir, next, { recursive: true });
  writeFileSync(path.join(next, 'version.json'), JSON.stringify({ build: 'next-build' }));
  // The pages' precache revisions change with them, as in a real build; the new worker also
  // answers which build it is (a marker the first worker does not have).
  const worker =
    readFileSync(path.join(next, 'sw.js'), 'utf8').replace(/(url:"(?:index\.html|\/|\/bus|\/launch)",revision:)"[^"]*"/g, '$1"next-build"') +
    `\nself.addEventListener('message', (event) => { if (event.data && event.data.type === 'BUILD') event.ports[0].postMessage('next-build'); });\n`;
  writeFileSync(path.join(next, 'sw.js'), worker);
  for (const file of ['index.html', 'prerendered/index.html', 'prerendered/bus/index.html', 'prerendered/launch/index.html']) {
    const html = readFileSync(path.join(next, file), 'utf8').replace(/<meta name="build-id" content="[^"]*"/, '<meta name="build-id" content="next-build"');
    writeFileSync(path.join(next, file), html);
  }
  const port = Number(process.env.E2E_PORT ?? 18080) + 5;
  const db = path.join(work, 'update.db');
  let server = await startServer(distDir, port, db);
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/bus`);
    await workerInControl(page);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    const firstBuild = await page.locator('meta[name="build-id"]').getAttribute('content');
    expect(firstBuild).not.toBe('next-build');
    expect(await controllerBuild(page)).toBe('first-build');

    await stop(server);
    server = await startServer(next, port, db);
    // A traveller in the middle of a payment: the version check finds the new build and the new
    // worker installs, then waits, and nothing is offered there.
    await page.goto(`http://127.0.0.1:${port}/bus/payment`);
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === 'installed', undefined, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    // Waiting, not in control: the page still runs the first build.
    expect(await controllerBuild(page)).toBe('first-build');

    // At a safe page it is offered, and taken: the new worker takes over and the page reloads
    // into the new build. The test fails if the worker stays waiting.
    await page.goto(`http://127.0.0.1:${port}/bus`);
    await expect(page.getByTestId('update-prompt')).toContainText('Update available.', { timeout: 20_000 });
    await page.screenshot({ path: `${artifacts}update-available.png` });
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByTestId('update-prompt').getByRole('button', { name: 'Update', exact: true }).click();
    await reloaded;
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute('content', 'next-build');
    expect(await controllerBuild(page)).toBe('next-build');
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  } finally {
    await context?.close();
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
});
