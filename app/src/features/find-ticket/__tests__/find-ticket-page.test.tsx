import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CallName } from '@/api/api-client';
import { answer, calls, fail, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { changeableTicket, PHONE, ticket } from './ticket-fixture';


const busTicket = ticket({ _id: 'tkt-1' });
const oldTicket = ticket({
  _id: 'tkt-0',
  pnr: 'HN3P8ZT1',
  companyName: 'Hanif Enterprise',
  from: 'Dhaka',
  to: 'Sylhet',
  seats: ['C3'],
  paymentHistory: { ticketStatus: 'cancelled', paidAmount: 800, refundAmount: 720, gateway: 'sandbox' },
});

/** The history page with a code already sent to PHONE: the OTP popup is open. */
async function openSearchPopup(path = '/bus/find-ticket') {
  answer('send-otp-by-phone', 'COMMON', { resendAfterSeconds: 115 });
  const rendered = await renderRoute(path);
  await rendered.user.type(screen.getByLabelText('Mobile number'), PHONE);
  await rendered.user.click(screen.getByRole('button', { name: 'Continue' }));
  const popup = await screen.findByRole('dialog', { name: 'OTP to search ticket' });
  return { ...rendered, popup };
}

async function enterCode(user: Awaited<ReturnType<typeof openSearchPopup>>['user'], popup: HTMLElement, code: string) {
  await user.click(within(popup).getByRole('textbox', { name: 'Digit 1 of 4' }));
  await user.paste(code);
  await user.click(within(popup).getByRole('button', { name: 'Verify OTP' }));
}

const lastBody = (name: CallName, service: string) => sent(name, service).at(-1)?.request;

describe('ticket history: finding tickets by phone', () => {
  it('a valid number is sent a code, then the OTP to search ticket popup opens', async () => {
    const { popup } = await openSearchPopup();
    expect(lastBody('send-otp-by-phone', 'COMMON')).toEqual({ phone: PHONE });
    expect(popup).toHaveTextContent(`sent by SMS to ${PHONE}`);
    expect(popup).toHaveTextContent('You can ask for a new code in 2:00');
    expect(document.body).toHaveClass('scroll-locked');
  });

  it('an invalid number is not sent a code', async () => {
    const { user } = await renderRoute('/bus/find-ticket');
    await user.type(screen.getByLabelText('Mobile number'), '01212345678');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter a valid number')).toBeInTheDocument();
    expect(calls.some((call) => call.name.startsWith('send-otp'))).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refused send is a toast and opens no popup', async () => {
    fail('send-otp-by-phone', 'COMMON', 'Please wait 80 seconds before asking for another OTP', 429);
    const { user } = await renderRoute('/bus/find-ticket');
    await user.type(screen.getByLabelText('Mobile number'), PHONE);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('Please wait 80 seconds before asking for another OTP')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the right code lists the tickets with status, details, fare lines and amounts', async () => {
    answer('search-ticket', 'BUS', { tickets: [busTicket, oldTicket] });
    const { user, popup } = await openSearchPopup();
    await enterCode(user, popup, '4821');

    expect(lastBody('search-ticket', 'BUS')).toEqual({
      otpCode: '4821',
      phone: PHONE,
      pnr: '',
      transactionId: '',
    }); // the visitor is the token's: the core's client names it, never the page
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const results = screen.getByRole('region', { name: 'Your tickets' });
    expect(results).toHaveTextContent(`2 tickets for ${PHONE}`);
    // On a phone the list starts below the form: focus (and the view) moves to it.
    expect(within(results).getByRole('heading', { level: 2, name: 'Your tickets' })).toHaveFocus();
    const [first, second] = within(results).getAllByRole('listitem');

    expect(within(first!).getByRole('heading', { name: 'Dhaka to Chittagong' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Confirmed');
    expect(first).toHaveTextContent('Green Line Paribahan · GL-101 (Business Class)');
    expect(first).toHaveTextContent('PNRGL7K2QX9');
    // The stored time shown 6 hours back, by the core.
    expect(first).toHaveTextContent('DepartureTuesday 1 January 2030, 10:30 PM');
    expect(first).toHaveTextContent('BoardingArambagh');
    expect(first).toHaveTextContent('DroppingGEC Circle');
    expect(first).toHaveTextContent('SeatsA1, A2');
    expect(first).toHaveTextContent('PassengerKarim');
    expect(first).toHaveTextContent('Fare2,400 TK');
    expect(first).toHaveTextContent('Discount- 200 TK');
    expect(first).toHaveTextContent('Paid2,200 TK');
    expect(within(first!).getByRole('button', { name: 'Download ticket (PDF)' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Cancel ticket' })).toBeInTheDocument();

    // A cancelled ticket shows its status and refund, and offers neither cancel nor download.
    expect(second).toHaveTextContent('Cancelled');
    expect(second).toHaveTextContent('Refund720 TK');
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('a code the server refuses with an OTP message keeps the popup, shows it under the boxes and empties the list', async () => {
    answer('search-ticket', 'BUS', { tickets: [busTicket] });
    const { user, popup } = await openSearchPopup();
    await enterCode(user, popup, '4821');
    expect(await screen.findByRole('region', { name: 'Your tickets' })).toBeInTheDocument();

    // A second search: the list from the first one goes when this one fails.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const again = await screen.findByRole('dialog', { name: 'OTP to search ticket' });
    fail('search-ticket', 'BUS', 'Wrong OTP, please check the code and try again', 400);
    await enterCode(user, again, '0000');

    expect(await within(again).findByRole('alert')).toHaveTextContent('Wrong OTP, please check the code and try again');
    expect(screen.getByRole('dialog', { name: 'OTP to search ticket' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your tickets' })).not.toBeInTheDocument();

    // Typing a digit clears the message; the right code then finds the tickets.
    await user.click(within(again).getByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.keyboard('4');
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
    answer('search-ticket', 'BUS', { tickets: [busTicket] });
    await enterCode(user, again, '4821');
    expect(await screen.findByRole('region', { name: 'Your tickets' })).toBeInTheDocument();
  });

  it('a failure that does not mention otp closes the popup and says no ticket was found', async () => {
    fail('search-ticket', 'BUS', 'No ticket found for this phone', 404);
    const { user, popup } = await openSearchPopup();
    await enterCode(user, popup, '4821');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(`No ticket found for ${PHONE}.`)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('region', { name: 'Your tickets' })).not.toBeInTheDocument();
  });

  it('a failure of another kind closes the popup with its own message on the page', async () => {
    fail('search-ticket', 'BUS', 'Something went wrong!', 503);
    const { user, popup } = await openSearchPopup();
    await enterCode(user, popup, '4821');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Something went wrong!', { selector: '.find-ticket__problem' })).toBeInTheDocument();
  });

  it('launch tickets are searched on the launch API and have no PDF download (SPEC: bus)', async () => {
    answer('search-ticket', 'LAUNCH', { tickets: [ticket({ _id: 'tkt-l', service: 'LAUNCH', from: 'Dhaka', to: 'Barishal' })] });
    const { user, popup } = await openSearchPopup('/launch/find-ticket');
    await enterCode(user, popup, '4821');
    const results = await screen.findByRole('region', { name: 'Your tickets' });
    expect(within(results).getByRole('heading', { name: 'Dhaka to Barishal' })).toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: 'Download ticket (PDF)' })).not.toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'Cancel ticket' })).toBeInTheDocument();
  });
});

describe('ticket history: before the scripts arrived', () => {
  it('keeps the number typed into the prerendered form, and the focus in it', async () => {
    // The plain page's form (build/prerender.ts), still on the screen while the app first renders.
    const plain = document.createElement('form');
    plain.dataset.prerendered = 'find-ticket';
    plain.innerHTML = '<input name="phone" type="tel">';
    document.body.append(plain);
    const field = plain.querySelector('input') as HTMLInputElement;
    field.value = '+880 1712-345678';
    field.focus();
    try {
      await renderRoute('/bus/find-ticket');
      const phone = screen.getByLabelText('Mobile number');
      expect(phone).toHaveValue('01712345678');
      expect(phone).toHaveFocus();
    } finally {
      plain.remove();
    }
  });

  it('takes the number a link brings (?phone=), and leaves the focus alone', async () => {
    await renderRoute('/bus/find-ticket?phone=01812345678');
    const phone = screen.getByLabelText('Mobile number');
    expect(phone).toHaveValue('01812345678');
    expect(phone).not.toHaveFocus();
  });
});

describe('ticket history: cancelling a ticket', () => {
  async function listed() {
    answer('search-ticket', 'BUS', { tickets: [busTicket, oldTicket] });
    const rendered = await openSearchPopup();
    await enterCode(rendered.user, rendered.popup, '4821');
    const results = await screen.findByRole('region', { name: 'Your tickets' });
    const card = within(results).getAllByRole('listitem')[0]!;
    return { ...rendered, card };
  }

  it('sends a code for the ticket, asks for it in OTP to cancel ticket, then shows the new status and refund', async () => {
    answer('send-otp', 'COMMON', { resendAfterSeconds: 115 });
    answer('cancel-ticket', 'BUS', { ticketStatus: 'cancelled', refundAmount: 1980, cancellationFee: 220 });
    const { user, card } = await listed();

    await user.click(within(card).getByRole('button', { name: 'Cancel ticket' }));
    // Before any code is sent: what cancelling costs and gives back (issue 40), the core's count
    // under the ticket's policy (issue 37): 10 % of the 2,200 TK paid.
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this ticket?' });
    expect(within(confirm).getByTestId('cancel-fee')).toHaveTextContent('220 TK');
    expect(within(confirm).getByTestId('cancel-refund')).toHaveTextContent('1,980 TK');
    expect(sent('send-otp', 'COMMON')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Send the code to cancel' }));
    expect(lastBody('send-otp', 'COMMON')).toEqual({ ticketId: 'tkt-1', service: 'BUS' });
    const popup = await screen.findByRole('dialog', { name: 'OTP to cancel ticket' });
    expect(popup).toHaveTextContent('You can ask for a new code in 2:00');
    expect(within(popup).getByTestId('otp-note')).toHaveTextContent('Cancellation fee 220 TK; you get back 1,980 TK.');
    await enterCode(user, popup, '7310');

    expect(lastBody('cancel-ticket', 'BUS')).toEqual({ ticketId: 'tkt-1', otpCode: '7310', phone: PHONE });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card).toHaveTextContent('Cancelled');
    expect(card).toHaveTextContent('Paid2,200 TK');
    expect(card).toHaveTextContent('Cancellation fee220 TK');
    expect(card).toHaveTextContent('Refund1,980 TK');
    expect(within(card).queryByRole('button', { name: 'Cancel ticket' })).not.toBeInTheDocument();
    // Fare, fee and refund, as the server counted them.
    expect(screen.getByRole('status')).toHaveTextContent('Ticket GL7K2QX9 is cancelled. Paid: 2,200 TK. Cancellation fee: 220 TK. Refund: 1,980 TK.');
    // Its Cancel button is gone: focus lands on the ticket itself.
    expect(within(card).getByRole('heading', { level: 3 })).toHaveFocus();
  });

  it('a ticket its policy no longer lets be cancelled says why and sends no code', async () => {
    const late = ticket({
      _id: 'tkt-late',
      // Two hours ahead in Dhaka: the wire's clock is Dhaka's, 6 hours ahead (DESIGN §3).
      departureDateTime: new Date(Date.now() + (6 + 6 + 2) * 3_600_000).toISOString(),
    });
    answer('search-ticket', 'BUS', { tickets: [late] });
    const rendered = await openSearchPopup();
    await enterCode(rendered.user, rendered.popup, '4821');
    const results = await screen.findByRole('region', { name: 'Your tickets' });
    await rendered.user.click(within(results).getByRole('button', { name: 'Cancel ticket' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this ticket?' });
    expect(within(confirm).getByTestId('cancel-refused')).toHaveTextContent("It is too late to cancel this ticket under its operator's policy.");
    expect(within(confirm).queryByRole('button', { name: 'Send the code to cancel' })).not.toBeInTheDocument();
    expect(sent('send-otp', 'COMMON')).toEqual([]);
  });

  it('a ticket the operator cancelled says why and that the money comes back in full', async () => {
    const gone = ticket({
      _id: 'tkt-gone',
      cancelledBy: 'operator',
      cancelReason: 'Road closed by flood',
      paymentHistory: { ticketStatus: 'cancelled', paidAmount: 2200, refundAmount: 2200, cancellationFee: 0, gateway: 'sandbox' },
    });
    answer('search-ticket', 'BUS', { tickets: [gone] });
    const rendered = await openSearchPopup();
    await enterCode(rendered.user, rendered.popup, '4821');
    const results = await screen.findByRole('region', { name: 'Your tickets' });
    expect(within(results).getByTestId('trip-cancelled')).toHaveTextContent('The operator cancelled this trip (Road closed by flood). Your 2,200 TK is refunded in full');
  });

  it('a ticket whose policy allows a date change offers it, and it lists the same operator on the route from the next day', async () => {
    const changeable = changeableTicket({ _id: 'tkt-change' });
    const late = ticket({ ...changeable, _id: 'tkt-late', departureDateTime: new Date(Date.now() + (6 + 6 + 6) * 3_600_000).toISOString() });
    answer('search-ticket', 'BUS', { tickets: [changeable, late] });
    const rendered = await openSearchPopup();
    await enterCode(rendered.user, rendered.popup, '4821');
    const results = await screen.findByRole('region', { name: 'Your tickets' });
    const [first, second] = within(results).getAllByRole('listitem');
    expect(within(second!).queryByRole('button', { name: 'Change date' })).not.toBeInTheDocument();
    await rendered.user.click(within(first!).getByRole('button', { name: 'Change date' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/bus/trip'));
    const at = rendered.router.state.location;
    const query = new URLSearchParams(at.search);
    expect([at.pathname, query.get('from'), query.get('to'), query.get('busCompany')]).toEqual(['/bus/trip', 'dhaka', 'kushtia', 'op-hanif']);
    expect(query.get('journeyDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a ticket whose date was changed names the new ticket and the difference that comes back', async () => {
    const moved = ticket({
      _id: 'tkt-moved',
      cancelledBy: 'changed',
      changedTo: 'NEWPNR42',
      paymentHistory: { ticketStatus: 'cancelled', paidAmount: 1200, refundAmount: 180, cancellationFee: 0, gateway: 'sandbox' },
    });
    answer('search-ticket', 'BUS', { tickets: [moved] });
    const rendered = await openSearchPopup();
    await enterCode(rendered.user, rendered.popup, '4821');
    const results = await screen.findByRole('region', { name: 'Your tickets' });
    expect(within(results).getByTestId('ticket-changed')).toHaveTextContent(
      'This ticket was changed to another date: your ticket is now NEWPNR42, and 180 TK of the difference comes back',
    );
    expect(within(results).queryByRole('button', { name: 'Cancel ticket' })).not.toBeInTheDocument();
  });

  it('a wrong code keeps the cancel popup with the message under the boxes; the ticket stays confirmed', async () => {
    answer('send-otp', 'COMMON', { resendAfterSeconds: 115 });
    fail('cancel-ticket', 'BUS', 'Wrong OTP, please check the code and try again', 400);
    const { user, card } = await listed();
    await user.click(within(card).getByRole('button', { name: 'Cancel ticket' }));
    await user.click(await screen.findByRole('button', { name: 'Send the code to cancel' }));
    const popup = await screen.findByRole('dialog', { name: 'OTP to cancel ticket' });
    await enterCode(user, popup, '0000');
    expect(await within(popup).findByRole('alert')).toHaveTextContent('Wrong OTP');
    expect(card).toHaveTextContent('Confirmed');
  });

  it('a refusal that is not about the code closes the popup and says why in a toast', async () => {
    answer('send-otp', 'COMMON', { resendAfterSeconds: 115 });
    fail('cancel-ticket', 'BUS', 'Tickets can be cancelled until 6 hours before departure', 400);
    const { user, card } = await listed();
    await user.click(within(card).getByRole('button', { name: 'Cancel ticket' }));
    await user.click(await screen.findByRole('button', { name: 'Send the code to cancel' }));
    await enterCode(user, await screen.findByRole('dialog', { name: 'OTP to cancel ticket' }), '7310');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(within(notifications).getByText('Tickets can be cancelled until 6 hours before departure')).toBeInTheDocument();
    expect(card).toHaveTextContent('Confirmed');
  });

  it('kept at the confirmation, nothing is sent and the ticket stands', async () => {
    const { user, card } = await listed();
    await user.click(within(card).getByRole('button', { name: 'Cancel ticket' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my ticket' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent('send-otp', 'COMMON')).toEqual([]);
    expect(card).toHaveTextContent('Confirmed');
  });

  it('a refused cancel code is a toast and opens no popup', async () => {
    fail('send-otp', 'COMMON', 'Please wait 40 seconds before asking for another OTP', 429);
    const { user, card } = await listed();
    await user.click(within(card).getByRole('button', { name: 'Cancel ticket' }));
    await user.click(await screen.findByRole('button', { name: 'Send the code to cancel' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('Please wait 40 seconds before asking for another OTP')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ticket history: PDF download', () => {
  it("asks the core for the bus ticket's PDF and saves it as ticket-PNR.pdf", async () => {
    answer('search-ticket', 'BUS', { tickets: [busTicket] });
    const { user, popup } = await openSearchPopup();
    await enterCode(user, popup, '4821');
    const results = await screen.findByRole('region', { name: 'Your tickets' });

    // The core's client sends the token and renews it (core-wasm/tests/api_client.rs).
    answer('download-ticket-pdf', 'BUS', new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => 'blob:ticket');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    await user.click(within(results).getByRole('button', { name: 'Download ticket (PDF)' }));
    await waitFor(() => expect(clicked).toEqual(['ticket-GL7K2QX9.pdf']));
    expect(calls.at(-1)).toEqual({ name: 'download-ticket-pdf', service: 'BUS', request: { id: 'tkt-1' } });
    click.mockRestore();
  });

  it("a failed download shows the API's message as a toast", async () => {
    answer('search-ticket', 'BUS', { tickets: [busTicket] });
    const { user, popup } = await openSearchPopup();
    await enterCode(user, popup, '4821');
    const results = await screen.findByRole('region', { name: 'Your tickets' });
    fail('download-ticket-pdf', 'BUS', 'Ticket not found', 404);

    await user.click(within(results).getByRole('button', { name: 'Download ticket (PDF)' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('Ticket not found')).toBeInTheDocument();
  });
});
