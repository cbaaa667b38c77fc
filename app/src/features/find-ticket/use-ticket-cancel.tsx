import { useEffect, useRef, useState, type ReactNode } from 'react';
import { mentionsOtp, type CancelTicketResponse, type Service, type Ticket } from 'core-wasm';
import { failureText, useApi } from '@/api/api-client';
import { sendCancelOtp, useCancelTicket, useSendCancelOtp } from '@/features/find-ticket/api/tickets';
import { OtpPopup, preloadOtpPopup } from '@/features/otp/otp-popup';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';
import { showToast } from '@/lib/toasts';

/** A ticket's own service; a list may hold both (the account's trips). */
const serviceOf = (ticket: Ticket): Service => ticket.service ?? 'BUS';

export interface TicketCancel {
  /** Cancel tapped on a ticket card: sends the code to the ticket's phone, then asks for it. */
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

  async function start(ticket: Ticket) {
    preloadOtpPopup();
    setSendingFor(ticket._id);
    setNotice(null);
    if ((await sendingCode.run(ticket._id, serviceOf(ticket))).ok) setAsking(ticket);
  }

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
    start: (ticket) => void start(ticket),
    sending: (id) => sendingCode.pending && sendingFor === id,
    notice,
    popup: asking && (
      <OtpPopup
        title={t('otp.cancelTitle')}
        phone={asking.phone ?? phone ?? ''}
        onResend={() => sendCancelOtp(api, serviceOf(asking), asking._id)}
        onVerify={verify}
        onClose={() => setAsking(null)}
      />
    ),
  };
}
