import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { answer, fail, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { answerBusBooking, answerLaunchBooking, forgetHolds, LAUNCH_TNX, TNX } from './booking-fixtures';

afterEach(() => {
  vi.useRealTimers();
  forgetHolds();
});

const deal = { promoCode: 'SURPRISE100', amount: 100, claimSeconds: 120 };

async function openDeal(path = `/bus/payment?tnxId=${TNX}`, service: 'BUS' | 'LAUNCH' = 'BUS') {
  const view = await renderRoute(path);
  await screen.findByTestId('invoice');
  answer('get-surprise-deal', service, deal);
  // The claim window is read from the clock each second: the clock and the interval are faked;
  // the rest of the page keeps real timeouts.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  await view.user.click(screen.getByRole('button', { name: 'Try a surprise deal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Congratulation' });
  return { ...view, dialog: within(dialog) };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('surprise deal', () => {
  it("opens 'Congratulation' with the amount in TK and 'Claim deal' for 120 s, then dims it", async () => {
    answerBusBooking();
    const { dialog } = await openDeal();
    expect(dialog.getByTestId('deal-amount')).toHaveTextContent('100 TK off');
    expect(dialog.getByTestId('deal-timer')).toHaveTextContent('Claim it within 2:00');
    const claim = dialog.getByRole('button', { name: 'Claim deal' });
    expect(claim).toBeEnabled();

    tick(1000);
    expect(dialog.getByTestId('deal-timer')).toHaveTextContent('Claim it within 1:59');
    tick(118_000);
    expect(dialog.getByTestId('deal-timer')).toHaveTextContent('Claim it within 0:01');
    expect(claim).toBeEnabled();

    tick(1000);
    expect(dialog.getByTestId('deal-timer')).toHaveTextContent('Time is up: this deal can no longer be claimed.');
    expect(claim).toBeDisabled();
    expect(claim).toHaveClass('button--dimmed');
  });

  it('claiming applies the deal as a promo with the claim fields of the booking', async () => {
    answerBusBooking();
    const { dialog, user } = await openDeal();
    tick(30_000);
    answer('apply-promo-code', 'BUS', { amount: 2300, discount: 100, promo: { code: 'SURPRISE100', amount: 100 } });
    await user.click(dialog.getByRole('button', { name: 'Claim deal' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('apply-promo-code')[0]?.request).toEqual({
      promoCode: 'SURPRISE100',
      companyId: 'op-green-line',
      tripDateTime: '2030-01-02T04:30:00.000Z',
      coachType: 'ac',
      paymentId: 'booking-1',
      tnxId: TNX,
    });
    expect(screen.getByTestId('invoice-discount')).toHaveTextContent('- 100 TK');
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('2,300 TK');
  });

  it('a server that gives the deal less time left counts down from there', async () => {
    answerBusBooking();
    answer('get-surprise-deal', 'BUS', { ...deal, claimSeconds: 5 });
    const { user } = await renderRoute(`/bus/payment?tnxId=${TNX}`);
    await screen.findByTestId('invoice');
    await user.click(screen.getByRole('button', { name: 'Try a surprise deal' }));
    expect(await screen.findByTestId('deal-timer')).toHaveTextContent('Claim it within 0:05');
  });

  it("says 'Sorry!! No deal found now.' when there is no deal", async () => {
    answerBusBooking();
    fail('get-surprise-deal', 'BUS', 'Sorry!! No deal found now.', 404);
    const { user } = await renderRoute(`/bus/payment?tnxId=${TNX}`);
    await screen.findByTestId('invoice');
    await user.click(screen.getByRole('button', { name: 'Try a surprise deal' }));
    expect(await screen.findByText('Sorry!! No deal found now.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a launch booking the claim sends the code and says the promo applied', async () => {
    answerLaunchBooking();
    const { dialog, user } = await openDeal(`/launch/payment/payment-details?tnxId=${LAUNCH_TNX}`, 'LAUNCH');
    answer('apply-promo-code', 'LAUNCH', { amount: 7454, discount: 100, promo: { code: 'SURPRISE100', amount: 100 } });
    await user.click(dialog.getByRole('button', { name: 'Claim deal' }));
    expect(await screen.findByText('Promo applied successfully')).toBeInTheDocument();
    expect(sent('apply-promo-code')[0]?.request).toEqual({ tnxId: LAUNCH_TNX, promoCode: 'SURPRISE100' });
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('7,454 TK');
  });
});
