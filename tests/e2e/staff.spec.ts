/**
 * The back office (issue 35) against the real server in demo mode: Hanif's manager logs in at
 * 1280 px (the code from the demo SMS outbox and the authenticator's, computed from the demo
 * secret the README prints), builds a Dhaka - Paturia - Kushtia route, a 36-seat 2+2 layout
 * drawn and checked in the editor, a daily schedule and its fares; a traveller at 360 px finds
 * the trip on the public site within a second of the save and buys a seat; the manager sees the
 * sale. Every staff page is looked at in both widths (nothing sideways at 360 px) and axe finds
 * no serious or critical violation. Screenshots go to artifacts/ (staff-*.png).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { artifacts, choosePoints, collectProblems, dhakaDate } from './helpers';
import { ADMIN, ADMIN_SECRET, logIn, lookAt, noSideways } from './staff-desk';

test('a manager builds a route, a layout, a schedule and fares; a traveller buys a seat on it; the manager sees the sale; the same for a launch', async ({ browser, request, baseURL }) => {
  test.setTimeout(420_000);
  const desk = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })).newPage();
  const problems = collectProblems(desk);
  const code = `kus-${Date.now() % 100000}`;
  // Nothing a manager types runs on any page: a dialog would be a script of theirs running.
  const dialogs: string[] = [];
  desk.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));

  await logIn(desk, request);

  // A city the route needs.
  await desk.getByRole('link', { name: 'Places' }).click();
  const city = desk.getByRole('form', { name: 'City' });
  await city.getByLabel('Code').fill('paturia');
  await city.getByLabel('Name', { exact: true }).fill('Paturia');
  await city.getByLabel('Name in Bangla').fill('পাটুরিয়া');
  await city.getByLabel('District').fill('Manikganj');
  await city.getByLabel('Division').fill('Dhaka');
  await city.getByRole('button', { name: 'Save' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // A city whose names are markup and a script URL: shown as text wherever it shows.
  const markup = '<img src=x onerror="alert(1)">';
  await city.getByLabel('Code').fill(`xss-${code}`);
  await city.getByLabel('Name', { exact: true }).fill(`${code} ${markup}`);
  await city.getByLabel('Name in Bangla').fill('javascript:alert(2)');
  await city.getByRole('button', { name: 'Save' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await desk.getByLabel('Filter').fill(code);
  await expect(desk.getByRole('cell', { name: `${code} ${markup}` })).toBeVisible();

  // The route: three stops, Dhaka boards, Kushtia drops, with their points.
  await desk.getByRole('link', { name: 'Routes' }).click();
  await desk.getByRole('button', { name: 'New' }).click();
  const route = desk.getByRole('form', { name: 'Routes' });
  await route.getByLabel('Code').fill(code);
  await route.getByLabel('Name', { exact: true }).fill('Dhaka - Kushtia');
  await route.getByRole('button', { name: 'Add a stop' }).click();
  // The markup city is an option as text like any other.
  await expect(route.getByLabel('City 1').locator('option', { hasText: `${code} ${markup}` })).toHaveCount(1);
  await route.getByLabel('City 1').selectOption('dhaka');
  await route.getByLabel('Boarding or dropping point 1').selectOption({ index: 1 });
  await route.getByLabel('City 2').selectOption('paturia');
  await route.getByLabel('City 3').selectOption('kushtia');
  await route.getByLabel('Boarding or dropping point 3').selectOption({ index: 1 });
  const minutes = route.getByLabel('Minutes from start');
  await minutes.nth(1).fill('120');
  await minutes.nth(2).fill('300');
  // The middle stop both boards and drops; the last only drops.
  await route.getByLabel('Boards').nth(1).check();
  await route.getByLabel('Drops').nth(1).check();
  await route.getByLabel('Boards').nth(2).uncheck();
  await route.getByLabel('Drops').nth(2).check();
  await route.getByRole('button', { name: 'Save' }).click();
  await expect(route.getByRole('status')).toHaveText('Saved.');
  await lookAt(desk, 'route');

  // The layout: 9 rows of 2+2 is 36 seats; the editor checks it as it is drawn.
  await desk.getByRole('link', { name: 'Seat layouts' }).click();
  await desk.getByRole('button', { name: 'New' }).click();
  const layout = desk.getByRole('form', { name: 'Seat layouts' });
  await layout.getByLabel('Code').fill(code);
  await layout.getByLabel('Name', { exact: true }).fill('2+2 AC, 36 seats');
  await layout.getByLabel('Rows').fill('9');
  await layout.getByRole('button', { name: 'Start from 2+2 coach' }).click();
  await expect(layout.getByTestId('seats-for-sale')).toHaveText('36 seats for sale');
  // A seat kept off sale, then given back.
  await layout.getByRole('button', { name: 'A1 seat' }).click();
  await expect(layout.getByTestId('seats-for-sale')).toHaveText('35 seats for sale');
  await layout.getByRole('button', { name: 'A1 notForSale' }).click();
  await expect(layout.getByTestId('seats-for-sale')).toHaveText('36 seats for sale');
  await layout.getByRole('button', { name: 'Save' }).click();
  await expect(layout.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await lookAt(desk, 'layout');

  // A coach of that layout.
  await desk.getByRole('link', { name: 'Coaches and vessels' }).click();
  await desk.getByRole('button', { name: 'New' }).click();
  const coach = desk.getByRole('form', { name: 'Coaches and vessels' });
  await coach.getByLabel('Code').fill(code);
  await coach.getByLabel('Registration or ship name').fill('Dhaka Metro Ba 11-2345');
  await coach.getByLabel('Coach class').fill('AC Economy');
  await coach.getByLabel('Layout').selectOption(`op-hanif:${code}`);
  await coach.getByLabel('Amenities (comma separated)').fill('Wi-Fi, charging point');
  await coach.getByRole('button', { name: 'Save' }).click();
  await expect(coach.getByRole('status')).toHaveText('Saved.');

  // The schedule: daily at 05:55 from today for 90 days.
  await desk.getByRole('link', { name: 'Schedules' }).click();
  await desk.getByRole('button', { name: 'New' }).click();
  const schedule = desk.getByRole('form', { name: 'Schedules' });
  await schedule.getByLabel('Code').fill(code);
  await schedule.getByLabel('Route').selectOption(`op-hanif:${code}`);
  await schedule.getByLabel('Departure (HH:MM)').fill('5:55');
  await expect(schedule.getByText('Check this field')).toBeVisible();
  await schedule.getByLabel('Departure (HH:MM)').fill('05:55');
  await schedule.getByLabel('Coach class').fill('AC Economy');
  await schedule.getByLabel('Layout').selectOption(`op-hanif:${code}`);
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(schedule.getByRole('status')).toHaveText('Saved.');
  const savedAt = Date.now();

  // The fares of every leg.
  await desk.getByRole('link', { name: 'Fares' }).click();
  const fares = desk.getByRole('form', { name: 'Fares' });
  await fares.getByLabel('Route').selectOption(`op-hanif:${code}`);
  await fares.getByLabel('Fare (Tk) Dhaka – Paturia').fill('300');
  await fares.getByLabel('Fare (Tk) Dhaka – Kushtia').fill('700');
  await fares.getByLabel('Fare (Tk) Paturia – Kushtia').fill('450');
  await fares.getByRole('button', { name: 'Save' }).click();
  await expect(fares.getByRole('status')).toHaveText('Saved.');

  // A promo code for Hanif's trips.
  await desk.getByRole('link', { name: 'Promos and headlines' }).click();
  const promo = desk.getByRole('form', { name: 'Promos and headlines' });
  await promo.getByLabel('Promo code').fill(`K${code.replace(/\D/g, '')}`);
  await promo.getByLabel('Amount').fill('50');
  await promo.getByRole('button', { name: 'Save' }).click();
  await expect(promo.getByRole('status')).toHaveText('Saved.');

  // An Eid fare for tomorrow's trips from Dhaka to Kushtia: tomorrow's traveller pays it.
  await desk.getByRole('link', { name: 'Fares' }).click();
  await fares.getByLabel('Route').selectOption(`op-hanif:${code}`);
  await fares.getByLabel('Eid fare from (empty: the usual fares)').fill(dhakaDate(1));
  await fares.getByLabel('Eid fare to').fill(dhakaDate(1));
  await expect(fares.getByLabel('Fare (Tk) Dhaka – Kushtia')).toHaveValue('');
  await fares.getByLabel('Fare (Tk) Dhaka – Kushtia').fill('900');
  await fares.getByRole('button', { name: 'Save' }).click();
  await expect(fares.getByRole('status')).toHaveText('Saved.');
  await desk.getByLabel('Filter').fill(dhakaDate(1));
  await expect(desk.getByRole('cell', { name: `${dhakaDate(1)} – ${dhakaDate(1)}` })).toBeVisible();

  // Content: a banner with an image uploaded here, and a blog post whose Markdown carries
  // a script and a script link (shown as text, and no link).
  await desk.getByRole('link', { name: 'Home page content' }).click();
  await desk.getByRole('region', { name: 'Banners' }).getByRole('button', { name: 'New' }).click();
  const banner = desk.getByRole('form', { name: 'Banners' });
  await banner.getByLabel('Code').fill(code);
  await banner.getByLabel('Title', { exact: true }).fill(`Eid to Kushtia ${markup}`);
  await banner.getByLabel('Upload an image').setInputFiles('../../app/public/images/banners/intercity-eid.png');
  await expect(banner.getByLabel('Image path')).toHaveValue(/^\/content\/images\/[0-9a-f]{64}\.png$/);
  await banner.getByRole('button', { name: 'Save' }).click();
  await expect(banner.getByRole('status')).toHaveText('Saved.');
  await desk.getByRole('region', { name: 'Blog posts' }).getByRole('button', { name: 'New' }).click();
  const post = desk.getByRole('form', { name: 'Blog posts' });
  await post.getByLabel('Code').fill(code);
  await post.getByLabel('Title', { exact: true }).fill(`Going home for Eid ${markup}`);
  await post.getByLabel('Summary').fill('Book early, travel light');
  await post.getByLabel('Image path').fill('/images/blogs/kuakata.png');
  await post.getByLabel('Text').fill('## Go early\n\n<script>alert(3)</script>\n\n[click me](javascript:alert(4))');
  await post.getByRole('button', { name: 'Save' }).click();
  await expect(post.getByRole('status')).toHaveText('Saved.');
  await lookAt(desk, 'content');

  // The traveller, on a phone, finds the trip tomorrow and buys a seat.
  const phone = await (await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } })).newPage();
  phone.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
  await phone.goto(`/bus/trip?from=dhaka&to=kushtia&journeyDate=${dhakaDate(1)}&coachType=all`);
  const card = phone.locator('article, li').filter({ hasText: /\b0?5:55 AM/i }).filter({ has: phone.getByRole('link', { name: /^View seats/ }) }).first();
  await expect(card).toBeVisible();
  expect(Date.now() - savedAt, 'the schedule was on sale within moments of its save').toBeLessThan(60_000);
  await card.getByRole('link', { name: /^View seats/ }).click();
  await choosePoints(phone);
  await phone.getByRole('button', { name: /^Seat C1, available, 900 TK$/ }).click();
  await phone.getByRole('button', { name: 'Continue' }).click();
  await phone.getByLabel('Full name').fill('Rahim Uddin');
  await phone.getByLabel('Mobile number').fill('01811223344');
  await phone.getByLabel('Male', { exact: true }).check();
  await phone.getByRole('button', { name: 'Continue to payment' }).click();
  await phone.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
  await phone.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
  await phone.waitForURL(/\/bus\/payment\/success\?tnxId=/);

  // The post is a page of its own: its Markdown shown, its script as text, its script link no link.
  await phone.goto(`/blog/op-hanif:${code}`);
  await expect(phone.getByRole('heading', { level: 2, name: 'Go early' })).toBeVisible();
  await expect(phone.getByText('<script>alert(3)</script>')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'click me' })).toHaveCount(0);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(`Going home for Eid ${markup}`);
  await phone.screenshot({ path: `${artifacts}staff-blog-360.png`, fullPage: true });
  // The banner is on the bus home page, from the uploaded image.
  await phone.goto('/bus');
  await expect(phone.locator('img[src^="/content/images/"]').first()).toBeAttached();

  // The manager sees the sale.
  await desk.getByRole('link', { name: 'Trips and sales' }).click();
  await desk.getByLabel('Filter').fill(`op-hanif:${code}`);
  const row = desk.getByRole('row').filter({ hasText: `${dhakaDate(1)} 05:55` });
  await expect(row).toContainText('36');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await lookAt(desk, 'trips');
  await desk.getByRole('link', { name: 'Audit log' }).click();
  await expect(desk.getByRole('cell', { name: `schedule op-hanif:${code}` })).toBeVisible();
  await lookAt(desk, 'audit');

  // Every page at 360 px, in Bangla too.
  await desk.setViewportSize({ width: 360, height: 740 });
  for (const area of ['routes', 'layouts', 'vehicles', 'schedules', 'fares', 'places', 'promos', 'content', 'spreadsheets', 'trips', 'audit', 'people']) {
    await desk.goto(`/staff/${area}`);
    await expect(desk.getByRole('heading', { level: 1 })).toBeVisible();
    await noSideways(desk);
  }
  await desk.goto('/staff/layouts');
  await desk.getByRole('button', { name: 'বাংলা' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'আসন বিন্যাস' })).toBeVisible();
  await desk.getByRole('button', { name: 'নতুন' }).click();
  await noSideways(desk);
  await lookAt(desk, 'layout-360-bn');
  await desk.getByRole('button', { name: 'English' }).click();
  expect(dialogs, 'no script of a manager ran').toEqual([]);

  await launchJourney(desk, browser, baseURL);
  expect(problems).toEqual([]);
});

/**
 * The same for a launch of two floors with a cabin class, by the manager already logged in at
 * `desk` (a second login within the SMS code's resend wait would be refused); a traveller on a
 * phone buys a cabin.
 */
async function launchJourney(desk: Page, browser: Browser, baseURL: string | undefined): Promise<void> {
  const code = `bar-${Date.now() % 100000}`;
  await desk.setViewportSize({ width: 1280, height: 900 });
  await desk.goto('/staff/routes');

  // Two floors: 3 rows of chairs below, 6 double cabins above.
  await desk.getByRole('link', { name: 'Seat layouts' }).click();
  await desk.getByRole('button', { name: 'New' }).click();
  const layout = desk.getByRole('form', { name: 'Seat layouts' });
  await layout.getByLabel('Code').fill(code);
  await layout.getByLabel('Name', { exact: true }).fill('MV Hanif, two floors');
  await layout.getByLabel('Rows').fill('3');
  await layout.getByRole('button', { name: 'Launch floors' }).click();
  await expect(layout.getByTestId('seats-for-sale')).toHaveText('18 seats for sale');
  await layout.getByRole('button', { name: 'Save' }).click();
  await expect(layout.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await lookAt(desk, 'launch-layout');

  // Dhaka - Barishal by river, overnight.
  await desk.getByRole('link', { name: 'Routes' }).click();
  await desk.getByRole('button', { name: 'New' }).click();
  const route = desk.getByRole('form', { name: 'Routes' });
  await route.getByLabel('Code').fill(code);
  await route.getByLabel('Service').selectOption('LAUNCH');
  await route.getByLabel('Name', { exact: true }).fill('Dhaka - Barishal');
  await route.getByLabel('City 1').selectOption('dhaka');
  await route.getByLabel('City 2').selectOption('barishal');
  await route.getByLabel('Minutes from start').nth(1).fill('600');
  await route.getByRole('button', { name: 'Save' }).click();
  await expect(route.getByRole('status')).toHaveText('Saved.');

  // A nightly sailing at 23:50 (no demo launch leaves then).
  await desk.getByRole('link', { name: 'Schedules' }).click();
  await desk.getByRole('button', { name: 'New' }).click();
  const schedule = desk.getByRole('form', { name: 'Schedules' });
  await schedule.getByLabel('Code').fill(code);
  await schedule.getByLabel('Route').selectOption(`op-hanif:${code}`);
  await schedule.getByLabel('Departure (HH:MM)').fill('23:50');
  await schedule.getByLabel('Coach class').fill('Launch');
  await schedule.getByLabel('Layout').selectOption(`op-hanif:${code}`);
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(schedule.getByRole('status')).toHaveText('Saved.');

  // The fares of each class: chairs and double cabins.
  await desk.getByRole('link', { name: 'Fares' }).click();
  const fares = desk.getByRole('form', { name: 'Fares' });
  for (const [seatClass, fare] of [['chair', '450'], ['double', '2400']] as const) {
    await fares.getByLabel('Route').selectOption(`op-hanif:${code}`);
    await fares.getByLabel('Seat class').fill(seatClass);
    await fares.getByLabel('Fare (Tk) Dhaka – Barishal').fill(fare);
    await fares.getByRole('button', { name: 'Save' }).click();
    await expect(fares.getByRole('status')).toHaveText('Saved.');
  }

  // The traveller, on a phone, finds tomorrow night's sailing and buys cabin 201.
  const phone = await (await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } })).newPage();
  const phoneProblems = collectProblems(phone);
  await phone.goto(`/launch/trip?from=dhaka&to=barishal&journeyDate=${dhakaDate(1)}`);
  const card = phone.locator('article, li').filter({ hasText: /\b11:50 PM/i }).filter({ has: phone.getByRole('link', { name: /^View seats/ }) }).first();
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: /^View seats/ }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
  const cabin = phone.getByRole('button', { name: /\b201, available, 2,400 TK$/ });
  await expect(cabin).toBeVisible();
  await expect(phone.getByRole('button', { name: /, available, 450 TK$/ })).toHaveCount(12);
  await phone.screenshot({ path: `${artifacts}staff-launch-seats-360.png`, fullPage: true });
  await noSideways(phone);
  await cabin.click();
  await phone.getByRole('button', { name: 'Continue' }).click();
  await expect(phone).toHaveURL(/\/launch\/payment\/passenger-details$/);
  await phone.getByLabel('Full name').fill('Karima Begum');
  await phone.getByLabel('Mobile number').fill('01811223355');
  await phone.getByLabel('Female', { exact: true }).check();
  await phone.getByRole('button', { name: 'Continue to payment' }).click();
  await phone.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
  await phone.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
  await phone.waitForURL(/\/launch\/payment\/success\?tnxId=/);

  // The manager sees it sold.
  await desk.getByRole('link', { name: 'Trips and sales' }).click();
  await desk.getByLabel('Filter').fill(`op-hanif:${code}`);
  const row = desk.getByRole('row').filter({ hasText: `${dhakaDate(1)} 23:50` });
  await expect(row).toContainText('18');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  expect(phoneProblems).toEqual([]);
}

test('an admin writes an Eid sale window on the staff site; it is listed, and its page works at 360 px', async ({ browser, request, baseURL }) => {
  const desk = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })).newPage();
  const problems = collectProblems(desk);
  await logIn(desk, request, ADMIN, ADMIN_SECRET);
  await desk.getByRole('link', { name: 'Sale windows' }).click();
  await desk.getByRole('button', { name: 'New' }).click();
  const form = desk.getByRole('form', { name: 'Sale windows' });
  const id = `eid-${Date.now() % 100000}`;
  await form.getByLabel('Window name').fill(id);
  // Next year's Eid: sales open a month ahead, travel over four days; nothing today is covered.
  const year = new Date().getUTCFullYear() + 1;
  await form.getByLabel('Sales open (Dhaka time)').fill(`${year}-02-20T08:00`);
  await form.getByLabel('Visitors let in a minute').fill('300');
  await form.getByLabel('First travel date').fill(`${year}-03-18`);
  await form.getByLabel('Last travel date').fill(`${year}-03-21`);
  await form.getByRole('button', { name: 'Add a route' }).click();
  await form.getByLabel('From 1').selectOption('dhaka');
  await form.getByLabel('To 1').selectOption('rangpur');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await expect(desk.getByRole('cell', { name: id, exact: true })).toBeVisible();
  await lookAt(desk, 'sale-windows');
  await desk.setViewportSize({ width: 360, height: 740 });
  await noSideways(desk);
  expect(problems).toEqual([]);
});
