import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Service, Ticket } from 'core-wasm';
import { failureText } from '@/api/api-client';
import { servicePath } from '@/app/site-context';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { useBookingStatus } from '@/features/booking/api/booking-status';
import { confirmTicket } from '@/features/booking/api/ticket';
import { TicketView } from '@/features/booking/components/ticket-view';
import { paymentStepUrl } from '@/features/booking/payment-steps';
import { BookingOutcome } from '@/features/payment/components/payment-result';
import { t } from '@/i18n/messages';
import { track } from '@/lib/analytics';
import { showToast } from '@/lib/toasts';

type State = { status: 'loading' } | { status: 'ready'; ticket: Ticket } | { status: 'error'; message: string };

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
 */
export function PaymentSuccess({ service, tnxId }: { service: Service; tnxId: string | null }) {
  const { ticketApiUrl } = useRuntimeConfig();
  const [state, setState] = useState<State>({ status: 'loading' });
  const history = `/${servicePath(service)}/find-ticket`;

  useEffect(() => {
    if (!tnxId) return;
    let live = true;
    confirmTicket(ticketApiUrl, service, tnxId).then(
      (ticket) => {
        if (!live) return;
        setState({ status: 'ready', ticket });
        trackConfirmed(service, ticket, tnxId);
      },
      (error: unknown) => {
        if (!live) return;
        const message = failureText(error);
        showToast(message);
        setState({ status: 'error', message });
      },
    );
    return () => {
      live = false;
    };
  }, [ticketApiUrl, service, tnxId]);

  if (!tnxId) {
    return (
      <div className="booking-notice">
        <p>{t('booking.ticket.noTnx')}</p>
        <p>{t('payment.seeHistory')}</p>
        <Link className="button" to={history}>
          {t('header.history')}
        </Link>
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <p className="booking-notice" role="status">
        {t('booking.ticket.confirming')}
      </p>
    );
  }
  if (state.status === 'error') return <NotConfirmed service={service} tnxId={tnxId} message={state.message} />;
  return <TicketView service={service} ticket={state.ticket} />;
}

/**
 * confirm-ticket found no ticket: the booking's status says what to offer. Paying again only
 * while it still waits for payment; a failed, cancelled or refunded one is explained and leads
 * to a new search (a refunded booking was paid, but its seats were lost: no ticket).
 */
function NotConfirmed({ service, tnxId, message }: { service: Service; tnxId: string; message: string }) {
  const status = useBookingStatus(service, tnxId);
  if (status === 'failed' || status === 'cancelled' || status === 'refunded') {
    return <BookingOutcome service={service} tnxId={tnxId} status={status} kind="failed" />;
  }
  const history = `/${servicePath(service)}/find-ticket`;
  return (
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
  );
}
