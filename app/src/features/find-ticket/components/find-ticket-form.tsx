import { useState, type FormEvent } from 'react';
import { validatePhone } from 'core-wasm';
import { PhoneField } from '@/features/phone/components/phone-field';
import { t } from '@/i18n/messages';

/**
 * Find past tickets by mobile number (SPEC §1). This first cut takes and checks the number;
 * sending the one-time code comes with the ticket-history feature.
 *
 * The core's message shows once the traveller leaves the field or submits, not while they are
 * still typing the first digits.
 */
export function FindTicketForm() {
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = touched ? (validatePhone(phone) ?? null) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
  }

  return (
    <form className="card" aria-labelledby="find-ticket-heading" noValidate onSubmit={submit}>
      <h2 id="find-ticket-heading" className="card__title">
        {t('findTicket.form')}
      </h2>
      <PhoneField value={phone} onChange={setPhone} onBlur={() => setTouched(true)} problem={problem} label={t('findTicket.phone')} />
      <button type="submit" className="button">
        {t('findTicket.continue')}
      </button>
    </form>
  );
}
