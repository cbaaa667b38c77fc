import { Link } from 'react-router';
import type { BookingStatus, Service } from 'core-wasm';
import { servicePath } from '@/lib/site-context';
import { useBookingRefund, useBookingStatus, type StatusLookup } from '@/features/booking/api/booking-status';
import { loadBookingTrip, searchAgainUrl } from '@/features/booking/booking-trip';
import { NoPayment } from '@/features/booking/components/no-payment';
import { StepHeading } from '@/features/booking/components/step-heading';
import { paymentStepUrl } from '@/features/booking/payment-steps';
import { t, type MessageId } from '@/i18n/messages';

export type ResultKind = 'failed' | 'cancel';

/**
 * What happened, by the booking's status; the gateway's redirect (`kind`) only when the status
 * is unknown. A refunded booking comes back as 'failed' (the gateway took the money, the hold
 * had run out), so the failed page must not say no money was taken.
 */
function whatHappened(status: StatusLookup, kind: ResultKind | undefined): MessageId {
  switch (status) {
    case 'refunded':
      return 'booking.result.refunded';
    case 'ticketed':
      return 'booking.result.ticketed';
    case 'failed':
      return 'booking.failed.text';
    case 'cancelled':
      return 'booking.cancel.text';
    default:
      return kind === 'cancel' ? 'booking.cancel.text' : 'booking.failed.text';
  }
}

/**
 * Either after the gateway's redirect (`kind`: the status may still be pending or unknown), or
 * for a booking known to wait no longer (the payment page of one paid, failed, cancelled or
 * refunded), where there was no redirect to go by.
 */
export type OutcomeProps = { service: Service; tnxId: string | null } & (
  | { status: StatusLookup; kind: ResultKind }
  | { status: Exclude<BookingStatus, 'pending'>; kind?: undefined }
);

/**
 * A payment's outcome in plain words and the ways on: a booking still waiting for payment can be
 * paid again; a ticketed one leads to its ticket; a failed, cancelled or refunded one (its seats
 * released or lost) to a new search.
 */
export function BookingOutcome({ service, tnxId, status, kind }: OutcomeProps) {
  const searchAgain = searchAgainUrl(service, loadBookingTrip(tnxId));
  const pending = status === 'pending' && tnxId !== null;
  const refund = useBookingRefund(service, tnxId);
  return (
    <div className="booking-notice">
      <p>{t(whatHappened(status, kind))}</p>
      {refund && <p>{t(`refund.${refund}`)}</p>}
      {tnxId && <p className="muted">{t('booking.result.reference', { tnxId })}</p>}
      {(status === 'failed' || status === 'cancelled') && <p>{t('booking.result.released')}</p>}
      <div className="booking-actions">
        {pending && (
          <Link className="button" to={paymentStepUrl(service, tnxId)}>
            {t('booking.result.retry')}
          </Link>
        )}
        {status === 'ticketed' && tnxId ? (
          <Link className="button" to={successUrl(service, tnxId)}>
            {t('booking.result.seeTicket')}
          </Link>
        ) : (
          <Link className={pending ? 'button button--ghost' : 'button'} to={searchAgain}>
            {t('booking.result.searchAgain')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** Where a paid booking's ticket is shown (confirm-ticket finds it again). */
export function successUrl(service: Service, tnxId: string): string {
  return `/${servicePath(service)}/payment/success?tnxId=${encodeURIComponent(tnxId)}`;
}

/**
 * A result page's heading by the booking's status, what happened; the gateway's redirect
 * (`redirect`: failed, cancelled, successful) only while the booking still waits or is being read.
 */
export function outcomeTitle(status: StatusLookup, redirect: MessageId): MessageId {
  switch (status) {
    case 'ticketed':
      return 'payment.success';
    case 'failed':
      return 'payment.failed';
    case 'cancelled':
      return 'payment.cancel';
    case 'refunded':
      return 'payment.refunded';
    default:
      return redirect;
  }
}

/**
 * `/{service}/payment/failed` and `/cancel`: the outcome, once the booking's status is read; a
 * booking that cannot be read is no payment to show (not 'no money was taken': nobody knows).
 */
export function PaymentResult({ service, kind, tnxId }: { service: Service; kind: ResultKind; tnxId: string }) {
  const status = useBookingStatus(service, tnxId);
  if (status === 'unknown') return <NoPayment service={service} tnxId={tnxId} />;
  const title = t(outcomeTitle(status, kind === 'cancel' ? 'payment.cancel' : 'payment.failed'));
  return (
    <>
      <StepHeading title={title} />
      {status === 'loading' ? (
        <p className="booking-notice" role="status">
          {t('booking.result.checking')}
        </p>
      ) : (
        <BookingOutcome service={service} tnxId={tnxId} status={status} kind={kind} />
      )}
    </>
  );
}
