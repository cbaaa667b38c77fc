/**
 * What journeys prepare through the API before the page shows it: a call in the envelope, and a
 * paid bus ticket bought by the page's own visitor (the ticket is theirs to see). Also the axe
 * check every journey makes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { dhakaDate } from './helpers';
import { siteToken } from './visitor';

/** A POST with the bearer token; its `data`, or the test fails with the server's answer. */
export async function call<T>(request: APIRequestContext, bearer: string, path: string, body: unknown): Promise<T> {
  const response = await request.post(path, { data: body, headers: { Authorization: `Bearer ${bearer}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

interface Seat {
  seatNo: string;
  status: string;
  fareList?: { status: string }[] | null;
}

/**
 * A paid bus ticket for `phone`: the latest trip tomorrow (well outside the cancellation
 * cut-off), a free seat, seat-lock, payment-pending, the sandbox gateway, then Pay in its page
 * (in whichever language the page is shown).
 */
export async function buyTicket(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  const bearer = await siteToken(page);
  const { trips } = await call<{ trips: { _id: string; departureDateTime: string; availableSeats?: number }[] }>(
    request,
    bearer,
    '/v1/api/intercity/get-schedule-trips',
    { from: 'Dhaka', to: 'Chattogram', journeyDate: dhakaDate(1) },
  );
  const trip = trips
    .filter((t) => (t.availableSeats ?? 1) > 0)
    .sort((a, b) => b.departureDateTime.localeCompare(a.departureDateTime))[0];
  expect(trip, 'a trip tomorrow with free seats').toBeTruthy();
  const { seatPlan } = await call<{ seatPlan: Record<string, Seat[] | undefined> }>(request, bearer, '/v1/api/intercity/get-seat-view', {
    tripId: trip!._id,
  });
  const seats = [...(seatPlan.seatList ?? []), ...(seatPlan.lowerDeckSeatList ?? []), ...(seatPlan.upperDeckSeatList ?? [])];
  const free = seats.find((s) => s.status === 'available' && (s.fareList ?? []).every((f) => f.status === 'available'));
  expect(free, 'a free seat').toBeTruthy();
  const chosen = [free!.seatNo];
  await call(request, bearer, '/v1/api/intercity/seat-lock', { tripId: trip!._id, seats: chosen });
  const booking = await call<{ tnxId: string }>(request, bearer, '/v1/api/intercity/payment-pending', {
    tripId: trip!._id,
    seats: chosen,
    name: 'Nusrat Jahan',
    phone,
    gender: 'female',
  });
  const gateway = await call<{ redirectUrl: string }>(request, bearer, '/v1/api/intercity/update-gateway', {
    tnxId: booking.tnxId,
    gateway: 'sandbox',
  });
  await page.goto(gateway.redirectUrl);
  await page.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
  await page.waitForURL(/\/bus\/payment\/success\?tnxId=/);
}

/** Serious and critical axe violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const report = await new AxeBuilder({ page }).analyze();
  return report.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
