import { Link } from 'react-router';
import type { Service } from 'core-wasm';
import { servicePath } from '@/lib/site-context';
import { StepHeading } from '@/features/booking/components/step-heading';
import { t } from '@/i18n/messages';

/**
 * A payment result page with no payment behind it: opened cold (no tnxId), or for a booking that
 * cannot be found. It says only that (not 'Payment successful', not that no money was taken:
 * nothing is known either way), with the way to a search and to the tickets already bought.
 */
export function NoPayment({ service, tnxId }: { service: Service; tnxId: string | null }) {
  return (
    <>
      <StepHeading title={t('payment.none')} />
      <div className="booking-notice" data-testid="no-payment">
        <p>{tnxId ? t('payment.none.tnx', { tnxId }) : t('payment.none.text')}</p>
        <div className="booking-actions">
          <Link className="button" to={`/${servicePath(service)}`}>
            {t('payment.searchTrips')}
          </Link>
          <Link className="button button--ghost" to={`/${servicePath(service)}/find-ticket`}>
            {t('header.history')}
          </Link>
        </div>
      </div>
    </>
  );
}
