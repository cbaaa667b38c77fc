import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, logInForTests, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { answerBusBooking, forgetHolds, holdFor, busHold } from './booking-fixtures';

afterEach(forgetHolds);

describe('passenger details of a logged-in traveller (issue 13)', () => {
  it('are prefilled from the account (common/me): the latest booking’s name and the login’s number', async () => {
    logInForTests();
    answer('me', 'COMMON', { userId: 'user-1', phone: '01712345678', name: 'Nusrat Jahan' });
    holdFor(busHold());
    answerBusBooking();
    const { user } = await renderRoute('/bus/payment');
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Nusrat Jahan'));
    expect(screen.getByLabelText('Mobile number')).toHaveValue('01712345678');

    // What the traveller types is theirs, and so is a field they clear.
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Rahim Uddin');
    await user.clear(screen.getByLabelText('Mobile number'));
    expect(screen.getByLabelText('Mobile number')).toHaveValue('');
    await user.type(screen.getByLabelText('Mobile number'), '01812345678');
    await user.click(screen.getByLabelText('Male'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByTestId('invoice');
    expect(sent('payment-pending', 'BUS').at(-1)?.request).toMatchObject({ name: 'Rahim Uddin', phone: '01812345678' });
  });

  it('a name the account does not know yet leaves the name empty', async () => {
    logInForTests();
    answer('me', 'COMMON', { userId: 'user-1', phone: '01712345678', name: null });
    holdFor(busHold());
    await renderRoute('/bus/payment');
    await waitFor(() => expect(screen.getByLabelText('Mobile number')).toHaveValue('01712345678'));
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it('a visitor is not asked about an account', async () => {
    holdFor(busHold());
    await renderRoute('/bus/payment');
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(sent('me')).toHaveLength(0);
  });
});
