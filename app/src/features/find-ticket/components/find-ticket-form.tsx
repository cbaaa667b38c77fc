import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { normalizePhone, validatePhone } from 'core-wasm';
import { useSendSearchOtp } from '@/features/find-ticket/api/tickets';
import { useNeedsNetwork } from '@/components/needs-network';
import { preloadOtpPopup } from '@/features/otp/otp-popup';
import { PhoneField } from '@/features/phone/components/phone-field';
import { t } from '@/i18n/messages';
import { handOver, plainForm, restoreFocus, type PlainFocus } from '@/lib/prerendered-form';

/**
 * Find past tickets by mobile number (SPEC §1, §7): a valid number (the core decides) is sent a
 * code with send-otp-by-phone; once the send has succeeded, `onSent` opens the OTP popup, so its
 * countdown starts from the send. A refused send is a toast (SPEC §8).
 *
 * The core's message shows once the traveller leaves the field or submits, not while they are
 * still typing the first digits.
 */
export function FindTicketForm({ onSent }: { onSent: (phone: string) => void }) {
  // A number typed into the prerendered page before the app took over (lib/prerendered-form.ts),
  // else a link's `?phone=` (the form's field name); normalised by the core, as if typed here.
  const [params] = useSearchParams();
  const sent = params.get('phone') ?? '';
  const [plain] = useState(() => plainForm('find-ticket'));
  const [phone, setPhone] = useState(() => normalizePhone(sent));
  const [handedFocus, setHandedFocus] = useState<PlainFocus | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [touched, setTouched] = useState(false);
  const sending = useSendSearchOtp();
  const network = useNeedsNetwork();
  const problem = touched ? (validatePhone(phone) ?? null) : null;

  // The hand-over, as the app's form replaces the plain one, before the next key.
  useLayoutEffect(() => {
    if (!plain) return;
    const last = handOver(plain);
    const typed = last.values.phone ?? '';
    const normalized = normalizePhone(typed || sent);
    // Syncs from outside React (the plain page's field), once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPhone(normalized);
    // The caret where it was, unless the core's normalising moved the digits (then at the end).
    setHandedFocus(last.focus && (normalized === typed ? last.focus : { ...last.focus, selectionStart: normalized.length, selectionEnd: normalized.length }));
  }, [plain, sent]);
  useLayoutEffect(() => restoreFocus(form.current, handedFocus), [handedFocus]);

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
