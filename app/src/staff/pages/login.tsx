/** Staff login: the phone, the SMS code, and (network and money roles) the authenticator's. */
import { useState, type FormEvent } from 'react';
import { logIn, sendCode } from '@/staff/api';
import { Field, Outcome } from '@/staff/form';
import { t } from '@/staff/i18n';

export function LoginPage({ onDone }: { onDone: () => void }) {
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [totp, setTotp] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-card">
      <h1>{t('login.title')}</h1>
      {!sent ? (
        <form onSubmit={run(async () => (await sendCode(phone), setSent(true)))}>
          <Field label={t('login.phone')}>
            {(id, d) => <input id={id} aria-describedby={d} inputMode="tel" autoComplete="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} />}
          </Field>
          <button type="submit" className="staff-primary" disabled={busy}>
            {t('login.send')}
          </button>
        </form>
      ) : (
        <form onSubmit={run(async () => (await logIn(phone, otp, totp), onDone()))}>
          <p role="status">{t('login.sent', { phone })}</p>
          <Field label={t('login.otp')}>
            {(id, d) => <input id={id} aria-describedby={d} inputMode="numeric" autoComplete="one-time-code" required value={otp} onChange={(e) => setOtp(e.target.value)} />}
          </Field>
          <Field label={t('login.totp')} hint={t('login.totpHint')}>
            {(id, d) => <input id={id} aria-describedby={d} inputMode="numeric" autoComplete="off" value={totp} onChange={(e) => setTotp(e.target.value)} />}
          </Field>
          <button type="submit" className="staff-primary" disabled={busy}>
            {t('login.submit')}
          </button>
        </form>
      )}
      <Outcome error={error} saved={false} />
    </section>
  );
}
