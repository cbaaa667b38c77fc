import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { validatePhone } from 'core-wasm';
import { useSendSearchOtp } from '@/features/find-ticket/api/tickets';
import { handedOver, prerenderedPhone } from '@/features/find-ticket/prerendered-phone';
import { useNeedsNetwork } from '@/components/needs-network';
import { preloadOtpPopup } from '@/features/otp/otp-popup';
import { PhoneField } from '@/features/phone/components/phone-field';
import { t } from '@/i18n/messages';

/**
 * Find past tickets by mobile number (SPEC §1, §7): a valid number (the core decides) is sent a
 * code with send-otp-by-phone; once the send has succeeded, `onSent` opens the OTP popup, so its
 * countdown starts from the send. A refused send is a toast (SPEC §8).
 *
 * The core's message shows once the traveller leaves the field or submits, not while they are
 * still typing the first digits.
 */
export function FindTicketForm({ onSent }: { onSent: (phone: string) => void }) {
  // A number typed into the prerendered page before the app took over (prerendered-phone.ts).
  const [params] = useSearchParams();
  const [typed] = useState(() => prerenderedPhone(params.get('phone')));
  const [phone, setPhone] = useState(typed?.phone ?? '');
  const form = useRef<HTMLFormElement>(null);
  const [touched, setTouched] = useState(false);
  const sending = useSendSearchOtp();
  const network = useNeedsNetwork();
  const problem = touched ? (validatePhone(phone) ?? null) : null;

  // As the app's form replaces the plain one, before the next key: what was typed there since.
  useLayoutEffect(() => {
    if (!typed) return;
    const last = handedOver(typed);
    // Syncs from outside React (the plain page's field), once: keys typed while React rendered.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (last.phone !== typed.phone) setPhone(last.phone);
    if (!last.focused) return;
    const field = form.current?.elements.namedItem('phone');
    if (field instanceof HTMLInputElement) {
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    }
  }, [typed]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (validatePhone(phone) || sending.pending || network.offline) return;
    preloadOtpPopup();
    if ((await sending.run(phone)).ok) onSent(phone);
  }

  return (
    // The code's popup starts loading once the traveller starts on the form (otp-popup.tsx).
    <form ref={form} className="card" aria-labelledby="find-ticket-heading" noValidate onSubmit={submit} onFocus={preloadOtpPopup}>
      <h2 id="find-ticket-heading" className="card__title">
        {t('findTicket.form')}
      </h2>
      <p className="find-ticket__intro">{t('findTicket.intro')}</p>
      <PhoneField value={phone} onChange={setPhone} onBlur={() => setTouched(true)} problem={problem} label={t('findTicket.phone')} />
      <button type="submit" className="button button--block" disabled={sending.pending || network.offline} aria-describedby={network.describedBy()}>
        {sending.pending ? t('findTicket.sending') : t('findTicket.continue')}
      </button>
      {network.reason}
    </form>
  );
}
