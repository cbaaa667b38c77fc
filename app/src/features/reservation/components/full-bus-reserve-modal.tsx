import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { digitsOnly, normalizePhone, todayInDhaka, type ApiFailure, type ReservationForm } from 'core-wasm';
// The form's rules live in the booking module: the modal opens lazily, the first page needs none.
import { validateReservation } from 'core-wasm/booking';
import { failureStatus, failureText } from '@/api/api-client';
import { Modal } from '@/components/modal';
import { useNeedsNetwork } from '@/components/needs-network';
import { useSendReservation } from '@/features/reservation/api/bus-reservation';
import { t, type MessageId } from '@/i18n/messages';

type Field = keyof ReservationForm;

const BUS_TYPES = ['any', 'non-ac', 'economy-ac', 'business-class', 'sleeper'] as const;

/** SPEC §5: number inputs' maximums (buses 1000; seats and budget 9999999999999999999), as lengths; the core checks the values. */
const MAX_BUSES = '1000';
const MAX_BIG = '9999999999999999999';

const EMPTY: Record<Field, string> = {
  journeyDate: '',
  returnDate: '',
  busType: 'any',
  boardingPlace: '',
  droppingPlace: '',
  numberOfSeats: '',
  numberOfBuses: '',
  prefferredBus: '',
  comment: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  approximateBudget: '',
};

/** Number fields: their input keeps digits only (SPEC §5). */
const DIGITS: ReadonlySet<Field> = new Set(['numberOfSeats', 'numberOfBuses', 'approximateBudget']);

/**
 * What an input keeps. The phone goes through the core's phone rule, as in every other form: a
 * pasted '+880 1712-345678' becomes 01712345678 (digits only would keep 8801712345678 and refuse it).
 */
function kept(field: Field, value: string): string {
  if (field === 'contactPhone') return normalizePhone(value);
  return DIGITS.has(field) ? digitsOnly(value) : value;
}

/** The form fields a refused submit names, from the API's validation messages ('<field> is invalid'). */
function refusedFields(error: unknown): Field[] {
  if (failureStatus(error) !== 400) return [];
  const message = (error as Partial<ApiFailure>).body?.message;
  const lines = Array.isArray(message) ? message : typeof message === 'string' ? [message] : [];
  return lines
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name): name is Field => Object.hasOwn(EMPTY, name));
}

/**
 * The Full bus reserve form (SPEC §2, §3, §5). The core names the invalid fields; after a failed
 * submit they get a red border and no message text (SPEC §5). Success opens 'Request submitted
 * successfully'; Okay closes it.
 */
export function FullBusReserveModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const today = todayInDhaka();
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const [failed, setFailed] = useState(false);
  // The API names the fields it refused ('journeyDate is invalid'): they are highlighted like a
  // failed submit here would (SPEC §8); any other failure is a toast.
  const network = useNeedsNetwork();
  const sending = useSendReservation({ failureToast: (error) => (refusedFields(error).length > 0 ? null : failureText(error)) });
  const [done, setDone] = useState(false);

  if (done) {
    // A modal of its own (key): focus moves to Okay, and the dialog is named by its message.
    return (
      <Modal key="done" title={t('reserve.success')} onClose={onClose}>
        <button type="button" className="button button--block" data-autofocus="" onClick={onClose}>
          {t('reserve.okay')}
        </button>
      </Modal>
    );
  }

  function set(field: Field, value: string) {
    const next = { ...form, [field]: kept(field, value) };
    setForm(next);
    if (failed) setInvalid(validateReservation(next, today));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateReservation(form, today);
    setInvalid(problems);
    if (problems.length > 0) {
      setFailed(true);
      // The first highlighted field may be below the fold of a small phone: go to it.
      event.currentTarget.querySelector<HTMLElement>(`[name="${problems[0]}"]`)?.focus();
      return;
    }
    const body: ReservationForm = {};
    for (const [field, value] of Object.entries(form) as [Field, string][]) {
      if (value === '') continue;
      Object.assign(body, { [field]: field === 'numberOfSeats' || field === 'numberOfBuses' || field === 'approximateBudget' ? Number(value) : value });
    }
    const outcome = await sending.run(body);
    if (outcome.ok) {
      setDone(true);
      return;
    }
    const refused = refusedFields(outcome.error);
    if (refused.length > 0) {
      setInvalid(refused);
      setFailed(true);
    }
  }

  function input(field: Field, label: MessageId, props: Record<string, string | number | boolean> = {}): ReactNode {
    const inputId = `${id}-${field}`;
    return (
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t(label)}
        </label>
        <input
          id={inputId}
          name={field}
          className="field__input"
          aria-invalid={failed && invalid.includes(field)}
          value={form[field]}
          onChange={(event) => set(field, event.target.value)}
          {...props}
        />
      </div>
    );
  }

  return (
    <Modal title={t('reserve.title')} onClose={onClose}>
      <form className="reserve" noValidate onSubmit={submit}>
        {failed && invalid.length > 0 && (
          <p className="visually-hidden" role="alert">
            {t('reserve.invalid')}
          </p>
        )}
        <div className="reserve__grid">
          {input('journeyDate', 'reserve.journeyDate', { type: 'date', min: today, required: true })}
          {input('returnDate', 'reserve.returnDate', { type: 'date', min: form.journeyDate || today })}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-busType`}>
              {t('reserve.busType')}
            </label>
            <select
              id={`${id}-busType`}
              name="busType"
              className="field__input"
              aria-invalid={failed && invalid.includes('busType')}
              value={form.busType}
              onChange={(event) => set('busType', event.target.value)}
            >
              {BUS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`reserve.busType.${type}`)}
                </option>
              ))}
            </select>
          </div>
          {input('boardingPlace', 'reserve.boardingPlace', { required: true })}
          {input('droppingPlace', 'reserve.droppingPlace', { required: true })}
          {input('numberOfSeats', 'reserve.numberOfSeats', { inputMode: 'numeric', required: true, maxLength: MAX_BIG.length })}
          {input('numberOfBuses', 'reserve.numberOfBuses', { inputMode: 'numeric', required: true, maxLength: MAX_BUSES.length })}
          {input('prefferredBus', 'reserve.prefferredBus')}
          <div className="field reserve__wide">
            <label className="field__label" htmlFor={`${id}-comment`}>
              {t('reserve.comment')}
            </label>
            <textarea
              id={`${id}-comment`}
              name="comment"
              className="field__input"
              rows={2}
              value={form.comment}
              onChange={(event) => set('comment', event.target.value)}
            />
          </div>
          {input('contactName', 'reserve.contactName', { autoComplete: 'name', required: true })}
          {/* No maxLength: it would cut a pasted '+880 1712-345678' before the core sees it; the core keeps 11 digits. */}
          {input('contactPhone', 'reserve.contactPhone', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', required: true })}
          {input('contactEmail', 'reserve.contactEmail', { type: 'email', autoComplete: 'email' })}
          {input('approximateBudget', 'reserve.approximateBudget', { inputMode: 'numeric', required: true, maxLength: MAX_BIG.length })}
        </div>
        <button type="submit" className="button button--block" disabled={sending.pending || network.offline} aria-describedby={network.describedBy()}>
          {t('reserve.submit')}
        </button>
        {network.reason}
      </form>
    </Modal>
  );
}
