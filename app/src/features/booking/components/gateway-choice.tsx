import { useId, useState } from 'react';
import type { Service } from 'core-wasm';
import { browser, GATEWAYS, useUpdateGateway, type GatewayId } from '@/features/booking/api/gateway';
import type { Booking, BookingAction } from '@/features/booking/api/use-booking';
import { t, type MessageId } from '@/i18n/messages';
import { track } from '@/lib/analytics';
import { taka } from '@/lib/money';

interface GatewayChoiceProps {
  service: Service;
  booking: Booking;
  dispatch: (action: BookingAction) => void;
  disabled?: boolean;
}

/**
 * The payment method and the Pay button: update-gateway, the booking merged with the answer by
 * the core's reducer (SPEC §4), then the browser goes to the gateway's page, which comes back to
 * `/{service}/payment/{success|failed|cancel}?tnxId=...`.
 */
export function GatewayChoice({ service, booking, dispatch, disabled = false }: GatewayChoiceProps) {
  const [gateway, setGateway] = useState<GatewayId>(GATEWAYS[0]);
  const update = useUpdateGateway(service);
  // The page is leaving for the gateway: the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const paying = update.pending || leaving;
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

  return (
    <section className="card booking-card" aria-labelledby={`${id}-title`}>
      <fieldset className="choice-group">
        <legend id={`${id}-title`} className="card__title">
          {t('booking.gateway.title')}
        </legend>
        {GATEWAYS.map((value) => (
          <label key={value} className="choice choice--card">
            <input type="radio" name="gateway" value={value} checked={gateway === value} onChange={() => setGateway(value)} />
            <span>
              <strong>{t(`booking.gateway.${value}` as MessageId)}</strong>
              <br />
              <small>{t(`booking.gateway.${value}.note` as MessageId)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="button" className="button button--block button--pay" onClick={pay} disabled={paying || disabled}>
        {paying ? t('booking.paying') : t('booking.pay', { amount: taka(booking.amount) })}
      </button>
    </section>
  );
}
