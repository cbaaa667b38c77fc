/**
 * A traveller changes a ticket's date (issue 37) against the real server in demo mode, at 360 px:
 * Hanif's manager gives Hanif a 10 % date change; a Hanif ticket for tomorrow bought after it is
 * found by phone, "Change date" lists Hanif's trips the day after, a seat and the details are chosen as for
 * any sale, the payment page tells the fee and what the old ticket brings, the code sent to the
 * phone confirms it, and the difference (the fee, at the same fare) is paid in the sandbox; the
 * new ticket is issued and the old one names it. Hanif's policy is put back after. Artifacts:
 * change-*.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { call } from './api';
import { artifacts, choosePoints, collectProblems, dhakaDate } from './helpers';
import { logIn } from './staff-desk';
import { siteToken } from './visitor';

const PHONE = '01755500038';

/** The newest code sent to the phone by an SMS saying `words`. */
async function codeSaying(request: APIRequestContext, bearer: string, words: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get('/v1/api/dev/sms-outbox', { headers: { Authorization: `Bearer ${bearer}` } });
      const mine = ((await answer.json()) as { data: { phone: string; body: string }[] }).data.filter(
        (m) => m.phone === PHONE && m.body.includes(words),
      );
      code = mine[0]?.body.match(/\b(\d{4})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

test('a traveller changes the date of a ticket at 360 px and pays the difference in the sandbox', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const problems = collectProblems(page);

  // Hanif's manager offers date changes: 10 % with 12 hours' notice.
  const desk = await (await browser.newContext({ baseURL })).newPage();
  await logIn(desk, request);
  const policies = (path: string, body?: unknown) =>
    desk.evaluate(
      async ({ path, body }) => {
        const answer = await fetch(path, {
          method: body ? 'POST' : 'GET',
          headers: { Authorization: `Bearer ${sessionStorage.getItem('staff.token') ?? ''}`, 'Content-Type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: answer.status, json: (await answer.json()) as { data: { operators: { operatorId: string; policy: unknown }[] } } };
      },
      { path, body },
    );
  const before = (await policies('/v1/api/staff/policies')).json.data.operators.find((o) => o.operatorId === 'op-hanif')!.policy as { slabs: unknown };
  const offered = { slabs: before.slabs, reschedule: { hours: 12, fee: { kind: 'percent', percent: 10 } } };
  expect((await policies('/v1/api/staff/policies', { policy: offered })).status).toBe(200);

  try {
    // A Hanif ticket tomorrow, bought by this page's visitor (the demo runs three days: its other
    // date is the day after).
    const bearer = await siteToken(page);
    const { trips } = await call<{ trips: { _id: string; companyName?: string }[] }>(request, bearer, '/v1/api/intercity/get-schedule-trips', {
      from: 'Dhaka',
      to: 'Chattogram',
      journeyDate: dhakaDate(1),
    });
    // The day's last Hanif trip: at least 12 hours ahead whenever this runs, and not the first
    // trip the booking journeys take.
    const trip = trips.filter((t) => /hanif/i.test(t.companyName ?? '')).at(-1);
    expect(trip, 'a Hanif trip tomorrow').toBeTruthy();
    const { seatPlan } = await call<{ seatPlan: Record<string, { seatNo: string; status: string }[] | undefined> }>(
      request,
      bearer,
      '/v1/api/intercity/get-seat-view',
      { tripId: trip!._id },
    );
    const seat = (seatPlan.seatList ?? []).find((s) => s.status === 'available');
    await call(request, bearer, '/v1/api/intercity/seat-lock', { tripId: trip!._id, seats: [seat!.seatNo] });
    const booking = await call<{ tnxId: string; amount: number }>(request, bearer, '/v1/api/intercity/payment-pending', {
      tripId: trip!._id,
      seats: [seat!.seatNo],
      name: 'Nasrin Akter',
      phone: PHONE,
      gender: 'female',
    });
    const gateway = await call<{ redirectUrl: string }>(request, bearer, '/v1/api/intercity/update-gateway', { tnxId: booking.tnxId, gateway: 'sandbox' });
    await page.goto(gateway.redirectUrl);
    await page.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
    await page.waitForURL(/\/bus\/payment\/success\?tnxId=/);
    const oldPnr = ((await page.getByTestId('ticket-pnr').textContent()) ?? '').trim();

    // Found by phone (the visitor's own ticket needs no code to be listed on the account, but
    // the ticket history asks one).
    await page.goto('/bus/find-ticket');
    await page.getByLabel('Mobile number').fill(PHONE);
    await page.getByRole('button', { name: 'Continue' }).click();
    const search = page.getByRole('dialog', { name: 'OTP to search ticket' });
    await expect(search).toBeVisible();
    await page.keyboard.type(await codeSaying(request, bearer, 'find your tickets'));
    await search.getByRole('button', { name: 'Verify OTP' }).click();
    const card = page.locator('.ticket').filter({ hasText: oldPnr });
    await card.getByRole('button', { name: 'Change date' }).click();

    // The next day's Hanif trips only; a seat and the details as for any sale.
    await page.waitForURL(/\/bus\/trip\?.*busCompany=op-hanif/);
    await page.getByRole('link', { name: /^View seats/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible();
    await choosePoints(page);
    await page.getByRole('button', { name: /^Seat [^,]+, available, / }).and(page.locator('[aria-pressed="false"]')).first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Full name').fill('Nasrin Akter');
    await page.getByLabel('Mobile number').fill(PHONE);
    await page.getByLabel('Female', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // The change's payment step: the fee, what the ticket brings, the difference.
    const panel = page.getByRole('region', { name: `Changing the date of ticket ${oldPnr}` });
    await expect(panel).toBeVisible();
    const fee = Math.round(booking.amount / 10);
    await expect(panel.getByTestId('change-cost')).toContainText(`${fee.toLocaleString('en-US')} TK`);
    await page.screenshot({ path: `${artifacts}change-payment.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Send the code to change the date' }).click();
    const confirm = page.getByRole('dialog', { name: 'OTP to change the date' });
    await expect(confirm).toBeVisible();
    await page.keyboard.type(await codeSaying(request, bearer, "change your ticket's date"));
    await confirm.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(confirm).toBeHidden();

    // The difference through the sandbox, then the new ticket.
    await page.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
    await page.getByRole('button', { name: /^Pay [\d,]+ TK$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
    const newPnr = ((await page.getByTestId('ticket-pnr').textContent()) ?? '').trim();
    expect(newPnr).not.toBe(oldPnr);
    await page.screenshot({ path: `${artifacts}change-done.png`, fullPage: true });
    const old = await call<{ cancelledBy?: string; changedTo?: string }>(request, bearer, '/v1/api/intercity/get-ticket-info-by-txn-id', { tnxId: booking.tnxId });
    expect([old.cancelledBy, old.changedTo]).toEqual(['changed', newPnr]);
    expect(problems).toEqual([]);
  } finally {
    await policies('/v1/api/staff/policies', { policy: before });
  }
});
