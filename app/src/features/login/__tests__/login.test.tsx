import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fail, logInForTests, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';

const PHONE = '01712345678';
const LOGIN = { userId: 'user-1', accessToken: 'eyJ1.login.sig', expiresIn: 2_592_000 };

type User = Awaited<ReturnType<typeof renderRoute>>['user'];

const subHeader = () => screen.getByTestId('sub-header');
const hasToken = () => /(?:^|;) *token=[^;]/.test(document.cookie);

async function enterCode(user: User, popup: HTMLElement, code: string) {
  await user.click(within(popup).getByRole('textbox', { name: 'Digit 1 of 4' }));
  await user.paste(code);
  await user.click(within(popup).getByRole('button', { name: 'Verify OTP' }));
}

/** The login popup open: the number typed and its code sent; the OTP popup is showing. */
async function sendCode(user: User) {
  answer('login-otp', 'COMMON', { resendAfterSeconds: 115 });
  const popup = await screen.findByRole('dialog', { name: 'Log in' });
  await user.type(within(popup).getByLabelText('Mobile number'), PHONE);
  await user.click(within(popup).getByRole('button', { name: 'Send code' }));
  return screen.findByRole('dialog', { name: 'OTP to log in' });
}

/** Logs in from the popup with the right code. */
async function logIn(user: User) {
  const otp = await sendCode(user);
  answer('login', 'COMMON', LOGIN);
  await enterCode(user, otp, '4821');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('the header: Log in, or the account', () => {
  it('offers Log in to a visitor, on the desktop sub-header and in the menu', async () => {
    const { user } = await renderRoute('/bus');
    expect(within(subHeader()).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(within(subHeader()).queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('button', { name: 'Log in' }));
    // The menu closes and the login popup opens in its place.
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('shows the account to a logged-in traveller, there and in the menu', async () => {
    logInForTests();
    const { user } = await renderRoute('/launch');
    expect(within(subHeader()).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(subHeader()).queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(menu).queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });
});

describe('logging in by phone and OTP', () => {
  it('checks the number with the core before sending a code', async () => {
    const { user } = await renderRoute('/bus');
    await user.click(within(subHeader()).getByRole('button', { name: 'Log in' }));
    const popup = await screen.findByRole('dialog', { name: 'Log in' });
    // The popup starts on the number.
    await waitFor(() => expect(within(popup).getByLabelText('Mobile number')).toHaveFocus());
    await user.type(within(popup).getByLabelText('Mobile number'), '01212345678');
    await user.click(within(popup).getByRole('button', { name: 'Send code' }));
    expect(within(popup).getByRole('alert')).toHaveTextContent('Enter a valid number');
    expect(sent('login-otp')).toHaveLength(0);
  });

  it('a wrong code stays under the boxes; the right one logs in, and the page stays where it was', async () => {
    const { user, router } = await renderRoute('/bus/operator');
    await user.click(within(subHeader()).getByRole('button', { name: 'Log in' }));
    const otp = await sendCode(user);
    expect(sent('login-otp', 'COMMON').at(-1)?.request).toEqual({ phone: PHONE });
    expect(otp).toHaveTextContent(`sent by SMS to ${PHONE}`);
    expect(otp).toHaveTextContent('You can ask for a new code in 2:00');

    fail('login', 'COMMON', 'Wrong OTP, please check the code and try again', 400);
    await enterCode(user, otp, '0000');
    expect(await within(otp).findByRole('alert')).toHaveTextContent('Wrong OTP');
    expect(localStorage.getItem('user_id')).toBeNull();

    answer('login', 'COMMON', LOGIN);
    await enterCode(user, otp, '4821');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The core's client sends the visitor's id itself; the page sends what was typed.
    expect(sent('login', 'COMMON').at(-1)?.request).toEqual({ phone: PHONE, otpCode: '4821' });
    // Kept as SPEC §3 says (user_id and the token), and shown.
    expect(localStorage.getItem('user_id')).toBe('user-1');
    expect(hasToken()).toBe(true);
    expect(within(subHeader()).getByRole('link', { name: 'Account' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('You are logged in.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bus/operator');
  });

  it('a refusal that is not about the code closes the popup as a toast', async () => {
    const { user } = await renderRoute('/bus');
    await user.click(within(subHeader()).getByRole('button', { name: 'Log in' }));
    const otp = await sendCode(user);
    fail('login', 'COMMON', 'Too many requests; try again in a minute', 429);
    await enterCode(user, otp, '4821');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Too many requests; try again in a minute')).toBeInTheDocument();
    expect(within(subHeader()).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('the route guard (SPEC §2)', () => {
  it('sends a visitor from /account to / with the callback, opens the popup, and goes back once logged in', async () => {
    answer('my-tickets', 'COMMON', { tickets: [] });
    answer('me', 'COMMON', { userId: 'user-1', phone: PHONE, name: null });
    const { user, router } = await renderRoute('/account');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?callback=%2Faccount');
    expect(sent('my-tickets')).toHaveLength(0);

    await logIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(sent('my-tickets', 'COMMON')).toHaveLength(1);
  });

  it('closing the popup leaves the home page, without the callback', async () => {
    const { user, router } = await renderRoute('/account');
    await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com'])('refuses the callback %s: logged in, the traveller stays on this site', async (callback) => {
    const { user, router } = await renderRoute(`/?callback=${encodeURIComponent(callback)}`);
    await logIn(user);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(within(subHeader()).getByRole('link', { name: 'Account' })).toBeInTheDocument();
  });

  it('a logged-in traveller following a guard link goes straight to the callback', async () => {
    logInForTests();
    answer('my-tickets', 'COMMON', { tickets: [] });
    const { router } = await renderRoute('/?callback=%2Faccount');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });
});
