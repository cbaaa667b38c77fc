import { useId } from 'react';
import { normalizePhone } from 'core-wasm';
import { messageText, t, type CoreMessage } from '@/i18n/messages';

interface PhoneFieldProps {
  /** The normalised number (digits only, at most 11). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The core's validation message to show, or null when there is nothing to show (yet). */
  problem: CoreMessage | null;
  label?: string;
  name?: string;
  /** The control a popup starts on (components/modal.tsx `data-autofocus`). */
  first?: boolean;
}

/**
 * A labelled Bangladesh mobile-number input. What the traveller types or pastes is normalised by
 * the core as they type (digits only, +880 and the trunk 0 put right, at most 11 digits); the
 * owner decides when the core's message shows (after blur or submit).
 */
export function PhoneField({ value, onChange, onBlur, problem, label = t('form.phone'), name = 'phone', first }: PhoneFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field__input"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('form.phonePlaceholder')}
        value={value}
        onChange={(event) => onChange(normalizePhone(event.target.value))}
        onBlur={onBlur}
        aria-invalid={problem !== null}
        aria-describedby={problem ? messageId : undefined}
        data-autofocus={first ? '' : undefined}
      />
      {problem && (
        <p id={messageId} className="field__error" role="alert" data-code={problem.code}>
          {messageText(problem)}
        </p>
      )}
    </div>
  );
}
