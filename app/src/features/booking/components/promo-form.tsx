import { useId, useState, type FormEvent } from 'react';
import { promoProblem } from 'core-wasm/booking';
import type { Service } from 'core-wasm';
import { useNeedsNetwork } from '@/components/needs-network';
import { usePromoCode, useRemovePromo } from '@/features/booking/api/promo';
import type { Booking, BookingAction } from '@/features/booking/api/use-booking';
import { messageText, t } from '@/i18n/messages';
import { taka } from '@/lib/money';
import { showToast } from '@/lib/toasts';

interface PromoFormProps {
  service: Service;
  booking: Booking;
  dispatch: (action: BookingAction) => void;
  disabled?: boolean;
}

/**
 * Promo code (SPEC §4, §8): checked, then applied; an answer without data is the core's
 * 'Invalid promo applied!'. Applied, the invoice takes the server's amount, discount and promo
 * through the core's reducer; launch says 'Promo applied successfully'. Bus can remove it
 * (remove-promo-code; launch has no such call).
 */
export function PromoForm({ service, booking, dispatch, disabled = false }: PromoFormProps) {
  const [code, setCode] = useState('');
  const applying = usePromoCode(service);
  const removing = useRemovePromo();
  const busy = applying.pending || removing.pending;
  const network = useNeedsNetwork();
  const id = useId();
  const promo = booking.invoice.promo;

  async function apply(event: FormEvent) {
    event.preventDefault();
    const promoCode = code.trim();
    if (!promoCode || busy) return;
    const outcome = await applying.run(booking.tnxId, promoCode);
    if (!outcome.ok) return;
    const applied = outcome.data;
    const problem = promoProblem(applied);
    if (problem) {
      showToast(messageText(problem));
      return;
    }
    if (!applied) return;
    dispatch({ promoApplied: applied });
    setCode('');
    if (service === 'LAUNCH') showToast(t('promo.applied'), 'info');
  }

  async function remove() {
    const outcome = await removing.run(booking.tnxId);
    if (outcome.ok && outcome.data) dispatch({ promoRemoved: outcome.data });
  }

  return (
    <section className="card booking-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('booking.promo.title')}
      </h2>
      {promo && (
        <p className="promo-applied" role="status">
          <span>{t('booking.promo.applied', { code: promo.code, amount: taka(booking.invoice.discount) })}</span>
          {service === 'BUS' && (
            <button type="button" className="link-button" onClick={remove} disabled={busy || disabled || network.offline} aria-describedby={network.describedBy()}>
              {t('booking.promo.remove')}
            </button>
          )}
        </p>
      )}
      <form className="promo-form" onSubmit={apply}>
        <label className="visually-hidden" htmlFor={`${id}-code`}>
          {t('booking.promo.label')}
        </label>
        <input
          id={`${id}-code`}
          name="promoCode"
          className="field__input"
          autoComplete="off"
          placeholder={t('booking.promo.label')}
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={disabled}
        />
        <button type="submit" className="button" disabled={busy || disabled || !code.trim() || network.offline} aria-describedby={network.describedBy()}>
          {busy ? t('booking.promo.applying') : t('booking.promo.apply')}
        </button>
      </form>
      {network.reason}
    </section>
  );
}
