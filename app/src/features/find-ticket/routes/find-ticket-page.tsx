import { useEffect, useRef, useState } from 'react';
import { mentionsOtp } from 'core-wasm';
import { applyCancel, type Ticket } from 'core-wasm/booking';
import { failureStatus, failureText } from '@/api/api-client';
import { useService, useTheme } from '@/app/site-context';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { cancelTicket, searchTickets, sendCancelOtp, sendSearchOtp } from '@/features/find-ticket/api/tickets';
import { FindTicketForm } from '@/features/find-ticket/components/find-ticket-form';
import { TicketCard } from '@/features/find-ticket/components/ticket-card';
import { OtpModal } from '@/features/otp/components/otp-modal';
import { t } from '@/i18n/messages';
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
  const { ticketApiUrl } = useRuntimeConfig();
  const service = useService();
  /** The number the last code went to. */
  const [phone, setPhone] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  /** The ticket whose cancel code is being sent, then whose cancel popup is open. */
  const [sendingCancel, setSendingCancel] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Ticket | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /**
   * Where focus goes once a popup has closed: the found list (on a phone it starts below the
   * form, out of sight) or the ticket just cancelled (its Cancel button is gone).
   */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // After the popup's own clean-up has put focus back on its opener.
  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    const target = focusTarget === 'results' ? resultsHeading.current : document.getElementById(focusTarget);
    if (!target) return;
    // Focus alone would scroll the list only just into view, at the bottom of a phone's screen.
    target.focus({ preventScroll: true });
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [focusTarget]);

  function sent(number: string) {
    setPhone(number);
    setNotFound(null);
    setNotice(null);
    setSearchOpen(true);
  }

  async function verifySearch(code: string): Promise<string | null> {
    try {
      const found = await searchTickets(ticketApiUrl, service, phone, code);
      setTickets(found.tickets);
      setNotFound(found.tickets.length === 0 ? t('findTicket.notFound', { phone }) : null);
      setSearchOpen(false);
      setFocusTarget('results');
      return null;
    } catch (error) {
      setTickets(null);
      const message = failureText(error);
      if (mentionsOtp(message)) return message;
      setSearchOpen(false);
      setNotFound(failureStatus(error) === 404 ? t('findTicket.notFound', { phone }) : message);
      return null;
    }
  }

  async function startCancel(ticket: Ticket) {
    setSendingCancel(ticket._id);
    setNotice(null);
    try {
      await sendCancelOtp(ticketApiUrl, service, ticket._id);
      setCancelling(ticket);
    } catch (error) {
      showToast(failureText(error));
    } finally {
      setSendingCancel(null);
    }
  }

  async function verifyCancel(code: string): Promise<string | null> {
    const ticket = cancelling;
    if (!ticket) return null;
    try {
      const response = await cancelTicket(ticketApiUrl, service, { ticketId: ticket._id, otpCode: code, phone: ticket.phone ?? phone });
      setTickets((list) => applyCancel(list ?? [], ticket._id, response));
      setCancelling(null);
      setNotice(t('ticket.cancelled', { pnr: ticket.pnr ?? ticket._id, amount: response.refundAmount }));
      setFocusTarget(`ticket-${ticket._id}`);
      return null;
    } catch (error) {
      const message = failureText(error);
      if (mentionsOtp(message)) return message;
      setCancelling(null);
      showToast(message);
      return null;
    }
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
          <p className="find-ticket__count">{t('findTicket.count', { count: tickets.length, phone })}</p>
          <ul className="find-ticket__list">
            {tickets.map((ticket) => (
              <TicketCard
                key={ticket._id}
                ticket={ticket}
                service={service}
                onCancel={startCancel}
                cancelling={sendingCancel === ticket._id}
              />
            ))}
          </ul>
        </section>
      )}
      {searchOpen && (
        <OtpModal
          title={t('otp.searchTitle')}
          phone={phone}
          onResend={() => sendSearchOtp(ticketApiUrl, phone)}
          onVerify={verifySearch}
          onClose={() => setSearchOpen(false)}
        />
      )}
      {cancelling && (
        <OtpModal
          title={t('otp.cancelTitle')}
          phone={cancelling.phone ?? phone}
          onResend={() => sendCancelOtp(ticketApiUrl, service, cancelling._id)}
          onVerify={verifyCancel}
          onClose={() => setCancelling(null)}
        />
      )}
    </>
  );
}

export default FindTicketPage;
