import { useState, type FormEvent } from 'react';
import { validatePhone } from 'core-wasm';
import { failureText } from '@/api/api-client';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { sendSearchOtp } from '@/features/find-ticket/api/tickets';
import { PhoneField } from '@/features/phone/components/phone-field';
import { t } from '@/i18n/messages';
import { showToast } from '@/lib/toasts';

/**
 * Find past tickets by mobile number (SPEC §1, §7): a valid number (the core decides) is sent a
 * code with send-otp-by-phone; once the send has succeeded, `onSent` opens the OTP popup, so its
 * countdown starts from the send. A refused send is a toast (SPEC §8).
 *
 * The core's message shows once the traveller leaves the field or submits, not while they are
 * still typing the first digits.
 */
export function FindTicketForm({ onSent }: { onSent: (phone: string) => void }) {
  const { ticketApiUrl } = useRuntimeConfig();
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const problem = touched ? (validatePhone(phone) ?? null) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (validatePhone(phone) || sending) return;
    setSending(true);
    try {
      await sendSearchOtp(ticketApiUrl, phone);
      onSent(phone);
    } catch (error) {
      showToast(failureText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="card" aria-labelledby="find-ticket-heading" noValidate onSubmit={submit}>
      <h2 id="find-ticket-heading" className="card__title">
        {t('findTicket.form')}
      </h2>
      <p className="find-ticket__intro">{t('findTicket.intro')}</p>
      <PhoneField value={phone} onChange={setPhone} onBlur={() => setTouched(true)} problem={problem} label={t('findTicket.phone')} />
      <button type="submit" className="button button--block" disabled={sending}>
        {sending ? t('findTicket.sending') : t('findTicket.continue')}
      </button>
    </form>
  );
}
