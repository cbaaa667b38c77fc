import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { browser } from '@/features/booking/api/gateway';
import { answer, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { answerLaunchBooking, forgetHolds, holdFor, launchBooking, launchHold, LAUNCH_TNX } from './booking-fixtures';

afterEach(() => {
  forgetHolds();
  vi.restoreAllMocks();
});

describe('launch payment: passenger details, then payment details', () => {
  it('without a hold, passenger details says so and leads to the launch search', async () => {
    await renderRoute('/launch/payment/passenger-details');
    expect(screen.getByRole('heading', { level: 1, name: 'Passenger details' })).toBeInTheDocument();
    expect(screen.getByText('There is no seat hold in this tab. Choose a trip and your seats first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search trips' })).toHaveAttribute('href', '/launch');
  });

  it('/launch/payment with a hold goes to the passenger details', async () => {
    holdFor(launchHold());
    const { router } = await renderRoute('/launch/payment');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/launch/payment/passenger-details'));
  });

  it('sends passenger-details-payment and moves to the payment details of the booking', async () => {
    holdFor(launchHold());
    answerLaunchBooking();
    const { user, router } = await renderRoute('/launch/payment/passenger-details');
    expect(screen.getByText('MV Adventure-9', { exact: false })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Karim');
    await user.type(screen.getByLabelText('Mobile number'), '+8801812345678');
    await user.type(screen.getByLabelText('E-mail (optional)'), 'karim@example.com');
    await user.click(screen.getByLabelText('Male'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment details' });
    expect(router.state.location.search).toBe(`?tnxId=${LAUNCH_TNX}`);
    expect(sent('passenger-details-payment', 'LAUNCH')[0]?.request).toMatchObject({
      tripId: 'mv-adventure',
      seats: ['C101', 'C102'],
      phone: '01812345678',
      email: 'karim@example.com',
    });
    expect(screen.getByTestId('invoice-fare')).toHaveTextContent('7,400 TK');
    expect(screen.getByTestId('invoice-service-charge')).toHaveTextContent('40 TK');
    expect(screen.getByTestId('invoice-commission')).toHaveTextContent('114 TK');
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('7,554 TK');
    // The hold became the booking: the tab's hold is gone, the timer keeps running.
    expect(screen.getByTestId('hold-timer')).toBeInTheDocument();
  });

  it('removing a seat updates the seat numbers, fare, amount, service charge and gateway commission from its answer alone', async () => {
    holdFor(launchHold());
    answerLaunchBooking();
    const { user } = await renderRoute(`/launch/payment/payment-details?tnxId=${LAUNCH_TNX}`);
    const seats = within(await screen.findByTestId('booking-seats'));
    expect(seats.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['C101', 'C102']);

    answer('payment-seat-remove', 'LAUNCH', {
      seatNo: ['C101'],
      subTotal: 3700,
      discount: 0,
      amount: 3777,
      serviceCharge: 20,
      paymentGatewayCommission: 57,
    });
    const readsBefore = sent('get-booking-info-by-txn-id').length;
    await user.click(screen.getByRole('button', { name: 'Remove seat C102' }));
    await vi.waitFor(() => expect(screen.getByTestId('invoice-amount')).toHaveTextContent('3,777 TK'));
    expect(sent('payment-seat-remove')[0]?.request).toEqual({ tnxId: LAUNCH_TNX, seatNo: 'C102' });
    expect(seats.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('held-seats')).toHaveTextContent('C101');
    expect(screen.getByTestId('invoice-fare')).toHaveTextContent('3,700 TK');
    expect(screen.getByTestId('invoice-service-charge')).toHaveTextContent('20 TK');
    expect(screen.getByTestId('invoice-commission')).toHaveTextContent('57 TK');
    // The reducer applied the answer: the booking is not read again.
    expect(sent('get-booking-info-by-txn-id')).toHaveLength(readsBefore);
    // The last seat stays.
    expect(screen.getByRole('button', { name: 'Remove seat C101' })).toBeDisabled();
    expect(screen.getByText('A booking keeps at least one seat.')).toBeInTheDocument();
  });

  it("applies a promo with 'Promo applied successfully'", async () => {
    answerLaunchBooking();
    const { user } = await renderRoute(`/launch/payment/payment-details?tnxId=${LAUNCH_TNX}`);
    await screen.findByTestId('invoice');
    const applied = { amount: 7354, discount: 200, promo: { code: 'RIVER200', amount: 200 } };
    answer('check-promo-code', 'LAUNCH', applied);
    answer('apply-promo-code', 'LAUNCH', applied);
    await user.type(screen.getByLabelText('Enter promo code'), 'RIVER200');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo applied successfully')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('7,354 TK');
    // Launch has no remove-promo-code call.
    expect(screen.queryByRole('button', { name: 'Remove promo' })).not.toBeInTheDocument();
  });

  it('pays through the sandbox gateway of the launch API', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    answerLaunchBooking();
    const { user } = await renderRoute(`/launch/payment/payment-details?tnxId=${LAUNCH_TNX}`);
    await screen.findByTestId('invoice');
    answer('update-gateway', 'LAUNCH', { redirectUrl: `/gateway/sandbox/${LAUNCH_TNX}`, gateway: 'sandbox', amount: 7554 });
    await user.click(screen.getByRole('button', { name: 'Pay 7,554 TK' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/gateway/sandbox/${LAUNCH_TNX}`));
  });

  it('payment details without a tnxId says there is no booking', async () => {
    await renderRoute('/launch/payment/payment-details');
    expect(screen.getByTestId('no-booking')).toHaveTextContent('There is no booking in progress.');
  });
});

describe('launch payment details of a booking that no longer waits for payment', () => {
  it('a ticketed booking leads to its ticket, with no seats to remove and nothing to pay', async () => {
    answerLaunchBooking({ ...launchBooking, status: 'ticketed' });
    await renderRoute(`/launch/payment/payment-details?tnxId=${LAUNCH_TNX}`);
    expect(await screen.findByText('This booking is paid and its ticket is issued.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your ticket' })).toHaveAttribute('href', `/launch/payment/success?tnxId=${LAUNCH_TNX}`);
    expect(screen.queryByTestId('invoice')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('a cancelled booking says its seats were released and leads to a new search', async () => {
    answerLaunchBooking({ ...launchBooking, status: 'cancelled' });
    await renderRoute(`/launch/payment/payment-details?tnxId=${LAUNCH_TNX}`);
    expect(await screen.findByText('The seats were released. You can search again and book new seats.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search again' })).toBeInTheDocument();
    expect(screen.queryByTestId('invoice')).not.toBeInTheDocument();
  });
});
