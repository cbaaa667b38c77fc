import { useReducer, useState } from 'react';
import { dealClaim, dealReducer, initialDealState } from 'core-wasm/booking';
import type { Service } from 'core-wasm';
import { Modal } from '@/components/modal';
import { useNeedsNetwork } from '@/components/needs-network';
import { useApplyPromo } from '@/features/booking/api/promo';
import { useSurpriseDeal } from '@/features/booking/api/surprise-deal';
import { isLaunchBooking, type Booking, type BookingAction } from '@/features/booking/api/use-booking';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';
import { showToast } from '@/lib/toasts';
import { clock, useCountdown } from '@/lib/use-countdown';

interface SurpriseDealProps {
  service: Service;
  booking: Booking;
  dispatch: (action: BookingAction) => void;
  disabled?: boolean;
}

/**
 * The surprise deal (SPEC §2, §4, §8): asked for with get-surprise-deal; a deal opens the
 * 'Congratulation' modal with its amount in TK and 'Claim deal', enabled for the claim window
 * (the core's dealReducer: at most 120 s, told each second how far the wall clock has gone) and
 * dimmed once it ends.
 * Claiming applies the deal's promo code with the claim fields of SPEC §3 (the core's
 * dealClaim). No deal (404): 'Sorry!! No deal found now.'.
 */
export function SurpriseDeal({ service, booking, dispatch, disabled = false }: SurpriseDealProps) {
  const [state, send] = useReducer(dealReducer, undefined, initialDealState);
  // When the claim window ends by the wall clock; null while no deal is open.
  const [claimEndsAt, setClaimEndsAt] = useState<number | null>(null);
  const asking = useSurpriseDeal(service);
  const claiming = useApplyPromo(service);
  const network = useNeedsNetwork();
  const open = state.deal !== undefined && state.deal !== null;
  const running = state.secondsLeft > 0;

  useCountdown(claimEndsAt, (passed) => {
    for (let i = 0; i < passed; i += 1) send('tick');
  });

  function close() {
    send('closed');
    setClaimEndsAt(null);
  }

  async function ask() {
    const outcome = await asking.run(booking.tnxId);
    if (!outcome.ok) return;
    const offered = { offered: { deal: outcome.data } };
    send(offered);
    // The window the core grants (the server's claimSeconds, at most 120 s), from now.
    setClaimEndsAt(Date.now() + dealReducer(state, offered).secondsLeft * 1000);
  }

  async function claim() {
    const deal = state.deal;
    if (!deal || !state.canClaim) return;
    // Bus sends SPEC §3's claim (company, trip time, coach type, paymentId); a launch invoice
    // has no coach type, so launch sends the code alone.
    const body = isLaunchBooking(booking) ? { tnxId: booking.tnxId, promoCode: deal.promoCode } : dealClaim(deal, booking, booking.tnxId);
    const outcome = await claiming.run(body);
    if (!outcome.ok) return;
    if (!outcome.data) {
      showToast(t('promo.invalid'));
      return;
    }
    dispatch({ promoApplied: outcome.data });
    close();
    if (service === 'LAUNCH') showToast(t('promo.applied'), 'info');
  }

  return (
    <>
      <button
        type="button"
        className="button button--ghost button--block deal-button"
        onClick={ask}
        disabled={asking.pending || disabled || network.offline}
        aria-describedby={network.describedBy()}
      >
        {t('booking.deal.try')}
      </button>
      {/* Said once: in the deal's modal while it is open, else beside the button. */}
      {!open && network.reason}
      {open && state.deal && (
        <Modal title={t('booking.deal.title')} onClose={close} id="surprise-deal">
          <div className="deal">
            <p>{t('booking.deal.text')}</p>
            <p className="deal__amount" data-testid="deal-amount">
              {t('booking.deal.amount', { amount: taka(state.deal.amount) })}
            </p>
            <p className="deal__timer" role="timer" aria-live="off" data-testid="deal-timer">
              {running ? t('booking.deal.left', { time: clock(state.secondsLeft) }) : t('booking.deal.ended')}
            </p>
            <button
              type="button"
              className={`button button--block${state.canClaim ? '' : ' button--dimmed'}`}
              onClick={claim}
              disabled={!state.canClaim || claiming.pending || network.offline}
              aria-describedby={network.describedBy()}
            >
              {t('booking.deal.claim')}
            </button>
            {network.reason}
          </div>
        </Modal>
      )}
    </>
  );
}
