import { useState } from 'react';
import { mentionsOtp, type BookingChange, type BusBooking, type Ticket } from 'core-wasm';
import { ticketChangeQuote, type ChangeTicketRequest, type ChangeTicketResponse, type SendOtpRequest } from 'core-wasm/booking';
import { failureText, useApi } from '@/api/api-client';
import { endChange } from '@/features/change-date/change-in-hand';
import { OtpPopup, preloadOtpPopup } from '@/features/otp/otp-popup';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';
import { showToast } from '@/lib/toasts';

interface ChangePanelProps {
  /** The pending booking of the new date. */
  booking: BusBooking;
  /** The ticket whose date changes (the change in hand). */
  changing: Ticket;
  /** The change is made: the new ticket issued at once (nothing to pay). */
  onChanged: (ticketId: string) => void;
  /** The change waits for the difference, paid through the gateway. */
  onDifference: (pay: number) => void;
}

/**
 * The payment step of a booking that changes a ticket's date (issue 37): what the old ticket
 * brings (what was paid less the fee, by the policy it was sold under: the core's
 * `ticketChangeQuote`, the count the ticket API changes by), the new fare, and what is paid now
 * or comes back; the code sent to the ticket's phone confirms it. A policy that no longer allows
 * it says why and sends no code.
 */
export function ChangePanel({ booking, changing, onChanged, onDifference }: ChangePanelProps) {
  const api = useApi();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const departs = booking.invoice.boardingDateTime ?? booking.invoice.tripDateTime ?? '';
  const quote = departs ? ticketChangeQuote(changing, booking.amount, departs) : undefined;
  const pnr = changing.pnr ?? changing._id;
  const phone = changing.phone ?? '';

  const sendCode = () => {
    const request: SendOtpRequest = { ticketId: changing._id, service: 'BUS', action: 'change' };
    return api.call('send-otp', 'COMMON', request);
  };

  async function send() {
    preloadOtpPopup();
    setSending(true);
    try {
      await sendCode();
      setAsking(true);
    } catch (error) {
      showToast(failureText(error));
    } finally {
      setSending(false);
    }
  }

  async function verify(code: string): Promise<string | null> {
    const request: ChangeTicketRequest = { ticketId: changing._id, otpCode: code, phone, tnxId: booking.tnxId };
    try {
      const answer: ChangeTicketResponse = await api.call('change-ticket', 'BUS', request);
      setAsking(false);
      endChange();
      if (answer.ticketId) onChanged(answer.ticketId);
      else onDifference(answer.pay);
      return null;
    } catch (error) {
      const message = failureText(error);
      if (mentionsOtp(message)) return message;
      setAsking(false);
      showToast(message);
      return null;
    }
  }

  if (!quote || quote.outcome === 'refused') {
    return (
      <section className="card change-panel" aria-labelledby="change-title">
        <h2 id="change-title">{t('change.title', { pnr })}</h2>
        <p role="alert" data-testid="change-refused">
          {t(quote ? `change.refused.${quote.reason}` : 'change.refused.tooLate')}
        </p>
      </section>
    );
  }
  return (
    <section className="card change-panel" aria-labelledby="change-title">
      <h2 id="change-title">{t('change.title', { pnr })}</h2>
      <ChangeCost fee={quote.fee} credit={quote.credit} fare={booking.amount} pay={quote.pay} refund={quote.refund} />
      <div className="booking-actions">
        <button type="button" className="button" disabled={sending} onClick={() => void send()}>
          {t('change.send')}
        </button>
      </div>
      {asking && (
        <OtpPopup title={t('otp.changeTitle')} phone={phone} onResend={sendCode} onVerify={verify} onClose={() => setAsking(false)} />
      )}
    </section>
  );
}

/** What a change costs: the fee, what the ticket brings, the new fare, and what is paid or comes back. */
function ChangeCost({ fee, credit, fare, pay, refund }: { fee: number; credit: number; fare: number; pay: number; refund: number }) {
  return (
    <dl className="invoice" data-testid="change-cost">
      <div className="invoice__line">
        <dt>{t('change.fee')}</dt>
        <dd>{taka(fee)}</dd>
      </div>
      <div className="invoice__line">
        <dt>{t('change.credit')}</dt>
        <dd>{taka(credit)}</dd>
      </div>
      <div className="invoice__line">
        <dt>{t('change.newFare')}</dt>
        <dd>{taka(fare)}</dd>
      </div>
      <div className="invoice__line invoice__line--total">
        <dt>{t(pay > 0 ? 'change.pay' : 'change.refund')}</dt>
        <dd data-testid="change-due">{taka(pay > 0 ? pay : refund)}</dd>
      </div>
    </dl>
  );
}

/**
 * A booking whose date change was confirmed and waits for its difference, as the booking itself
 * tells it (read again after a reload, or in another tab): the gateway is asked for that only.
 */
export function ChangeWaiting({ change, amount }: { change: BookingChange; amount: number }) {
  return (
    <section className="card change-panel" aria-labelledby="change-title">
      <h2 id="change-title">{t('change.waiting')}</h2>
      <ChangeCost fee={change.fee} credit={change.credit} fare={amount} pay={change.pay} refund={0} />
    </section>
  );
}
