import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { saveBookingTrip } from '@/features/booking/booking-trip';
import { answer, fail, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import type { BookingStatus } from 'core-wasm';
import { busBooking, busHold, forgetHolds, launchBooking, LAUNCH_TNX, ticket, TNX } from './booking-fixtures';

/** get-booking-info-by-txn-id answering the fixture booking with `status`. */
function bookingIs(status: BookingStatus, service: 'BUS' | 'LAUNCH' = 'BUS'): void {
  if (service === 'BUS') answer('get-booking-info-by-txn-id', 'BUS', { ...busBooking, status });
  else answer('get-booking-info-by-txn-id', 'LAUNCH', { ...launchBooking, status });
}

afterEach(() => {
  forgetHolds();
  document.cookie = 'token=; max-age=0';
  vi.restoreAllMocks();
});

describe('/bus/payment/success', () => {
  it('confirms the ticket and shows PNR, seats, points, time, operator and amount', async () => {
    answer('confirm-ticket', 'BUS', ticket());
    await renderRoute(`/bus/payment/success?tnxId=${TNX}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(await screen.findByTestId('ticket-pnr')).toHaveTextContent('PNR7K2Q9');
    expect(screen.getByTestId('ticket-seats')).toHaveTextContent('A1, A2');
    expect(screen.getByTestId('ticket-boarding')).toHaveTextContent('Arambagh');
    expect(screen.getByTestId('ticket-dropping')).toHaveTextContent('GEC Circle');
    expect(screen.getByTestId('ticket-departure')).toHaveTextContent('Tuesday 1 January 2030, 10:30 PM');
    expect(screen.getByText('Green Line Paribahan')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-paid')).toHaveTextContent('2,300 TK');
    expect(screen.getByText('- 100 TK')).toBeInTheDocument();
    expect(sent('confirm-ticket')[0]?.request).toEqual({ tnxId: TNX });
    await vi.waitFor(() =>
      expect(window.dataLayer).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'booking_confirmed', pnr: 'PNR7K2Q9' })])),
    );
  });

  it("'Download ticket' saves the ticket's PDF as ticket-PNR.pdf", async () => {
    answer('confirm-ticket', 'BUS', ticket());
    // The core's client sends the token and renews it (core-wasm/tests/api_client.rs).
    answer('download-ticket-pdf', 'BUS', new Blob(['%PDF-1.7 ticket'], { type: 'application/pdf' }));
    URL.createObjectURL = vi.fn(() => 'blob:ticket');
    URL.revokeObjectURL = vi.fn();
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user } = await renderRoute(`/bus/payment/success?tnxId=${TNX}`);
    await user.click(await screen.findByRole('button', { name: 'Download ticket' }));
    await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:ticket', download: 'ticket-PNR7K2Q9.pdf' }]));
    expect(sent('download-ticket-pdf', 'BUS').map((c) => c.request)).toContainEqual({ id: 'ticket-1' });
  });

  it('a payment the server has not confirmed is explained, with the way back to pay while the booking waits', async () => {
    fail('confirm-ticket', 'BUS', 'The payment is not complete yet', 400);
    bookingIs('pending');
    await renderRoute(`/bus/payment/success?tnxId=${TNX}`);
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent('The payment is not complete yet');
    expect(await screen.findByRole('link', { name: 'Try the payment again' })).toHaveAttribute('href', `/bus/payment?tnxId=${TNX}`);
  });

  it('a refunded booking (paid, but the seats were lost) is explained plainly, with no way to pay again', async () => {
    saveBookingTrip(busHold(), TNX);
    fail('confirm-ticket', 'BUS', 'Your seats were taken while you paid; your payment is being refunded', 409);
    bookingIs('refunded');
    await renderRoute(`/bus/payment/success?tnxId=${TNX}`);
    expect(await screen.findByText(/No ticket was issued, and the money you paid is being refunded to you\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search again' })).toHaveAttribute('href', '/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all');
    expect(screen.queryByRole('link', { name: 'Try the payment again' })).not.toBeInTheDocument();
  });

  it('opened cold (no tnxId) it says only that there is no payment, with the ways back', async () => {
    await renderRoute('/bus/payment/success');
    expect(screen.getByRole('heading', { level: 1, name: 'No payment to show' })).toBeInTheDocument();
    expect(screen.queryByText(/Payment successful/)).not.toBeInTheDocument();
    expect(screen.getByTestId('no-payment')).toHaveTextContent('There is no payment to show here.');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Search trips' })).toHaveAttribute('href', '/bus');
    expect(main.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/bus/find-ticket');
    expect(sent('confirm-ticket')).toHaveLength(0);
    expect(document.title).toMatch(/^No payment to show \| /);
  });

  it('a tnxId the server does not know: no payment to show, not a success', async () => {
    fail('confirm-ticket', 'BUS', 'Booking not found', 404);
    fail('get-booking-info-by-txn-id', 'BUS', 'Booking not found', 404);
    await renderRoute(`/bus/payment/success?tnxId=${TNX}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'No payment to show' })).toBeInTheDocument();
    expect(screen.getByText(`We could not find a payment with reference ${TNX}.`)).toBeInTheDocument();
  });

  it('a payment still waiting is headed so, not as a success', async () => {
    fail('confirm-ticket', 'BUS', 'The payment is not complete yet', 400);
    bookingIs('pending');
    await renderRoute(`/bus/payment/success?tnxId=${TNX}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not complete' })).toBeInTheDocument();
  });
});

describe('/launch/payment/success', () => {
  it('shows the launch ticket with its PDF download (the API serves it for launch too)', async () => {
    answer('confirm-ticket', 'LAUNCH', { ...ticket('LAUNCH'), seats: ['C101'] });
    await renderRoute(`/launch/payment/success?tnxId=${LAUNCH_TNX}`);
    expect(await screen.findByTestId('ticket-seats')).toHaveTextContent('C101');
    expect(screen.getByRole('button', { name: 'Download ticket' })).toBeInTheDocument();
  });
});

describe('failed and cancelled payments', () => {
  it('a failed payment is explained; the seats were released, so it leads to the search again', async () => {
    saveBookingTrip(busHold(), TNX);
    bookingIs('failed');
    await renderRoute(`/bus/payment/failed?tnxId=${TNX}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(await screen.findByText('The payment did not go through and no money was taken for this booking.')).toBeInTheDocument();
    expect(screen.getByText('The seats were released. You can search again and book new seats.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search again' })).toHaveAttribute(
      'href',
      '/bus/trip?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all',
    );
    expect(screen.queryByRole('link', { name: 'Try the payment again' })).not.toBeInTheDocument();
    expect(sent('get-booking-info-by-txn-id')[0]?.request).toEqual({ tnxId: TNX });
    expect(sent('check-promo-code')).toHaveLength(0);
  });

  it('a refunded booking sent to the failed page says it was paid and refunded, not that no money was taken', async () => {
    saveBookingTrip(busHold(), TNX);
    bookingIs('refunded');
    await renderRoute(`/bus/payment/failed?tnxId=${TNX}`);
    expect(await screen.findByText(/^We received your payment, but your seat hold had run out/)).toBeInTheDocument();
    expect(screen.queryByText(/no money was taken/)).not.toBeInTheDocument();
    expect(screen.queryByText(/The seats were released/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try the payment again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search again' })).toBeInTheDocument();
  });

  it('a cancelled payment whose booking still waits can be paid again for the same tnxId', async () => {
    bookingIs('pending');
    await renderRoute(`/bus/payment/cancel?tnxId=${TNX}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeInTheDocument();
    expect(await screen.findByText('You cancelled the payment. No money was taken for this booking.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try the payment again' })).toHaveAttribute('href', `/bus/payment?tnxId=${TNX}`);
    expect(screen.queryByText(/The seats were released/)).not.toBeInTheDocument();
  });

  it('a cancelled payment whose seats were released leads to the search only', async () => {
    bookingIs('cancelled');
    await renderRoute(`/bus/payment/cancel?tnxId=${TNX}`);
    expect(await screen.findByText('The seats were released. You can search again and book new seats.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try the payment again' })).not.toBeInTheDocument();
  });

  it('a booking already ticketed leads to its ticket', async () => {
    bookingIs('ticketed');
    await renderRoute(`/bus/payment/cancel?tnxId=${TNX}`);
    expect(await screen.findByText('This booking is paid and its ticket is issued.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your ticket' })).toHaveAttribute('href', `/bus/payment/success?tnxId=${TNX}`);
    expect(screen.queryByRole('link', { name: 'Try the payment again' })).not.toBeInTheDocument();
  });

  it('launch: a cancelled payment leads back to the payment details while the booking waits', async () => {
    bookingIs('pending', 'LAUNCH');
    await renderRoute(`/launch/payment/cancel?tnxId=${LAUNCH_TNX}`);
    expect(await screen.findByRole('link', { name: 'Try the payment again' })).toHaveAttribute(
      'href',
      `/launch/payment/payment-details?tnxId=${LAUNCH_TNX}`,
    );
  });

  it('a booking that cannot be read: no payment to show, and nothing said about money', async () => {
    fail('get-booking-info-by-txn-id', 'BUS', 'Booking not found', 404);
    await renderRoute(`/bus/payment/failed?tnxId=${TNX}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'No payment to show' })).toBeInTheDocument();
    expect(screen.getByText(`We could not find a payment with reference ${TNX}.`)).toBeInTheDocument();
    expect(screen.queryByText(/no money was taken/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try the payment again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search trips' })).toHaveAttribute('href', '/bus');
  });

  it.each(['/launch/payment/failed', '/bus/payment/cancel'])('opened cold, %s says only that there is no payment, with the way back', async (path) => {
    await renderRoute(path);
    expect(screen.getByRole('heading', { level: 1, name: 'No payment to show' })).toBeInTheDocument();
    expect(screen.getByTestId('no-payment')).toHaveTextContent(/^There is no payment to show here\./);
    expect(screen.queryByText(/no money was taken/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search trips' })).toHaveAttribute('href', path.startsWith('/launch') ? '/launch' : '/bus');
    expect(sent('get-booking-info-by-txn-id')).toHaveLength(0);
  });

  it('a refunded booking is headed as refunded', async () => {
    bookingIs('refunded');
    await renderRoute(`/bus/payment/failed?tnxId=${TNX}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment refunded' })).toBeInTheDocument();
  });
});
