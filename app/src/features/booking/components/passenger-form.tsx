import { useId, useState, type FormEvent } from 'react';
import { validatePhone, type Gender } from 'core-wasm';
import { ladiesProblem, validateEmail } from 'core-wasm/booking';
import { useNeedsNetwork } from '@/components/needs-network';
import { useMe } from '@/features/login/api/login';
import { PhoneField } from '@/features/phone/components/phone-field';
import type { Passenger } from '@/features/booking/api/passenger-details';
import { messageText, t, type CoreMessage, type MessageId } from '@/i18n/messages';

const GENDERS: readonly Gender[] = ['male', 'female', 'other'];

/** The core's 'This field is required' (its `field.required` code), for the name and gender. */
const REQUIRED: CoreMessage = { code: 'field.required', text: t('field.required') };

interface Problems {
  name: CoreMessage | null;
  phone: CoreMessage | null;
  email: CoreMessage | null;
  gender: CoreMessage | null;
}

/** The core judges the phone and e-mail (SPEC §5); e-mail is optional, so empty is fine. */
function problemsOf(form: { name: string; phone: string; email: string; gender: Gender | null }, hasLadiesSeat: boolean): Problems {
  return {
    name: form.name.trim() ? null : REQUIRED,
    phone: validatePhone(form.phone),
    email: form.email.trim() ? validateEmail(form.email.trim()) : null,
    // A ladies seat needs a female passenger: the core's rule, which the server enforces too.
    gender: form.gender ? ladiesProblem(hasLadiesSeat, form.gender) : REQUIRED,
  };
}

interface PassengerFormProps {
  onSubmit: (passenger: Passenger) => Promise<void>;
  /** The held seats include one marked 'Ladies'. */
  hasLadiesSeat?: boolean;
  disabled?: boolean;
}

/**
 * Passenger details (name, mobile number, optional e-mail, gender) with the core's validation.
 * Messages show by code after the first submit and then follow the typing; the first invalid
 * field takes the focus so a keyboard or screen-reader user lands on it. Logged in, the name and
 * number the traveller has not typed are the account's (`common/me`: the name of their latest
 * booking, the number they logged in with, issue 13); what they type, or clear, is theirs.
 */
export function PassengerForm({ onSubmit, disabled = false, hasLadiesSeat = false }: PassengerFormProps) {
  const me = useMe();
  // null: not typed in yet, so the account's shows.
  const [typedName, setName] = useState<string | null>(null);
  const [typedPhone, setPhone] = useState<string | null>(null);
  const name = typedName ?? me?.name ?? '';
  const phone = typedPhone ?? me?.phone ?? '';
  const [email, setEmail] = useState('');
  const [gender, setGender] = useState<Gender | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const id = useId();
  const network = useNeedsNetwork();
  const problems = problemsOf({ name, phone, email, gender }, hasLadiesSeat);
  const shown = (problem: CoreMessage | null) => (submitted ? problem : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const form = event.currentTarget;
    const first = (['name', 'phone', 'email', 'gender'] as const).find((field) => problems[field] !== null);
    if (first || !gender) {
      form.querySelector<HTMLInputElement>(`[name="${first ?? 'gender'}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      await onSubmit({ name, phone, email, gender });
    } finally {
      setSending(false);
    }
  }

  const error = (field: keyof Problems) => {
    const problem = shown(problems[field]);
    return problem ? (
      <p id={`${id}-${field}-error`} className="field__error" role="alert" data-code={problem.code}>
        {messageText(problem)}
      </p>
    ) : null;
  };

  return (
    <form className="card booking-card passenger-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('booking.passenger.title')}
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          {t('booking.passenger.name')}
        </label>
        <input
          id={`${id}-name`}
          name="name"
          className="field__input"
          autoComplete="name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={shown(problems.name) !== null}
          aria-describedby={shown(problems.name) ? `${id}-name-error` : undefined}
        />
        {error('name')}
      </div>
      <PhoneField value={phone} onChange={setPhone} problem={shown(problems.phone)} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {t('booking.passenger.email')}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          className="field__input"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={shown(problems.email) !== null}
          aria-describedby={shown(problems.email) ? `${id}-email-error` : undefined}
        />
        {error('email')}
      </div>
      <fieldset
        className="field choice-group"
        aria-describedby={shown(problems.gender) ? `${id}-gender-error` : undefined}
      >
        <legend className="field__label">{t('booking.passenger.gender')}</legend>
        <div className="choice-group__options">
          {GENDERS.map((value) => (
            <label key={value} className="choice">
              <input type="radio" name="gender" value={value} checked={gender === value} onChange={() => setGender(value)} />
              <span>{t(`booking.gender.${value}` as MessageId)}</span>
            </label>
          ))}
        </div>
        {error('gender')}
      </fieldset>
      <button type="submit" className="button button--block" disabled={disabled || sending || network.offline} aria-describedby={network.describedBy()}>
        {sending ? t('booking.passenger.sending') : t('booking.passenger.submit')}
      </button>
      {network.reason}
    </form>
  );
}
