import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Service } from 'core-wasm';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { awaitingPayment } from '@/features/booking/api/booking-status';
import { loadBookingTrip, searchAgainUrl } from '@/features/booking/booking-trip';
import { paymentStepUrl } from '@/features/booking/payment-steps';
import { t } from '@/i18n/messages';

/**
 * `/{service}/payment/failed` and `/cancel`: what happened, in plain words, and the way back:
 * the same booking's payment again while it still waits for payment, else a new search (the
 * server released the seats).
 */
export function PaymentResult({ service, kind, tnxId }: { service: Service; kind: 'failed' | 'cancel'; tnxId: string | null }) {
  const { ticketApiUrl } = useRuntimeConfig();
  const [pending, setPending] = useState<boolean | null>(tnxId ? null : false);

  useEffect(() => {
    if (!tnxId) return;
    let live = true;
    void awaitingPayment(ticketApiUrl, service, tnxId).then((answer) => {
      if (live) setPending(answer);
    });
    return () => {
      live = false;
    };
  }, [ticketApiUrl, service, tnxId]);

  return (
    <div className="booking-notice">
      <p>{kind === 'failed' ? t('booking.failed.text') : t('booking.cancel.text')}</p>
      {tnxId && <p className="muted">{t('booking.result.reference', { tnxId })}</p>}
      {pending === false && <p>{t('booking.result.released')}</p>}
      <div className="booking-actions">
        {pending && tnxId && (
          <Link className="button" to={paymentStepUrl(service, tnxId)}>
            {t('booking.result.retry')}
          </Link>
        )}
        <Link className={pending ? 'button button--ghost' : 'button'} to={searchAgainUrl(service, loadBookingTrip(tnxId))}>
          {t('booking.result.searchAgain')}
        </Link>
      </div>
    </div>
  );
}
