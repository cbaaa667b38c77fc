/** Form parts every page shares: a labelled field with its message next to it, and the
 * outcome of a save (the server's messages in the language shown). */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { StaffCity } from 'core-wasm/staff';
import { StaffError } from '@/staff/api';
import { said, t } from '@/staff/i18n';

export function Field({ label, hint, problem, children }: { label: string; hint?: string; problem?: string | null; children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`staff-field${problem ? ' staff-field--bad' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      {hint ? (
        <small id={hintId} className="staff-muted">
          {hint}
        </small>
      ) : null}
      {problem ? (
        <small id={problemId} className="staff-problem" role="alert">
          {problem}
        </small>
      ) : null}
    </div>
  );
}

/** A required choice of one of `cities` (by id), '—' until chosen. */
export function CitySelect({ id, cities, value, onChange }: { id: string; cities: StaffCity[]; value: string; onChange: (cityId: string) => void }) {
  return (
    <select id={id} required value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">—</option>
      {cities.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

/** The outcome line of a form: saved, or every message of the refusal. */
export function Outcome({ error, saved }: { error: unknown; saved: boolean }) {
  if (error instanceof StaffError) {
    return (
      <div className="staff-alert" role="alert">
        {error.details.map((d, i) => (
          <p key={i}>{said(d)}</p>
        ))}
      </div>
    );
  }
  if (error) return <div className="staff-alert" role="alert">{String(error)}</div>;
  return saved ? (
    <p className="staff-ok" role="status">
      {t('form.saved')}
    </p>
  ) : null;
}

/** A form's save: the work run on submit, its refusal or success shown by [`Outcome`]. */
export function useSave() {
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const reset = () => {
    setError(null);
    setSaved(false);
  };
  const run = (work: () => Promise<unknown>) => async (event?: FormEvent) => {
    event?.preventDefault();
    reset();
    try {
      await work();
      setSaved(true);
    } catch (err) {
      setError(err);
    }
  };
  return { error, saved, run, reset };
}

/** Save, and Cancel when editing can be left. */
export function FormActions({ onCancel, disabled = false }: { onCancel?: () => void; disabled?: boolean }) {
  return (
    <div className="staff-actions">
      <button type="submit" className="staff-primary" disabled={disabled}>
        {t('form.save')}
      </button>
      {onCancel ? (
        <button type="button" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      ) : null}
    </div>
  );
}
