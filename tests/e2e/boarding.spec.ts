/**
 * Boarding (issue 36) against the real server in demo mode, on a phone whose camera is Chromium's
 * fake device playing a picture of the ticket's QR code. Hanif's manager puts a trip on the road
 * forty minutes from now, sells a seat at the counter (the receipt carries the signed boarding
 * code) and adds a boarding phone; the supervisor logs in on the phone at 360 px, enrols it with
 * the code, downloads the trip's pack and points the camera at the receipt's QR code: the core
 * verifies it in the browser and the page says Board, with the seat. Offline, the page opens
 * again from the service worker, the typed PNR is judged from the pack (already boarded), the
 * scan queues, and it uploads when the network returns; the manifest then shows the traveller
 * boarded with the later scan flagged. Closing boarding forty minutes early is refused, saying
 * when it may close. Artifacts: boarding-*.
 */
import { writeFile } from 'node:fs/promises';
import { chromium, expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { artifacts, collectProblems } from './helpers';
import { logIn, lookAt, noSideways } from './staff-desk';

const SUPERVISOR = '01700000004';

/** A staff call from the logged-in page (its token), answering the envelope's data. */
async function call<T>(desk: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return desk.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('staff.token');
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as { data: unknown };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Dhaka's wall clock `minutes` from now: `YYYY-MM-DD` and `HH:MM`. */
function dhakaIn(minutes: number): { date: string; time: string } {
  const at = new Date(Date.now() + minutes * 60_000 + 6 * 3_600_000).toISOString();
  return { date: at.slice(0, 10), time: at.slice(11, 16) };
}

/** A PNG as one frame of a Y4M video (Chromium's fake camera plays it over and over). */
function y4m(png: Buffer): Buffer {
  const image = PNG.sync.read(png);
  const width = image.width - (image.width % 2);
  const height = image.height - (image.height % 2);
  const luma = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * image.width + x) * 4;
      luma[y * width + x] = Math.round(0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]);
}

interface Receipt {
  pnr: string;
  seats: string[];
  boardingCode: string;
  qrSvg: string;
}

test('a supervisor enrols a phone, boards a ticket with the camera, boards offline from the trip pack, and the scans upload with the later one flagged', async ({ browser, request, baseURL }) => {
  test.setTimeout(420_000);
  // The manager: a trip forty minutes from now, a seat sold at the counter, a phone to enrol.
  const deskContext = await browser.newContext({ baseURL });
  const desk = await deskContext.newPage();
  await logIn(desk, request);
  const code = `board-${Date.now().toString(36)}`;
  const leaves = dhakaIn(40);
  await call(desk, 'POST', '/v1/api/staff/routes', {
    code,
    service: 'BUS',
    name: 'Dhaka - Cumilla',
    stops: [
      { cityId: 'dhaka', minutes: 0, boards: true, drops: false },
      { cityId: 'cumilla', minutes: 120, boards: false, drops: true },
    ],
  });
  const routeId = `op-hanif:${code}`;
  await call(desk, 'POST', '/v1/api/staff/fares', { routeId, seatClass: 'economy', fares: [{ fromStop: 0, toStop: 1, fare: 450 }] });
  await call(desk, 'POST', '/v1/api/staff/schedules', {
    code,
    routeId,
    departure: leaves.time,
    days: 'daily',
    fromDate: leaves.date,
    toDate: leaves.date,
    class: 'Economy',
    layoutId: 'bus-economy-40',
  });
  const departs = `${leaves.date} ${leaves.time}`;
  const trips = await call<{ trips: { id: string; departs: string; routeName: string }[] }>(desk, 'GET', '/v1/api/staff/counter/trips');
  const trip = trips.trips.find((t) => t.departs === departs && t.routeName === 'Dhaka - Cumilla');
  expect(trip, JSON.stringify(trips.trips.slice(0, 5))).toBeTruthy();
  await call(desk, 'POST', '/v1/api/staff/shifts/open', { counterId: 'op-hanif:gabtoli', float: 0 }).catch((e: Error) => {
    if (!e.message.includes('shift.open')) throw e;
  });
  const sold = await call<Receipt>(desk, 'POST', '/v1/api/staff/counter/sell', {
    tripId: trip!.id,
    seats: ['A1'],
    passenger: { name: 'Rahima Khatun', phone: '01712345678', gender: 'female' },
    payment: { method: 'cash' },
  });
  expect(sold.boardingCode.length).toBeLessThanOrEqual(150);
  const enrolment = await call<{ enrolCode: string }>(desk, 'POST', '/v1/api/staff/boarding/devices', { name: 'Front door' });

  // The receipt's QR code on a sheet of paper, as the fake camera sees it.
  await desk.setViewportSize({ width: 640, height: 480 });
  await desk.setContent(`<body style="margin:0;background:#fff;display:grid;place-items:center;height:480px"><div style="width:400px;height:400px">${sold.qrSvg.replace('<svg', '<svg width="400" height="400"')}</div></body>`);
  const camera = `${artifacts}boarding-camera.y4m`;
  await writeFile(camera, y4m(await desk.screenshot({ path: `${artifacts}boarding-camera.png` })));

  // The supervisor's phone, its camera the fake device playing that picture.
  const phoneBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${camera}`],
  });
  try {
    const context = await phoneBrowser.newContext({ baseURL, viewport: { width: 360, height: 740 }, permissions: ['camera'] });
    const phone = await context.newPage();
    const problems = collectProblems(phone);
    await logIn(phone, request, SUPERVISOR, null);
    await expect(phone.getByRole('heading', { name: 'Boarding', level: 1 })).toBeVisible();
    await phone.getByLabel('Enrolment code').fill(enrolment.enrolCode);
    await phone.getByRole('button', { name: 'Enrol' }).click();
    await expect(phone.getByText('This phone boards offline as "Front door".')).toBeVisible();
    await phone.getByLabel('Trip', { exact: true }).selectOption(trip!.id);
    await expect(phone.getByText('Trip pack: 1 tickets; 0 let on by this phone.')).toBeVisible();
    await lookAt(phone, 'board-360');
    await noSideways(phone);

    await phone.getByRole('button', { name: 'Start the camera' }).click();
    const verdict = phone.getByTestId('board-verdict');
    await expect(verdict).toHaveAttribute('data-result', 'boarded', { timeout: 20_000 });
    await expect(verdict).toContainText('A1');
    await expect(verdict).toContainText('Rahima Khatun');
    await phone.screenshot({ path: `${artifacts}boarding-boarded.png` });
    await phone.getByRole('button', { name: 'Stop the camera' }).click();
    await expect(phone.getByTestId('board-queue')).toHaveText('Every scan is sent.', { timeout: 20_000 });

    // Offline: the page opens from the worker's cache, the pack from IndexedDB.
    await expect.poll(() => phone.evaluate(async () => Boolean(navigator.serviceWorker.controller) && Boolean(await caches.match('/staff'))), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    await phone.reload();
    await expect(phone.getByText(/You are offline: this phone boards from its trip pack/)).toBeVisible();
    await phone.getByLabel('Trip', { exact: true }).selectOption(trip!.id);
    await expect(phone.getByText('Trip pack: 1 tickets; 1 let on by this phone.')).toBeVisible();
    await phone.getByLabel('PNR (for a traveller with only an SMS)').fill(sold.pnr.toLowerCase());
    await phone.getByRole('button', { name: 'Check' }).click();
    await expect(verdict).toHaveAttribute('data-result', 'duplicate');
    await expect(verdict).toContainText('Already boarded');
    await expect(phone.getByTestId('board-queue')).toHaveText('1 scans waiting for the network');
    await phone.screenshot({ path: `${artifacts}boarding-offline.png` });

    // Back online: the queue goes, and the manifest has the later scan flagged.
    await context.setOffline(false);
    await expect(phone.getByTestId('board-queue')).toHaveText('Every scan is sent.', { timeout: 30_000 });
    await phone.getByRole('button', { name: 'Show the manifest' }).click();
    const row = phone.locator('tr.board-row', { hasText: sold.pnr });
    await expect(row).toContainText('Boarded');
    await expect(row).toContainText('1 later scans flagged');
    await expect(row).toContainText('••••••••678');
    phone.once('dialog', (dialog) => void dialog.accept());
    await phone.getByRole('button', { name: 'Close boarding' }).click();
    await expect(phone.getByText(/Boarding closes at .*, 15 minutes before departure/)).toBeVisible();
    await lookAt(phone, 'board-manifest-360');
    // Offline fetches fail, as they should; the early close is the one refusal asked for.
    const expected = /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|HTTP 400 .*\/boarding\/close$|status of 400 \(Bad Request\)$/;
    expect(problems.filter((p) => !expected.test(p))).toEqual([]);
  } finally {
    await phoneBrowser.close();
    await deskContext.close();
  }
});
