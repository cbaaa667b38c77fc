import { Link } from 'react-router';
import type { Service } from 'core-wasm';
import { servicePath } from '@/lib/site-context';
import { t } from '@/i18n/messages';

/** A booking page reached without a hold or booking: said so, with the way to the search. */
export function NoBooking({ service, message = t('payment.noBooking'), to }: { service: Service; message?: string; to?: string }) {
  return (
    <div className="booking-notice" data-testid="no-booking">
      <p>{message}</p>
      <Link className="button" to={to ?? `/${servicePath(service)}`}>
        {t('payment.searchTrips')}
      </Link>
    </div>
  );
}
