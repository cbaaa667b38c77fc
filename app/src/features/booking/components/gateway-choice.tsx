import { useId, useState } from 'react';
import type { Service } from 'core-wasm';
import { useNeedsNetwork } from '@/components/needs-network';
import { browser, useUpdateGateway, type GatewayId } from '@/features/booking/api/gateway';
import type { Booking, BookingAction } from '@/features/booking/api/use-booking';
import { t, type MessageId } from '@/i18n/messages';
import { track } from '@/lib/analytics';
import { taka } from '@/lib/money';

interface GatewayChoiceProps {
  service: Service;
  booking: Booking;
  dispatch: (action: BookingAction) => void;
  disabled?: boolean;
  /** What the gateway is asked for, when not the booking's amount (a date change's difference). */
  amount?: number;
}

/** A gateway's name as travellers know it, and a line about it. */
function gatewayText(value: GatewayId): { name: string; note: string } {
  const known = ['sandbox', 'sslcommerz', 'bkash'].includes(value);
  return known
    ? { name: t(`booking.gateway.${value}` as MessageId), note: t(`booking.gateway.${value}.note` as MessageId) }
    : { name: value, note: '' };
}

/**
 * The payment method and the Pay button: the gateways the API offers for this booking,
 * update-gateway, the booking merged with the answer by the core's reducer (SPEC §4), then the
 * browser goes to the gateway's page, which comes back to
 * `/{service}/payment/{success|failed|cancel}?tnxId=...`. With no gateway offered the step says
 * online payment is not available instead of sending the traveller anywhere.
 */
export function GatewayChoice({ service, booking, dispatch, disabled = false, amount }: GatewayChoiceProps) {
  const offered = booking.paymentGateways ?? [];
  const [chosen, setGateway] = useState<GatewayId | null>(null);
  const gateway = chosen !== null && offered.includes(chosen) ? chosen : (offered[0] ?? '');
  const update = useUpdateGateway(service);
  // The page is leaving for the gateway: the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const paying = update.pending || leaving;
  const network = useNeedsNetwork();
  const id = useId();

  async function pay() {
    track('payment_method', { service, tnx_id: booking.tnxId, gateway });
    const outcome = await update.run(booking.tnxId, gateway);
    if (!outcome.ok) return;
    const { answer, url } = outcome.data;
    dispatch({ gatewayUpdated: answer });
    track('payment_initiated', { service, tnx_id: booking.tnxId, gateway: answer.gateway, value: answer.amount ?? booking.amount });
    setLeaving(true);
    browser.assign(url);
  }

  if (offered.length === 0) {
    return (
      <section className="card booking-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="card__title">
          {t('booking.gateway.title')}
        </h2>
        <p role="status">{t('booking.gateway.none')}</p>
      </section>
    );
  }

  return (
    <section className="card booking-card" aria-labelledby={`${id}-title`}>
      <fieldset className="choice-group">
        <legend id={`${id}-title`} className="card__title">
          {t('booking.gateway.title')}
        </legend>
        {offered.map((value) => {
          const text = gatewayText(value);
          return (
            <label key={value} className="choice choice--card">
              <input type="radio" name="gateway" value={value} checked={gateway === value} onChange={() => setGateway(value)} />
              <span>
                <strong>{text.name}</strong>
                {text.note && (
                  <>
                    <br />
                    <small>{text.note}</small>
                  </>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      <button
        type="button"
        className="button button--block button--pay"
        onClick={pay}
        disabled={paying || disabled || network.offline}
        aria-describedby={network.describedBy()}
      >
        {paying ? t('booking.paying') : t('booking.pay', { amount: taka(amount ?? booking.amount) })}
      </button>
      {network.reason}
    </section>
  );
}
