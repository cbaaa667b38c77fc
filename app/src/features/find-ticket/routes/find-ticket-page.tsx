import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { mentionsOtp, type CancelTicketResponse } from 'core-wasm';
import type { Ticket } from 'core-wasm/booking';
import { failureStatus, failureText, useApi } from '@/api/api-client';
import { useService, useTheme } from '@/lib/site-context';
import { sendSearchOtp, useSearchTickets } from '@/features/find-ticket/api/tickets';
import { FindTicketForm } from '@/features/find-ticket/components/find-ticket-form';
import { dayAfter, startChange } from '@/features/change-date/change-in-hand';
import { TicketCard } from '@/features/find-ticket/components/ticket-card';
import { useTicketCancel } from '@/features/find-ticket/use-ticket-cancel';
import { OtpPopup } from '@/features/otp/otp-popup';
import { shownDigits } from '@/i18n/language';
import { t } from '@/i18n/messages';
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
  const navigate = useNavigate();
  const service = useService();
  const searching = useSearchTickets(service);
  /** The number the last code went to. */
  const [phone, setPhone] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  // Cancelling, as the account's trips do it (use-ticket-cancel.tsx): a code to the ticket's phone.
  const cancel = useTicketCancel(cancelled, phone);
  /**
   * Where focus goes once the search popup has closed: the found list (on a phone it starts
   * below the form, out of sight).
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

  function cancelled(ticket: Ticket, response: CancelTicketResponse) {
    // The core's booking module: here already, the OTP popup runs on it.
    void import('core-wasm/booking').then(({ applyCancel }) => setTickets((list) => applyCancel(list ?? [], ticket._id, response)));
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
      <div role="status" className={cancel.notice ? 'find-ticket__notice' : undefined}>
        {cancel.notice}
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
                onCancel={cancel.start}
                cancelling={cancel.sending(ticket._id)}
                onChangeDate={(changing) => void navigate(startChange(changing, dayAfter(changing)))}
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
      {cancel.popup}
    </>
  );
}

export default FindTicketPage;
