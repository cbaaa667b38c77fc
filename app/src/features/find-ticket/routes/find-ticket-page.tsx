import { useEffect, useRef, useState } from 'react';
import { mentionsOtp } from 'core-wasm';
import type { Ticket } from 'core-wasm/booking';
import { failureStatus, failureText, useApi } from '@/api/api-client';
import { useService, useTheme } from '@/app/site-context';
import {
  sendCancelOtp,
  sendSearchOtp,
  useCancelTicket,
  useSearchTickets,
  useSendCancelOtp,
} from '@/features/find-ticket/api/tickets';
import { FindTicketForm } from '@/features/find-ticket/components/find-ticket-form';
import { TicketCard } from '@/features/find-ticket/components/ticket-card';
import { OtpPopup, preloadOtpPopup } from '@/features/otp/otp-popup';
import { shownDigits } from '@/i18n/language';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';
import { showToast } from '@/lib/toasts';
import '@/features/find-ticket/find-ticket.css';

/**
 * `/bus/find-ticket`, `/launch/find-ticket`: ticket history, found by mobile number with a
 * one-time code, and cancellation with another code (SPEC §1, §4, §8).
 *
 * A failed search empties the list. Its message stays under the OTP boxes when it mentions otp
 * (the core's mentionsOtp: wrong, expired or used code); otherwise the popup closes and the page
 * says no ticket was found. A cancel failure follows the same rule, its other messages (too
 * close to departure, already cancelled) shown as toasts.
 */
export function FindTicketPage() {
  const { brandName } = useTheme();
  const api = useApi();
  const service = useService();
  const searching = useSearchTickets(service);
  const sendingCancel = useSendCancelOtp(service);
  const cancelling = useCancelTicket(service);
  /** The number the last code went to. */
  const [phone, setPhone] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  /** The ticket whose cancel code is being sent, then whose cancel popup is open. */
  const [cancelFor, setCancelFor] = useState<string | null>(null);
  const [cancelPopup, setCancelPopup] = useState<Ticket | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /**
   * Where focus goes once a popup has closed: the found list (on a phone it starts below the
   * form, out of sight) or the ticket just cancelled (its Cancel button is gone).
   */
  const focusTarget = useRef<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // After the render that closed the popup, once its own clean-up has put focus back on its opener.
  useEffect(() => {
    const id = focusTarget.current;
    if (!id) return;
    focusTarget.current = null;
    const target = id === 'results' ? resultsHeading.current : document.getElementById(id);
    if (!target) return;
    // Focus alone would scroll the list only just into view, at the bottom of a phone's screen.
    target.focus({ preventScroll: true });
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  });

  function sent(number: string) {
    setPhone(number);
    setNotFound(null);
    setNotice(null);
    setSearchOpen(true);
  }

  async function verifySearch(code: string): Promise<string | null> {
    const outcome = await searching.run(phone, code);
    if (outcome.ok) {
      const found = outcome.data;
      setTickets(found.tickets);
      setNotFound(found.tickets.length === 0 ? t('findTicket.notFound', { phone: shownDigits(phone) }) : null);
      setSearchOpen(false);
      focusTarget.current = 'results';
      return null;
    }
    setTickets(null);
    const message = failureText(outcome.error);
    if (mentionsOtp(message)) return message;
    setSearchOpen(false);
    setNotFound(failureStatus(outcome.error) === 404 ? t('findTicket.notFound', { phone: shownDigits(phone) }) : message);
    return null;
  }

  async function startCancel(ticket: Ticket) {
    preloadOtpPopup();
    setCancelFor(ticket._id);
    setNotice(null);
    if ((await sendingCancel.run(ticket._id)).ok) setCancelPopup(ticket);
  }

  async function verifyCancel(code: string): Promise<string | null> {
    const ticket = cancelPopup;
    if (!ticket) return null;
    const outcome = await cancelling.run({ ticketId: ticket._id, otpCode: code, phone: ticket.phone ?? phone });
    if (outcome.ok) {
      const response = outcome.data;
      // The core's booking module: here already, the popup runs on it.
      const { applyCancel } = await import('core-wasm/booking');
      setTickets((list) => applyCancel(list ?? [], ticket._id, response));
      setCancelPopup(null);
      // Fare, fee and refund, all as the server counted them (never worked out here).
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
    setCancelPopup(null);
    showToast(message);
    return null;
  }

  return (
    <>
      <title>{`${t('findTicket.title')} | ${brandName}`}</title>
      <h1 className="page__title">{t('findTicket.title')}</h1>
      <FindTicketForm onSent={sent} />
      {notFound && (
        <p className="find-ticket__problem" role="alert">
          {notFound}
        </p>
      )}
      <div role="status" className={notice ? 'find-ticket__notice' : undefined}>
        {notice}
      </div>
      {tickets && tickets.length > 0 && (
        <section className="find-ticket__results" aria-labelledby="find-ticket-results">
          <h2 id="find-ticket-results" className="find-ticket__results-title" ref={resultsHeading} tabIndex={-1}>
            {t('findTicket.results')}
          </h2>
          <p className="find-ticket__count">{t('findTicket.count', { count: tickets.length, phone: shownDigits(phone) })}</p>
          <ul className="find-ticket__list">
            {tickets.map((ticket) => (
              <TicketCard
                key={ticket._id}
                ticket={ticket}
                service={service}
                onCancel={startCancel}
                cancelling={sendingCancel.pending && cancelFor === ticket._id}
              />
            ))}
          </ul>
        </section>
      )}
      {searchOpen && (
        <OtpPopup
          title={t('otp.searchTitle')}
          phone={phone}
          onResend={() => sendSearchOtp(api, phone)}
          onVerify={verifySearch}
          onClose={() => setSearchOpen(false)}
        />
      )}
      {cancelPopup && (
        <OtpPopup
          title={t('otp.cancelTitle')}
          phone={cancelPopup.phone ?? phone}
          onResend={() => sendCancelOtp(api, service, cancelPopup._id)}
          onVerify={verifyCancel}
          onClose={() => setCancelPopup(null)}
        />
      )}
    </>
  );
}

export default FindTicketPage;
