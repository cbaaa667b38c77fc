import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Service, Ticket } from 'core-wasm';
import { servicePath } from '@/lib/site-context';
import { useBookingStatus } from '@/features/booking/api/booking-status';
import { useConfirmedTicket } from '@/features/booking/api/ticket';
import { TicketView } from '@/features/booking/components/ticket-view';
import { paymentStepUrl } from '@/features/booking/payment-steps';
import { BookingOutcome, outcomeTitle } from '@/features/booking/components/payment-result';
import { NoPayment } from '@/features/booking/components/no-payment';
import { StepHeading } from '@/features/booking/components/step-heading';
import { useKeptTicketOfPayment } from '@/features/saved-tickets/use-saved-copy';
import { t } from '@/i18n/messages';
import { track } from '@/lib/analytics';
import { useOnline } from '@/lib/online';

/** booking_confirmed once per transaction, not again on a reload of the success page. */
function trackConfirmed(service: Service, ticket: Ticket, tnxId: string) {
  const key = `confirmed:${tnxId}`;
  try {
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, '1');
  } catch {
    // No storage: tracked on every visit rather than never.
  }
  track('booking_confirmed', {
    service,
    tnx_id: tnxId,
    pnr: ticket.pnr,
    seats: ticket.seats?.length ?? 0,
    value: ticket.paymentHistory.paidAmount,
    operator: ticket.companyName,
  });
}

/**
 * `/{service}/payment/success?tnxId=`: confirm-ticket (the server issued the ticket when the
 * gateway reported the payment; this finds it, idempotently) and the ticket with its PDF.
 * (Without a tnxId the page has no payment to show: payment-page.tsx.)
 */
export function PaymentSuccess({ service, tnxId }: { service: Service; tnxId: string }) {
  // Offline (issue 40: the page opened again right after paying, the network gone), the ticket
  // as this phone kept it when the page first showed it; nothing is asked of the server, so no
  // failure covers it, until the network is back.
  const online = useOnline();
  const kept = useKeptTicketOfPayment(tnxId, !online);
  const ticket = useConfirmedTicket(service, online ? tnxId : null);

  useEffect(() => {
    if (ticket.data) trackConfirmed(service, ticket.data, tnxId);
  }, [service, tnxId, ticket.data]);

  if (!online) {
    return (
      <>
        <StepHeading title={t(kept ? 'payment.success' : 'payment.title')} />
        {kept === undefined ? null : kept ? (
          <>
            <p className="booking-notice" role="status" data-testid="offline-ticket">
              {t('booking.ticket.offlineCopy')}
            </p>
            <TicketView service={kept.service} ticket={kept.ticket} />
          </>
        ) : (
          <p className="booking-notice" role="status" data-testid="offline-ticket">
            {t('booking.ticket.offlineNone')}
          </p>
        )}
      </>
    );
  }
  if (ticket.status === 'error') return <NotConfirmed service={service} tnxId={tnxId} message={ticket.message} />;
  return (
    <>
      {/* The gateway's word while the ticket is confirmed, then the ticket's. */}
      <StepHeading title={t('payment.success')} />
      {ticket.status === 'loading' ? (
        <p className="booking-notice" role="status">
          {t('booking.ticket.confirming')}
        </p>
      ) : (
        <TicketView service={service} ticket={ticket.data} />
      )}
    </>
  );
}

/**
 * confirm-ticket found no ticket: the booking's status says what happened (the heading too) and
 * what to offer. Paying again only while it still waits for payment; a failed, cancelled or
 * refunded one is explained and leads to a new search (a refunded booking was paid, but its
 * seats were lost: no ticket); one that cannot be read is no payment to show.
 */
function NotConfirmed({ service, tnxId, message }: { service: Service; tnxId: string; message: string }) {
  const status = useBookingStatus(service, tnxId);
  if (status === 'unknown') return <NoPayment service={service} tnxId={tnxId} />;
  if (status === 'failed' || status === 'cancelled' || status === 'refunded') {
    return (
      <>
        <StepHeading title={t(outcomeTitle(status, 'payment.failed'))} />
        <BookingOutcome service={service} tnxId={tnxId} status={status} kind="failed" />
      </>
    );
  }
  const history = `/${servicePath(service)}/find-ticket`;
  const title = status === 'pending' ? 'payment.notComplete' : status === 'ticketed' ? 'payment.success' : 'payment.title';
  return (
    <>
      <StepHeading title={t(title)} />
      <div className="booking-notice booking-notice--error">
        <p role="alert">{message}</p>
        <p className="muted">{t('booking.result.reference', { tnxId })}</p>
        {status !== 'loading' && (
          <div className="booking-actions">
            {status !== 'ticketed' && (
              <Link className="button" to={paymentStepUrl(service, tnxId)}>
                {t('booking.result.retry')}
              </Link>
            )}
            <Link className={status === 'ticketed' ? 'button' : 'button button--ghost'} to={history}>
              {t('header.history')}
            </Link>
          </div>
        )}
      </div>
    </>
  );
}
