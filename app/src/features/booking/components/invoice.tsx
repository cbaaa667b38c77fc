import { isLaunchBooking, type Booking } from '@/features/booking/api/use-booking';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';

/**
 * The invoice lines (SPEC §3): fare, discount (named after the promo that gave it), the launch
 * service charge and gateway commission, and the amount to pay. Every number is the server's
 * (or the core reducer's, after a promo or seat change): this only writes them as the core does.
 */
export function Invoice({ booking }: { booking: Booking }) {
  const { invoice } = booking;
  return (
    <section className="card booking-card" aria-labelledby="invoice-title">
      <h2 id="invoice-title" className="card__title">
        {t('booking.invoice.title')}
      </h2>
      <dl className="invoice" data-testid="invoice">
        <div className="invoice__line">
          <dt>{t('booking.invoice.fare')}</dt>
          <dd data-testid="invoice-fare">{taka(invoice.subTotal)}</dd>
        </div>
        {(invoice.discount > 0 || invoice.promo) && (
          <div className="invoice__line invoice__line--discount">
            <dt>{invoice.promo ? t('booking.invoice.promo', { code: invoice.promo.code }) : t('booking.invoice.discount')}</dt>
            <dd data-testid="invoice-discount">{taka(-invoice.discount)}</dd>
          </div>
        )}
        {isLaunchBooking(booking) && (
          <>
            <div className="invoice__line">
              <dt>{t('booking.invoice.serviceCharge')}</dt>
              <dd data-testid="invoice-service-charge">{taka(booking.serviceCharge)}</dd>
            </div>
            <div className="invoice__line">
              <dt>{t('booking.invoice.gatewayCommission')}</dt>
              <dd data-testid="invoice-commission">{taka(booking.paymentGatewayCommission)}</dd>
            </div>
          </>
        )}
        <div className="invoice__line invoice__line--total">
          <dt>{t('booking.invoice.amount')}</dt>
          <dd data-testid="invoice-amount">{taka(booking.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}
