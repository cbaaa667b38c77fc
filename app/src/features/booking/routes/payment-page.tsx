import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { Service } from 'core-wasm';
import { useService } from '@/lib/site-context';
import { NoBooking } from '@/features/booking/components/no-booking';
import { NoPayment } from '@/features/booking/components/no-payment';
import { PassengerStep } from '@/features/booking/components/passenger-step';
import { PaymentResult } from '@/features/booking/components/payment-result';
import { PaymentStep } from '@/features/booking/components/payment-step';
import { PaymentSuccess } from '@/features/booking/components/payment-success';
import { StepHeading } from '@/features/booking/components/step-heading';
import { loadHold } from '@/features/booking/hold';
import { t, type MessageId } from '@/i18n/messages';
import '@/features/booking/booking.css';

const titles: Record<string, MessageId> = {
  payment: 'payment.title',
  'passenger-details': 'payment.passengerDetails',
  'payment-details': 'payment.paymentDetails',
  cancel: 'payment.cancel',
  failed: 'payment.failed',
  success: 'payment.success',
};

/** The result pages: their heading says what happened, so they draw it themselves. */
const RESULTS = new Set(['success', 'failed', 'cancel']);

/** What a step shows: the booking flow of SPEC §2/§4 for the service. */
function stepBody(service: Service, step: string, tnxId: string | null): ReactNode {
  switch (step) {
    case 'success':
      return tnxId ? <PaymentSuccess service={service} tnxId={tnxId} /> : <NoPayment service={service} tnxId={null} />;
    case 'failed':
    case 'cancel':
      return tnxId ? <PaymentResult service={service} kind={step} tnxId={tnxId} /> : <NoPayment service={service} tnxId={null} />;
    case 'payment-details':
      return tnxId ? <PaymentStep service={service} tnxId={tnxId} /> : <NoBooking service={service} />;
    case 'passenger-details': {
      const hold = loadHold(service);
      return hold ? <PassengerStep hold={hold} /> : <NoBooking service={service} message={t('booking.noHold')} />;
    }
    default: {
      // `/bus/payment`: passenger details, then (with the booking's tnxId) the payment.
      // `/launch/payment`: the launch steps have their own paths.
      if (service === 'LAUNCH') {
        if (tnxId) return <Navigate to={`/launch/payment/payment-details?tnxId=${encodeURIComponent(tnxId)}`} replace />;
        if (loadHold(service)) return <Navigate to="/launch/payment/passenger-details" replace />;
        return <NoBooking service={service} />;
      }
      if (tnxId) return <PaymentStep service={service} tnxId={tnxId} />;
      const hold = loadHold(service);
      return hold ? <PassengerStep hold={hold} /> : <NoBooking service={service} />;
    }
  }
}

/**
 * The payment pages (SPEC §2): `/{service}/payment`, the launch steps passenger-details and
 * payment-details, and the results (success, failed, cancel). Reached without a hold or a
 * booking, each says so and leads to the search; never a blank page, and never a result's
 * heading ('Payment successful') above a page that has no payment to show.
 */
export function PaymentPage() {
  const service = useService();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const step = pathname.replace(/\/+$/, '').split('/').pop() ?? 'payment';
  const title = t(titles[step] ?? 'payment.title');
  const tnxId = params.get('tnxId');
  return (
    <div className="booking-page">
      {!RESULTS.has(step) && <StepHeading title={title} />}
      {/* A new transaction is a new page: no state of the last one carries over. */}
      <div key={`${step}:${tnxId ?? ''}`}>{stepBody(service, step, tnxId)}</div>
    </div>
  );
}

export default PaymentPage;
