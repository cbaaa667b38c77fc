/**
 * When plans change (issue 37) against the real server in demo mode, at 360 px: a traveller buys
 * a Hanif ticket and reads its cancellation policy on the ticket; Hanif's manager cancels the
 * trip from Trips and sales with a reason and follows the job to the end; the traveller's ticket
 * then says why and that the whole amount comes back, and the SMS says so too. The last Hanif trip
 * the day after tomorrow: no other journey uses it. Artifacts: plans-*.
 */
import { expect, test } from '@playwright/test';
import { call } from './api';
import { artifacts, collectProblems, dhakaDate } from './helpers';
import { logIn, lookAt, noSideways } from './staff-desk';
import { siteToken } from './visitor';

const PHONE = '01755500037';
const REASON = 'Bridge closed for repairs';

interface Seat {
  seatNo: string;
  status: string;
}

test("the manager cancels a trip at 360 px; the traveller's ticket says why and that the money comes back in full", async ({ browser, page, request, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const problems = collectProblems(page);

  // A Hanif ticket the day after tomorrow, bought by this page's visitor.
  const bearer = await siteToken(page);
  const { trips } = await call<{ trips: { _id: string; companyName?: string; departureDateTime: string }[] }>(request, bearer, '/v1/api/intercity/get-schedule-trips', {
    from: 'Dhaka',
    to: 'Chattogram',
    journeyDate: dhakaDate(2),
  });
  // The day's last Hanif trip: the booking journey takes the first trip of that day.
  const trip = trips.filter((t) => /hanif/i.test(t.companyName ?? '')).at(-1);
  expect(trip, 'a Hanif trip the day after tomorrow').toBeTruthy();
  const { seatPlan } = await call<{ seatPlan: Record<string, Seat[] | undefined> }>(request, bearer, '/v1/api/intercity/get-seat-view', { tripId: trip!._id });
  const seat = (seatPlan.seatList ?? []).find((s) => s.status === 'available');
  expect(seat, 'a free seat').toBeTruthy();
  await call(request, bearer, '/v1/api/intercity/seat-lock', { tripId: trip!._id, seats: [seat!.seatNo] });
  const booking = await call<{ tnxId: string; amount: number; policy?: unknown }>(request, bearer, '/v1/api/intercity/payment-pending', {
    tripId: trip!._id,
    seats: [seat!.seatNo],
    name: 'Shirin Akter',
    phone: PHONE,
    gender: 'female',
  });
  expect(booking.policy, 'the payment page is told the policy the ticket will keep').toBeTruthy();
  const gateway = await call<{ redirectUrl: string }>(request, bearer, '/v1/api/intercity/update-gateway', { tnxId: booking.tnxId, gateway: 'sandbox' });
  await page.goto(gateway.redirectUrl);
  await page.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
  await page.waitForURL(/\/bus\/payment\/success\?tnxId=/);
  const terms = page.getByTestId('policy-terms');
  await terms.getByText('Cancellation and date change').click();
  await expect(terms).toContainText('hours');
  await page.screenshot({ path: `${artifacts}plans-ticket.png`, fullPage: true });

  const desk = await (await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } })).newPage();
  const deskProblems = collectProblems(desk);
  await logIn(desk, request);
  // The trip as the manager's list shows it (its departure and route), read with the desk's login.
  const listed = await desk.evaluate(async (id) => {
    const answer = await fetch('/v1/api/staff/trips', { headers: { Authorization: `Bearer ${sessionStorage.getItem('staff.token') ?? ''}` } });
    const trips = ((await answer.json()) as { data: { trips: { id: string; departs: string; routeId: string }[] } }).data.trips;
    return trips.find((t) => t.id === id);
  }, trip!._id);
  expect(listed, "the trip is on its manager's list").toBeTruthy();
  await desk.getByRole('link', { name: 'Trips and sales' }).click();
  await desk.getByLabel('Filter').fill(listed!.departs);
  const row = desk.getByRole('row').filter({ hasText: listed!.departs }).filter({ hasText: listed!.routeId });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Cancel trip…' }).click();
  const form = desk.getByRole('region', { name: /Cancel the trip of/ });
  await expect(form).toContainText('refunded in full');
  await form.getByLabel('Why (every traveller is told)').fill(REASON);
  await lookAt(desk, 'plans-cancel');
  await noSideways(desk);
  await form.getByRole('button', { name: 'Cancel the trip and refund everyone' }).click();
  const progress = desk.getByTestId('trip-cancel-progress');
  await expect(progress).toContainText(`Reason: ${REASON}`);
  await expect(progress).toContainText('Done: every ticket is cancelled and refunded.', { timeout: 60_000 });
  await expect(progress).toContainText('still to do: 0');
  await lookAt(desk, 'plans-cancelled');
  await noSideways(desk);

  // The traveller's ticket says why and how the money comes back.
  await page.reload();
  const notice = page.getByTestId('trip-cancelled');
  await expect(notice).toContainText(`The operator cancelled this trip (${REASON}). Your ${booking.amount.toLocaleString('en-US')} TK is refunded in full`);
  await page.screenshot({ path: `${artifacts}plans-ticket-cancelled.png`, fullPage: true });
  // And by SMS, once.
  const sms = await request.get('/v1/api/dev/sms-outbox', { headers: { Authorization: `Bearer ${bearer}` } });
  const messages = ((await sms.json()) as { data: { phone: string; body: string }[] }).data.filter((m) => m.phone === PHONE && m.body.includes('trip cancelled'));
  expect(messages.length).toBeLessThanOrEqual(1);
  await expect
    .poll(async () => {
      const again = await request.get('/v1/api/dev/sms-outbox', { headers: { Authorization: `Bearer ${bearer}` } });
      return ((await again.json()) as { data: { phone: string; body: string }[] }).data.filter((m) => m.phone === PHONE && m.body.includes('trip cancelled')).length;
    }, { timeout: 20_000 })
    .toBe(1);
  expect(problems).toEqual([]);
  expect(deskProblems).toEqual([]);
});
