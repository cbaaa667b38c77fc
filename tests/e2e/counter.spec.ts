/**
 * The counter (issue 41) against the real server in demo mode: Hanif's counter seller logs in
 * (no authenticator: a seller's role does not ask for one), opens a shift at Gabtoli with a
 * float, sells two seats of a trip tomorrow for cash at 360 px, prints the receipt on 58 mm paper
 * through Chromium's own print to PDF (read back as text and looked at as PNG pages, in English
 * and in Bangla), cancels one ticket, and closes the shift with the cash the core expects. A
 * traveller on the website sees the seat still sold booked and the cancelled one free. The page
 * is looked at in both widths, nothing sideways at 360 px, axe clean; the manager's counters page
 * shows the shift and the counter's sales. Artifacts: counter-*, staff-counter*.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { artifacts, choosePoints, collectProblems, dhakaDate } from './helpers';
import { logIn, lookAt, noSideways } from './staff-desk';

const SELLER = '01700000003';
const run = promisify(execFile);

/** The receipt now on screen, printed as Chromium prints it on `width` paper: its PDF's text
 * and size, with each page as a PNG in artifacts. */
async function printReceipt(desk: Page, width: '58mm' | '80mm', name: string): Promise<{ text: string; widthPt: number; pages: number }> {
  // The print dialog is the browser's: here the print itself is Chromium's PDF of the page.
  await desk.evaluate(() => (window.print = () => undefined));
  await desk.locator('.counter-sell + .receipt-card .receipt__print button').nth(width === '58mm' ? 0 : 1).click();
  await expect(desk.locator('#print-root .receipt')).toHaveCount(1);
  const pdf = `${artifacts}counter-${name}.pdf`;
  await writeFile(pdf, await desk.pdf({ preferCSSPageSize: true, printBackground: true }));
  const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', '-layout', pdf, '-']);
  const { stdout: info } = await run('pdfinfo', [pdf]);
  await run('pdftoppm', ['-png', '-r', '200', pdf, `${artifacts}counter-${name}`]);
  const size = info.match(/Page size:\s+([\d.]+) x ([\d.]+) pts/);
  await desk.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  return { text, widthPt: Number(size?.[1] ?? 0), pages: Number(info.match(/Pages:\s+(\d+)/)?.[1] ?? 0) };
}

test('a counter seller opens a shift, sells two seats for cash, prints 58 mm receipts, cancels one and closes the shift with the right cash; the website shows the seats', async ({ browser, request, baseURL }) => {
  test.setTimeout(400_000);
  const desk = await (await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } })).newPage();
  const problems = collectProblems(desk);
  await logIn(desk, request, SELLER, null);
  await expect(desk.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
  // A seller has the counter only.
  await expect(desk.getByRole('link', { name: 'Routes' })).toHaveCount(0);

  await desk.getByLabel('Counter', { exact: true }).selectOption({ label: 'Gabtoli counter' });
  await desk.getByLabel('Float (Tk in the drawer now)').fill('1000');
  await desk.getByRole('button', { name: 'Open shift' }).click();
  await expect(desk.getByText(/^On shift at Gabtoli counter: 0 tickets, 1,000 Tk should be in the drawer\.$/)).toBeVisible();

  // Tomorrow's Dhaka - Chattogram trip of Hanif.
  const tripSelect = desk.getByLabel('Trip', { exact: true });
  // The list arrives after the form: read it once it has come.
  let options: { value: string; text: string }[] = [];
  const wanted = (o: { text: string }) => o.text.startsWith(dhakaDate(1)) && /Dhaka\s*-\s*Chattogram/i.test(o.text);
  await expect
    .poll(async () => {
      options = await tripSelect.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
      return options.some(wanted);
    }, { message: 'tomorrow\'s Dhaka - Chattogram trip is listed' })
    .toBe(true);
  const trip = options.find(wanted);
  await tripSelect.selectOption(trip!.value);
  const clock = trip!.text.match(/\d{4}-\d{2}-\d{2} (\d{2}):(\d{2})/)!;
  await expect(desk.locator('button.counter-seat--free').first()).toBeVisible();
  await lookAt(desk, 'counter-360');
  await noSideways(desk);

  // Two sales of one seat each, for cash.
  const sold: { seat: string; pnr: string; fare: number }[] = [];
  for (let i = 0; i < 2; i++) {
    const seat = desk.locator('button.counter-seat--free:not([aria-pressed="true"])').first();
    const seatNo = (await seat.textContent())!.trim();
    await seat.click();
    await expect(desk.getByText(new RegExp(`^Seats ${seatNo}: [\\d,]+ Tk$`))).toBeVisible();
    const fare = Number((await desk.getByText(new RegExp(`^Seats ${seatNo}: `)).textContent())!.replace(/^.*: /, '').replace(/[^\d]/g, ''));
    await desk.getByRole('button', { name: 'Sell and print' }).click();
    const pnr = desk.locator('.counter-sell + .receipt-card .receipt__pnr');
    await expect(pnr).toHaveText(/^PNR [A-Z2-9]{8}$/);
    sold.push({ seat: seatNo, pnr: (await pnr.textContent())!.replace('PNR ', ''), fare });
    await expect(desk.getByRole('button', { name: new RegExp(`^${seatNo}, Sold`) })).toBeVisible();
  }
  expect(sold[0]!.seat).not.toBe(sold[1]!.seat);

  // The second receipt on 58 mm paper, in English and then in Bangla: readable text on paper
  // as wide as the roll.
  const english = await printReceipt(desk, '58mm', 'receipt-58-en');
  expect(english.widthPt, '58 mm is 164 pt').toBeGreaterThan(160);
  expect(english.widthPt).toBeLessThan(168);
  expect(english.pages, 'one receipt, one piece of the roll').toBe(1);
  expect(english.text).toContain(sold[1]!.pnr);
  expect(english.text).toMatch(new RegExp(`Seats\\s+${sold[1]!.seat}`));
  expect(english.text).toContain('Gabtoli counter');
  await desk.getByRole('button', { name: 'বাংলা' }).click();
  const bangla = await printReceipt(desk, '58mm', 'receipt-58-bn');
  expect(bangla.text).toContain(sold[1]!.pnr);
  expect(bangla.text, 'Bangla labels, shaped and extractable').toContain('আসন');
  await desk.getByRole('button', { name: 'English' }).click();
  // A4: the site's own e-ticket PDF of the counter ticket.
  const download = desk.waitForEvent('download');
  await desk.locator('.counter-sell + .receipt-card').getByRole('button', { name: 'A4 e-ticket (PDF)' }).click();
  const a4 = `${artifacts}counter-receipt-a4.pdf`;
  await (await download).saveAs(a4);
  const { stdout: a4Text } = await run('pdftotext', ['-enc', 'UTF-8', a4, '-']);
  expect(a4Text).toContain(sold[1]!.pnr);

  // The first ticket cancelled by its PNR: the cash back by the site's rule.
  await desk.getByRole('textbox', { name: 'PNR' }).fill(sold[0]!.pnr);
  await desk.getByRole('button', { name: 'Cancel and refund' }).click();
  const cancelled = desk.getByRole('group', { name: 'A ticket by its PNR' }).locator('.receipt__cancelled');
  await expect(cancelled).toHaveText(/^CANCELLED · refunded [\d,]+ Tk$/);
  const refund = Number((await cancelled.textContent())!.replace(/[^\d]/g, ''));
  expect(refund).toBeGreaterThan(0);
  expect(refund).toBeLessThanOrEqual(sold[0]!.fare);

  // The drawer counted: float, two sales, one refund.
  const expected = 1000 + sold[0]!.fare + sold[1]!.fare - refund;
  let left = expected;
  for (const note of [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
    const count = Math.floor(left / note);
    left -= count * note;
    if (count > 0) await desk.getByLabel(`${note} Tk notes`).fill(String(count));
  }
  const sums = `The drawer should hold ${expected.toLocaleString('en-IN')} Tk; counted ${expected.toLocaleString('en-IN')} Tk; difference 0 Tk.`;
  await expect(desk.getByText(sums)).toBeVisible();
  await lookAt(desk, 'counter-close-360');
  await noSideways(desk);
  await desk.getByRole('button', { name: 'Close shift' }).click();
  await expect(desk.getByRole('heading', { name: 'Shift closed' })).toBeVisible();
  await expect(desk.getByText(`Expected ${expected.toLocaleString('en-IN')} Tk, counted ${expected.toLocaleString('en-IN')} Tk, difference 0 Tk.`)).toBeVisible();
  await desk.getByRole('button', { name: 'Done' }).click();
  await expect(desk.getByRole('button', { name: 'Open shift' })).toBeVisible();

  // At 1280 px the page is the same, and clean.
  await desk.setViewportSize({ width: 1280, height: 900 });
  await lookAt(desk, 'counter-1280');

  // Hanif's manager sees the closed shift and the counter's sales, at 360 px.
  const manager = await (await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } })).newPage();
  await logIn(manager, request);
  await manager.getByRole('link', { name: 'Counters and sales' }).click();
  const shifts = manager.getByRole('region', { name: 'Shifts' });
  await expect(shifts.getByRole('row').filter({ hasText: 'Gabtoli counter' }).filter({ hasText: expected.toLocaleString('en-IN') }).first()).toBeVisible();
  await manager.getByRole('button', { name: 'Show' }).click();
  const sales = manager.getByRole('region', { name: 'Sales report and settlement' });
  await expect(sales.getByRole('row').filter({ hasText: 'Gabtoli counter' }).first()).toBeVisible();
  await lookAt(manager, 'counters-360');
  await noSideways(manager);

  // A traveller on the website: the seat still sold is booked, the cancelled one free again.
  const phone = await (await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } })).newPage();
  await phone.goto(`/bus/trip?from=dhaka&to=chattogram&journeyDate=${dhakaDate(1)}&coachType=all`);
  const hour = Number(clock[1]);
  const time = `${String(hour % 12 || 12).padStart(2, '0')}:${clock[2]} ${hour < 12 ? 'AM' : 'PM'}`;
  const card = phone
    .locator('article, li')
    .filter({ hasText: 'Hanif' })
    .filter({ hasText: new RegExp(`\\b0?${time.replace(/^0/, '')}`, 'i') })
    .filter({ has: phone.getByRole('link', { name: /^View seats/ }) })
    .first();
  await card.getByRole('link', { name: /^View seats/ }).click();
  await choosePoints(phone);
  await expect(phone.getByRole('button', { name: new RegExp(`^Seat ${sold[1]!.seat}, booked`, 'i') })).toBeVisible();
  await expect(phone.getByRole('button', { name: new RegExp(`^Seat ${sold[0]!.seat}, available`, 'i') })).toBeVisible();
  expect(problems).toEqual([]);
});
