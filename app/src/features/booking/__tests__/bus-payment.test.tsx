import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { browser } from '@/features/booking/api/gateway';
import { answer, fail, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { saveBookingTrip } from '@/features/booking/booking-trip';
import { answerBusBooking, busBooking, busHold, forgetHolds, holdFor, TNX } from './booking-fixtures';

afterEach(() => {
  forgetHolds();
  vi.restoreAllMocks();
});

const invoice = () => within(screen.getByTestId('invoice'));

/** From the held seats through the passenger details to the payment step. */
async function toPaymentStep() {
  holdFor(busHold());
  answerBusBooking();
  const view = await renderRoute('/bus/payment');
  await view.user.type(screen.getByLabelText('Full name'), 'Rahim Uddin');
  await view.user.type(screen.getByLabelText('Mobile number'), '01712345678');
  await view.user.click(screen.getByLabelText('Male'));
  await view.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await screen.findByTestId('invoice');
  return view;
}

describe('bus payment: /bus/payment', () => {
  it('without a hold says so and leads to the search', async () => {
    await renderRoute('/bus/payment');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByText('There is no booking in progress. Search trips to book a seat.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search trips' })).toHaveAttribute('href', '/bus');
  });

  it('shows the held trip and a running hold timer', async () => {
    holdFor(busHold({ expiresAtMs: Date.now() + 9 * 60 * 1000 + 30_000 }));
    await renderRoute('/bus/payment');
    expect(screen.getByTestId('hold-timer')).toHaveTextContent(/Your seats are held for 9:(30|29)/);
    expect(screen.getByText('Green Line Paribahan')).toBeInTheDocument();
    expect(screen.getByTestId('held-seats')).toHaveTextContent('A1, A2');
    expect(screen.getByText('Arambagh')).toBeInTheDocument();
    expect(screen.getByText('GEC Circle')).toBeInTheDocument();
    // 04:30Z is 10:30 PM the day before in Dhaka (the core's 6-hour rule).
    expect(screen.getByTestId('trip-departure')).toHaveTextContent('Tuesday 1 January 2030, 10:30 PM');
  });

  it('names the traveller’s journey, not the whole route the coach runs', async () => {
    holdFor(busHold({ journey: 'Dhaka to Chittagong', trip: { ...busHold().trip, routeName: 'Dhaka - Cox’s Bazar' } }));
    await renderRoute('/bus/payment');
    expect(screen.getByText('Dhaka to Chittagong')).toBeInTheDocument();
    expect(screen.queryByText('Dhaka - Cox’s Bazar')).not.toBeInTheDocument();
  });

  it('says plainly that an ended hold expired and offers to pick seats again', async () => {
    holdFor(busHold({ expiresAtMs: Date.now() - 1000 }));
    await renderRoute('/bus/payment');
    expect(screen.getByRole('alert')).toHaveTextContent('Your seat hold has expired');
    expect(screen.getByRole('link', { name: 'Pick seats again' })).toHaveAttribute(
      'href',
      '/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all',
    );
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('tells the traveller when the hold runs out while they type', async () => {
    holdFor(busHold({ expiresAtMs: Date.now() + 1200 }));
    await renderRoute('/bus/payment');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
    expect(await screen.findByText(/Your seat hold has expired/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it("shows the core's messages for missing and invalid passenger details", async () => {
    holdFor(busHold());
    const { user } = await renderRoute('/bus/payment');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getAllByText('This field is required')).toHaveLength(3); // name, phone, gender
    await user.type(screen.getByLabelText('Mobile number'), '0171234');
    expect(screen.getByText('Phone number must be 11 digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '01212345678');
    expect(screen.getByText('Enter a valid number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail (optional)'), 'rahim@');
    expect(screen.getByText('This field is must be an email')).toBeInTheDocument();
    expect(sent('payment-pending')).toHaveLength(0);
  });

  it('stops a male passenger on a ladies seat before payment, with the core\'s message; a female one goes on', async () => {
    holdFor(busHold({ ladiesSeats: ['A1'] }));
    answerBusBooking();
    const { user } = await renderRoute('/bus/payment');
    await user.type(screen.getByLabelText('Full name'), 'Rahim Uddin');
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByLabelText('Male'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const problem = screen.getByText('Ladies seats are for female passengers only: choose other seats, or book them for a woman');
    expect(problem).toHaveAttribute('data-code', 'seats.ladiesOnly');
    expect(sent('payment-pending')).toHaveLength(0);
    await user.click(screen.getByLabelText('Female'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByTestId('invoice');
    expect(sent('payment-pending', 'BUS')[0]?.request).toMatchObject({ gender: 'female' });
  });

  it('sends the passenger details for the hold and shows the invoice from the server', async () => {
    await toPaymentStep();
    const pending = sent('payment-pending', 'BUS')[0];
    expect(pending?.request).toMatchObject({
      tripId: 'gl-2230',
      seats: ['A1', 'A2'],
      boardingPoint: 'Arambagh',
      droppingPoint: 'GEC Circle',
      name: 'Rahim Uddin',
      phone: '01712345678',
      gender: 'male',
    });
    expect(pending?.request).not.toHaveProperty('anonymousId'); // the token's visitor, named by the core
    expect(invoice().getByText('Fare').nextSibling).toHaveTextContent('2,400 TK');
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('2,400 TK');
    expect(screen.queryByTestId('invoice-discount')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(window.dataLayer?.map((e) => (e as { event: string }).event)).toEqual(
      expect.arrayContaining(['checkout', 'passenger_details', 'booking_details']),
    ));
  });

  it('shows every message of a refused payment block', async () => {
    holdFor(busHold());
    answerBusBooking();
    fail('payment-pending', 'BUS', 'Your seat hold has expired, please choose your seats again', 409);
    const { user } = await renderRoute('/bus/payment');
    await user.type(screen.getByLabelText('Full name'), 'Rahim');
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByLabelText('Female'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Your seat hold has expired, please choose your seats again')).toBeInTheDocument();
  });

  it('applies a promo code: discount and amount from the server', async () => {
    const { user } = await toPaymentStep();
    answer('check-promo-code', 'BUS', { amount: 2200, discount: 200, promo: { code: 'EID200', amount: 200 } });
    answer('apply-promo-code', 'BUS', { amount: 2200, discount: 200, promo: { code: 'EID200', amount: 200 } });
    await user.type(screen.getByLabelText('Enter promo code'), 'eid200');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('invoice-discount')).toHaveTextContent('- 200 TK');
    expect(invoice().getByText('Promo EID200')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('2,200 TK');
    expect(screen.getByRole('status')).toHaveTextContent('Promo EID200 applied: 200 TK off.');
    expect(sent('apply-promo-code')[0]?.request).toEqual({ tnxId: TNX, promoCode: 'eid200' });
  });

  it('removes the promo: the full amount again', async () => {
    answerBusBooking({ ...busBooking, amount: 2200, invoice: { ...busBooking.invoice, discount: 200, promo: { code: 'EID200', amount: 200 } } });
    holdFor(busHold());
    const { user } = await renderRoute(`/bus/payment?tnxId=${TNX}`);
    await screen.findByTestId('invoice');
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('2,200 TK');
    answer('remove-promo-code', 'BUS', { amount: 2400, discount: 0, promo: null });
    await user.click(screen.getByRole('button', { name: 'Remove promo' }));
    await vi.waitFor(() => expect(screen.getByTestId('invoice-amount')).toHaveTextContent('2,400 TK'));
    expect(screen.queryByTestId('invoice-discount')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove promo' })).not.toBeInTheDocument();
  });

  it("says 'Invalid promo applied!' when the promo answer has no data", async () => {
    const { user } = await toPaymentStep();
    answer('check-promo-code', 'BUS', null);
    await user.type(screen.getByLabelText('Enter promo code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid promo applied!')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('2,400 TK');
    expect(sent('apply-promo-code')).toHaveLength(0);
  });

  it('pays through the chosen gateway: update-gateway, then the browser goes to its page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = await toPaymentStep();
    expect(screen.getByRole('radio', { name: /Sandbox gateway/ })).toBeChecked();
    answer('update-gateway', 'BUS', { redirectUrl: `/gateway/sandbox/${TNX}`, gateway: 'sandbox', amount: 2400 });
    await user.click(screen.getByRole('button', { name: 'Pay 2,400 TK' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/gateway/sandbox/${TNX}`));
    expect(sent('update-gateway')[0]?.request).toEqual({ tnxId: TNX, gateway: 'sandbox' });
    await vi.waitFor(() =>
      expect(window.dataLayer).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ event: 'payment_method', gateway: 'sandbox' }),
          expect.objectContaining({ event: 'payment_initiated', tnx_id: TNX }),
        ]),
      ),
    );
  });

  it('Pay tapped again after an answer was lost is the same payment: the same Idempotency-Key', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    answerBusBooking();
    const { user } = await renderRoute(`/bus/payment?tnxId=${TNX}`);
    await screen.findByTestId('invoice');
    fail('update-gateway', 'BUS', 'Something went wrong!', 503);
    await user.click(screen.getByRole('button', { name: 'Pay 2,400 TK' }));
    await screen.findByText('Something went wrong!');
    answer('update-gateway', 'BUS', { redirectUrl: `/gateway/sandbox/${TNX}`, gateway: 'sandbox', amount: 2400 });
    await user.click(screen.getByRole('button', { name: 'Pay 2,400 TK' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    const [first, second] = sent('update-gateway', 'BUS');
    expect(first?.options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.options?.idempotencyKey).toBe(first?.options?.idempotencyKey);
  });

  it('sends the browser to a gateway on the ticket API’s own origin', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    answerBusBooking();
    const { user } = await renderRoute(`/bus/payment?tnxId=${TNX}`, { config: { ticketApiUrl: 'https://api.example.com' } });
    await screen.findByTestId('invoice');
    answer('update-gateway', 'BUS', { redirectUrl: `/gateway/sandbox/${TNX}`, gateway: 'sandbox', amount: 2400 });
    await user.click(screen.getByRole('button', { name: 'Pay 2,400 TK' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`https://api.example.com/gateway/sandbox/${TNX}`));
  });

  it('a booking that cannot be found says so, with the way to the search', async () => {
    fail('get-booking-info-by-txn-id', 'BUS', 'Booking not found', 404);
    await renderRoute('/bus/payment?tnxId=TNX-UNKNOWN');
    expect(await screen.findByTestId('no-booking')).toHaveTextContent('Booking not found');
    expect(screen.getByRole('link', { name: 'Search trips' })).toBeInTheDocument();
  });
});

describe('bus payment of a booking that no longer waits for payment', () => {
  /** No invoice, promo, deal, gateway or Pay: nothing is left to pay. */
  function expectNothingToPay() {
    expect(screen.queryByTestId('invoice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('hold-timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/promo/i)).not.toBeInTheDocument();
  }

  it('a ticketed booking leads to its ticket', async () => {
    answerBusBooking({ ...busBooking, status: 'ticketed' });
    await renderRoute(`/bus/payment?tnxId=${TNX}`);
    expect(await screen.findByText('This booking is paid and its ticket is issued.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your ticket' })).toHaveAttribute('href', `/bus/payment/success?tnxId=${TNX}`);
    expect(screen.getByText(`Transaction ${TNX}`)).toBeInTheDocument();
    expectNothingToPay();
    expect(window.dataLayer?.some((e) => (e as { event?: string }).event === 'booking_details')).toBe(false);
  });

  it.each([
    ['failed', 'The payment did not go through and no money was taken for this booking.'],
    ['cancelled', 'You cancelled the payment. No money was taken for this booking.'],
  ] as const)('a %s booking says so, its seats released, and leads to a new search', async (status, text) => {
    saveBookingTrip(busHold({ expiresAtMs: Date.now() + 60_000 }), TNX);
    answerBusBooking({ ...busBooking, status });
    await renderRoute(`/bus/payment?tnxId=${TNX}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('The seats were released. You can search again and book new seats.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search again' })).toHaveAttribute('href', '/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all');
    expect(screen.queryByRole('link', { name: 'Try the payment again' })).not.toBeInTheDocument();
    expectNothingToPay();
  });

  it('a refunded booking explains the refund, with no way to pay again', async () => {
    answerBusBooking({ ...busBooking, status: 'refunded' });
    await renderRoute(`/bus/payment?tnxId=${TNX}`);
    expect(await screen.findByText(/No ticket was issued, and the money you paid is being refunded to you\./)).toBeInTheDocument();
    expect(screen.queryByText(/no money was taken/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search again' })).toBeInTheDocument();
    expectNothingToPay();
  });

  it('counts the hold down from what the server says is left, not the tab’s first hold', async () => {
    saveBookingTrip(busHold({ expiresAtMs: Date.now() + 60_000 }), TNX);
    answerBusBooking({ ...busBooking, holdSecondsLeft: 595 });
    await renderRoute(`/bus/payment?tnxId=${TNX}`);
    await screen.findByTestId('invoice');
    expect(screen.getByTestId('hold-timer')).toHaveTextContent(/Your seats are held for 9:5[45]/);
  });

  it('a date change confirmed and waiting for its difference shows what is left to pay, read again in a new tab (issue 37)', async () => {
    answerBusBooking({ ...busBooking, status: 'pending', change: { ticketId: 'tkt-old', fee: 120, credit: 1080, pay: 1320 } });
    await renderRoute(`/bus/payment?tnxId=${TNX}`);
    const cost = await screen.findByTestId('change-cost');
    expect(screen.getByRole('heading', { name: 'This booking changes the date of your ticket: the difference is left to pay' })).toBeInTheDocument();
    expect(cost).toHaveTextContent('Your ticket brings1,080 TK');
    expect(screen.getByTestId('change-due')).toHaveTextContent('1,320 TK');
    // Neither the whole fare's invoice nor a promo: the gateway is asked for the difference.
    expect(screen.queryByTestId('invoice')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/promo/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay 1,320 TK' })).toBeInTheDocument();
  });

  it('a pending booking still shows the invoice and Pay', async () => {
    answerBusBooking({ ...busBooking, status: 'pending' });
    await renderRoute(`/bus/payment?tnxId=${TNX}`);
    expect(await screen.findByTestId('invoice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay 2,400 TK' })).toBeInTheDocument();
    expect(screen.queryByText('This booking is paid and its ticket is issued.')).not.toBeInTheDocument();
  });
});
