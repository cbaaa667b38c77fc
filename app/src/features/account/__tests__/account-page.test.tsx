import { screen, waitFor, within } from '@testing-library/react';
import type { Service, Ticket } from 'core-wasm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, endLogin, fail, logInForTests, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { changeableTicket, PHONE, ticket } from '@/features/find-ticket/__tests__/ticket-fixture';

// The copies the cards keep on the device (IndexedDB is not in jsdom): what was saved.
const saved = vi.hoisted(() => [] as { service: Service; id: string }[]);
vi.mock('@/features/saved-tickets/saved-tickets-store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/saved-tickets/saved-tickets-store')>()),
  saveTicket: (service: Service, ticket: Ticket) => {
    saved.push({ service, id: ticket._id });
    // A PDF already kept: nothing is fetched in idle time.
    return Promise.resolve({ service, ticket, savedAt: '', pdf: new Blob(['%PDF']), pdfStatus: ticket.paymentHistory.ticketStatus });
  },
}));


// One seat of 1,200 TK, paid in full: what this page's assertions count.
const paid = {
  seats: ['A1'],
  fareLines: [{ label: 'Fare', amount: 1200 }],
  paymentHistory: { ticketStatus: 'confirmed', paidAmount: 1200, gateway: 'sandbox' },
} satisfies Partial<Ticket>;
const busTicket = ticket({ _id: 'tkt-bus', ...paid });
const launchTicket = ticket({
  ...paid,
  _id: 'tkt-launch',
  pnr: 'AD9LNCH1',
  service: 'LAUNCH',
  companyName: 'Adventure Shipping',
  vehicle: 'MV Adventure-9',
  to: 'Barishal',
  boardingPoint: 'Sadarghat Launch Terminal',
  droppingPoint: 'Barishal Launch Ghat',
  seats: ['C-12'],
  phone: '01812345678',
  paymentHistory: { ticketStatus: 'confirmed', paidAmount: 2500, gateway: 'sandbox' },
});

type User = Awaited<ReturnType<typeof renderRoute>>['user'];

async function enterCode(user: User, popup: HTMLElement, code: string) {
  await user.click(within(popup).getByRole('textbox', { name: 'Digit 1 of 4' }));
  await user.paste(code);
  await user.click(within(popup).getByRole('button', { name: 'Verify OTP' }));
}

/** /account, logged in, with the trips of the login. */
async function openAccount(tickets: Ticket[] = [busTicket, launchTicket]) {
  logInForTests();
  answer('me', 'COMMON', { userId: 'user-1', phone: PHONE, name: 'Karim Uddin' });
  answer('my-tickets', 'COMMON', { tickets });
  const rendered = await renderRoute('/account');
  const trips = screen.getByRole('region', { name: 'My trips' });
  return { ...rendered, trips };
}

beforeEach(() => {
  saved.length = 0;
});

describe('/account: my trips without an OTP', () => {
  it("lists the login's bus and launch tickets with status and details, asked for without a code", async () => {
    const { trips } = await openAccount();
    expect(await within(trips).findByText('2 tickets')).toBeInTheDocument();
    const [bus, launch] = within(trips).getAllByRole('listitem');
    expect(bus).toHaveTextContent('Dhaka to Chittagong');
    expect(bus).toHaveTextContent('Confirmed');
    expect(bus).toHaveTextContent('PNRGL7K2QX9');
    expect(within(bus!).getByRole('button', { name: 'Download ticket (PDF)' })).toBeInTheDocument();
    expect(launch).toHaveTextContent('Dhaka to Barishal');
    expect(launch).toHaveTextContent('MV Adventure-9');
    // The PDF is the bus ticket's (SPEC §1); both can be cancelled.
    expect(within(launch!).queryByRole('button', { name: 'Download ticket (PDF)' })).not.toBeInTheDocument();
    expect(within(launch!).getByRole('button', { name: 'Cancel ticket' })).toBeInTheDocument();
    // The core's client names the user and the visitor; no OTP was asked for.
    expect(sent('my-tickets', 'COMMON')[0]?.request).toEqual({});
    expect(sent('send-otp-by-phone')).toHaveLength(0);
    // Who is logged in, by the account's number (common/me): not by the name of the latest
    // passenger, who may be someone the traveller booked for.
    expect(screen.getByText(`Logged in with ${PHONE}`)).toBeInTheDocument();
    expect(screen.queryByText('Karim Uddin')).not.toBeInTheDocument();
  });

  it('keeps each ticket it shows on the device, as History does', async () => {
    await openAccount();
    await waitFor(() => expect(saved).toEqual([
      { service: 'BUS', id: 'tkt-bus' },
      { service: 'LAUNCH', id: 'tkt-launch' },
    ]));
  });

  it('says so when there are no trips yet, with the way to search', async () => {
    const { trips } = await openAccount([]);
    expect(await within(trips).findByText(/No trips yet/)).toBeInTheDocument();
    expect(within(trips).getByRole('link', { name: 'Search bus tickets' })).toHaveAttribute('href', '/bus');
  });

  it("cancelling still asks for a code, sent to the ticket's phone under its own service (SPEC §4)", async () => {
    answer('send-otp', 'COMMON', { resendAfterSeconds: 115 });
    answer('cancel-ticket', 'LAUNCH', { ticketStatus: 'cancelled', refundAmount: 2250, cancellationFee: 250 });
    const { user, trips } = await openAccount();
    const launch = (await within(trips).findAllByRole('listitem'))[1]!;
    await user.click(within(launch).getByRole('button', { name: 'Cancel ticket' }));
    await user.click(await screen.findByRole('button', { name: 'Send the code to cancel' }));
    expect(sent('send-otp', 'COMMON').at(-1)?.request).toEqual({ ticketId: 'tkt-launch', service: 'LAUNCH' });
    const popup = await screen.findByRole('dialog', { name: 'OTP to cancel ticket' });
    expect(popup).toHaveTextContent('sent by SMS to 01812345678');

    fail('cancel-ticket', 'LAUNCH', 'Wrong OTP, please check the code and try again', 400);
    await enterCode(user, popup, '0000');
    expect(await within(popup).findByRole('alert')).toHaveTextContent('Wrong OTP');
    answer('cancel-ticket', 'LAUNCH', { ticketStatus: 'cancelled', refundAmount: 2250, cancellationFee: 250 });
    await enterCode(user, popup, '7310');

    expect(sent('cancel-ticket', 'LAUNCH').at(-1)?.request).toEqual({ ticketId: 'tkt-launch', otpCode: '7310', phone: '01812345678' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(launch).toHaveTextContent('Cancelled'));
    expect(launch).toHaveTextContent('Refund2,250 TK');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Ticket AD9LNCH1 is cancelled. Paid: 2,500 TK. Cancellation fee: 250 TK. Refund: 2,250 TK.');
    expect(within(launch).getByRole('heading', { level: 3 })).toHaveFocus();
  });
});

describe('/account: logging out, and a login that ends', () => {
  it('Log out ends the login and forgets everything it kept, then goes home', async () => {
    answer('logout', 'COMMON', { loggedOut: true });
    const { user, router } = await openAccount();
    expect(localStorage.getItem('user_id')).toBe('user-1');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent('logout', 'COMMON')).toHaveLength(1);
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(document.cookie).not.toMatch(/(?:^|;) *token=[^;]/);
    expect(within(screen.getByTestId('sub-header')).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('You are logged out.')).toBeInTheDocument();
    // Logged out, the page is guarded again.
    await router.navigate('/account');
    await waitFor(() => expect(router.state.location.search).toBe('?callback=%2Faccount'));
  });

  it('a logout refused because the login had already ended still logs out, without asking to log in', async () => {
    endLogin('logout', 'COMMON');
    const { user, router } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('user_id')).toBeNull();
  });

  it('a login that ended asks to log in again over the page, which stays; logged in again, the trips load', async () => {
    logInForTests();
    endLogin('my-tickets', 'COMMON');
    answer('me', 'COMMON', { userId: 'user-1', phone: PHONE, name: null });
    const { user, router } = await renderRoute('/account');
    const popup = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(popup).getByRole('alert')).toHaveTextContent('Your login has ended. Log in again to carry on where you were.');
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(within(screen.getByTestId('sub-header')).getByRole('button', { name: 'Log in' })).toBeInTheDocument();

    answer('login-otp', 'COMMON', { resendAfterSeconds: 115 });
    answer('login', 'COMMON', { userId: 'user-1', accessToken: 'eyJ1.again.sig', expiresIn: 2_592_000 });
    answer('my-tickets', 'COMMON', { tickets: [busTicket] });
    await user.type(within(popup).getByLabelText('Mobile number'), PHONE);
    await user.click(within(popup).getByRole('button', { name: 'Send code' }));
    await enterCode(user, await screen.findByRole('dialog', { name: 'OTP to log in' }), '4821');
    const trips = screen.getByRole('region', { name: 'My trips' });
    expect(await within(trips).findByText('1 ticket')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });
});

// Last in the file: it leaves for the results page, whose lazy load may still run after it.
describe('/account: changing a ticket\'s date', () => {
  it("a bus ticket whose policy allows a date change offers it here too, with the change kept for the payment step (issue 37)", async () => {
    const changeable = changeableTicket({ ...paid, _id: 'tkt-change' });
    const { user, trips, router } = await openAccount([changeable, launchTicket]);
    const [bus, launch] = await within(trips).findAllByRole('listitem');
    // A launch's date is not changed on the web; the demo launch has no such policy either.
    expect(within(launch!).queryByRole('button', { name: 'Change date' })).not.toBeInTheDocument();
    await user.click(within(bus!).getByRole('button', { name: 'Change date' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bus/trip'));
    const query = new URLSearchParams(router.state.location.search);
    expect([query.get('from'), query.get('to'), query.get('busCompany')]).toEqual(['dhaka', 'kushtia', 'op-hanif']);
    const { changeInHand, endChange } = await import('@/features/change-date/change-in-hand');
    expect(changeInHand()?._id).toBe('tkt-change');
    // Nothing is sent until the payment step asks for the code.
    expect(sent('send-otp', 'COMMON')).toHaveLength(0);
    // The change in hand is this tab's (sessionStorage): the next test's tab has none.
    endChange();
  });
});
