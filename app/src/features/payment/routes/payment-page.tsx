import { Link, useLocation } from 'react-router';
import { servicePath, useService, useTheme } from '@/app/site-context';
import { t, type MessageId } from '@/i18n/messages';

const titles: Record<string, MessageId> = {
  payment: 'payment.title',
  'passenger-details': 'payment.passengerDetails',
  'payment-details': 'payment.paymentDetails',
  cancel: 'payment.cancel',
  failed: 'payment.failed',
  success: 'payment.success',
};

/**
 * The payment pages (SPEC §2): `/{service}/payment`, the results (cancel, failed, success) and,
 * for launch, the passenger and payment details steps. The booking flow that fills them comes
 * with the booking pages; reached without a booking, they say so and lead to the search.
 */
export function PaymentPage() {
  const service = useService();
  const { pathname } = useLocation();
  const { brandName } = useTheme();
  const step = pathname.replace(/\/+$/, '').split('/').pop() ?? 'payment';
  const title = t(titles[step] ?? 'payment.title');
  const base = `/${servicePath(service)}`;
  return (
    <div className="page--centered">
      <title>{`${title} | ${brandName}`}</title>
      <h1 className="page__title">{title}</h1>
      <p>{step === 'success' ? t('payment.seeHistory') : t('payment.noBooking')}</p>
      <Link className="button" to={step === 'success' ? `${base}/find-ticket` : base}>
        {step === 'success' ? t('header.history') : t('payment.searchTrips')}
      </Link>
    </div>
  );
}

export default PaymentPage;
