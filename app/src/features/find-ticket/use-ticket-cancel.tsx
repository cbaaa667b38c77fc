import { useEffect, useRef, useState, type ReactNode } from 'react';
import { mentionsOtp, type CancelTicketResponse, type Service, type Ticket } from 'core-wasm';
import { ticketCancelQuote, type PolicyQuote } from 'core-wasm/booking';
import { failureText, useApi } from '@/api/api-client';
import { Modal } from '@/components/modal';
import { sendCancelOtp, useCancelTicket, useSendCancelOtp } from '@/features/find-ticket/api/tickets';
import { OtpPopup, preloadOtpPopup } from '@/features/otp/otp-popup';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';
import { showToast } from '@/lib/toasts';

/** A ticket's own service; a list may hold both (the account's trips). */
const serviceOf = (ticket: Ticket): Service => ticket.service ?? 'BUS';

/**
 * What cancelling `ticket` now keeps and gives back under the policy it was sold under, or why it
 * cannot be cancelled: the core's count, the one the ticket API cancels by (issue 37). Null when
 * the ticket does not say its policy.
 */
export function cancellationCost(ticket: Ticket, nowMs?: number): PolicyQuote | null {
  return ticketCancelQuote(ticket, nowMs) ?? null;
}

export interface TicketCancel {
  /**
   * Cancel tapped on a ticket card: says what cancelling costs and gives back (issue 40: before,
   * not after), then, confirmed, sends the code to the ticket's phone and asks for it.
   */
  start: (ticket: Ticket) => void;
  /** The cancel code of ticket `id` is being sent. */
  sending: (id: string) => boolean;
  /** The OTP popup while a code is asked for, else null. */
  popup: ReactNode;
  /** What the last cancellation came to (fare, fee and refund as the server counted them). */
  notice: string | null;
}

/**
 * Cancelling tickets from a list, with a code sent to each ticket's phone (SPEC §4, still asked
 * for when logged in): the flow of the ticket history page, for a list of either service's tickets
 * (the account page's). Cancel sends the code (`common/send-otp`); the OTP popup asks for it; a
 * refusal that mentions otp stays under the boxes, any other closes the popup as a toast
 * (SPEC §8). `onCancelled` updates the list from the answer; the cancellation is said in `notice`
 * and focus goes to the cancelled ticket (its Cancel button is gone).
 */
export function useTicketCancel(onCancelled: (ticket: Ticket, response: CancelTicketResponse) => void, phone?: string): TicketCancel {
  const api = useApi();
  const sendingCode = useSendCancelOtp();
  const cancelling = useCancelTicket();
  const [sendingFor, setSendingFor] = useState<string | null>(null);
  const [asking, setAsking] = useState<Ticket | null>(null);
  const [confirming, setConfirming] = useState<Ticket | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const focusTarget = useRef<string | null>(null);

  // After the render that closed the popup, once its own clean-up has put focus back on its opener.
  useEffect(() => {
    const id = focusTarget.current;
    if (!id) return;
    focusTarget.current = null;
    const target = document.getElementById(id);
    target?.focus({ preventScroll: true });
    if (typeof target?.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  });

  function start(ticket: Ticket) {
    preloadOtpPopup();
    setNotice(null);
    setConfirming(ticket);
  }

  async function send(ticket: Ticket) {
    setConfirming(null);
    setSendingFor(ticket._id);
    if ((await sendingCode.run(ticket._id, serviceOf(ticket))).ok) setAsking(ticket);
  }

  /** The fee and the refund in a sentence (the popup's note), or null when unknown. */
  const costLine = (ticket: Ticket) => {
    const cost = cancellationCost(ticket);
    return cost?.outcome === 'allowed' ? t('ticket.cancelCost', { fee: taka(cost.fee), amount: taka(cost.refund) }) : null;
  };

  async function verify(code: string): Promise<string | null> {
    const ticket = asking;
    if (!ticket) return null;
    const outcome = await cancelling.run({ ticketId: ticket._id, otpCode: code, phone: ticket.phone ?? phone ?? '' }, serviceOf(ticket));
    if (outcome.ok) {
      const response = outcome.data;
      onCancelled(ticket, response);
      setAsking(null);
      const pnr = ticket.pnr ?? ticket._id;
      const paid = ticket.paymentHistory.paidAmount;
      const amount = taka(response.refundAmount);
      const fee = taka(response.cancellationFee);
      setNotice(paid != null ? t('ticket.cancelledPaid', { pnr, paid: taka(paid), fee, amount }) : t('ticket.cancelled', { pnr, amount }));
      focusTarget.current = `ticket-${ticket._id}`;
      return null;
    }
    const message = failureText(outcome.error);
    if (mentionsOtp(message)) return message;
    setAsking(null);
    showToast(message);
    return null;
  }

  return {
    start,
    sending: (id) => sendingCode.pending && sendingFor === id,
    notice,
    popup: confirming ? (
      <CancelConfirm ticket={confirming} cost={cancellationCost(confirming)} onSend={() => void send(confirming)} onKeep={() => setConfirming(null)} />
    ) : (
      asking && (
        <OtpPopup
          title={t('otp.cancelTitle')}
          phone={asking.phone ?? phone ?? ''}
          note={costLine(asking)}
          onResend={() => sendCancelOtp(api, serviceOf(asking), asking._id)}
          onVerify={verify}
          onClose={() => setAsking(null)}
        />
      )
    ),
  };
}

/**
 * Before the code is sent: what was paid, the cancellation fee and what comes back, with the
 * choice to go on or keep the ticket; or why the ticket's policy does not let it be cancelled,
 * with no code sent for nothing. Without a quote (a ticket that does not say its policy) only the
 * choice.
 */
function CancelConfirm({ ticket, cost, onSend, onKeep }: { ticket: Ticket; cost: PolicyQuote | null; onSend: () => void; onKeep: () => void }) {
  const paid = ticket.paymentHistory.paidAmount;
  if (cost?.outcome === 'refused') {
    return (
      <Modal title={t('ticket.cancelConfirm.title')} onClose={onKeep}>
        <p role="alert" data-testid="cancel-refused">
          {t(`ticket.cancelRefused.${cost.reason}`)}
        </p>
        <div className="booking-actions">
          <button type="button" className="button" onClick={onKeep} data-autofocus>
            {t('ticket.cancelConfirm.keep')}
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={t('ticket.cancelConfirm.title')} onClose={onKeep}>
      <p>{t(ticket.cancelFree ? 'ticket.cancelConfirm.free' : 'ticket.cancelConfirm.text', { pnr: ticket.pnr ?? ticket._id })}</p>
      {cost && paid != null && (
        <dl className="invoice" data-testid="cancel-cost">
          <div className="invoice__line">
            <dt>{t('ticket.paid')}</dt>
            <dd>{taka(paid)}</dd>
          </div>
          <div className="invoice__line">
            <dt>{t('ticket.fee')}</dt>
            <dd data-testid="cancel-fee">{taka(cost.fee)}</dd>
          </div>
          <div className="invoice__line invoice__line--total">
            <dt>{t('ticket.refund')}</dt>
            <dd data-testid="cancel-refund">{taka(cost.refund)}</dd>
          </div>
        </dl>
      )}
      <div className="booking-actions">
        <button type="button" className="button" onClick={onSend} data-autofocus>
          {t('ticket.cancelConfirm.send')}
        </button>
        <button type="button" className="button button--ghost" onClick={onKeep}>
          {t('ticket.cancelConfirm.keep')}
        </button>
      </div>
    </Modal>
  );
}
