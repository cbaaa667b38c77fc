/** Staff and their roles; the caller's own authenticator. */
import { useState } from 'react';
import type { RecoveryCodes, Role, StaffList, TotpEnrolment } from 'core-wasm/staff';
import { mayGrant } from 'core-wasm/staff';
import { get, post, type Me } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, Outcome, useSave } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

const ROLES: Role[] = ['manager', 'counter', 'supervisor', 'finance', 'admin'];

export function PeoplePage({ me }: { me: Me }) {
  const canManage = me.grants.some((g) => g.role === 'admin' || g.role === 'manager');
  const staff = useLoad(() => (canManage ? get<StaffList>('grants') : Promise.resolve({ staff: [] } as StaffList)));
  const ownOperator = me.grants.find((g) => g.operatorId)?.operatorId ?? '';
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<Role>('counter');
  const [operatorId, setOperatorId] = useState(ownOperator);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[]>([]);
  const save = useSave();
  const { error, saved } = save;
  const grant = { role, operatorId: role === 'admin' ? undefined : operatorId };
  const run = (work: () => Promise<unknown>) => save.run(async () => (await work(), staff.reload()));
  return (
    <section>
      <h1>{t('nav.people')}</h1>
      {canManage ? (
        <form className="staff-card" aria-label={t('people.add')} onSubmit={run(() => post('grants/add', { phone, grant }))}>
          <h2>{t('people.add')}</h2>
          <div className="staff-grid">
            <Field label={t('people.phone')}>{(id) => <input id={id} inputMode="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} />}</Field>
            <Field label={t('people.role')}>
              {(id) => (
                <select id={id} value={role} onChange={(e) => setRole(e.target.value as Role)}>
                  {ROLES.filter((r) => mayGrant(me.grants, { role: r, operatorId: r === 'admin' ? undefined : operatorId || 'x' }) || r === role).map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('form.operator')}>{(id) => <input id={id} value={operatorId} disabled={role === 'admin'} onChange={(e) => setOperatorId(e.target.value)} />}</Field>
          </div>
          <div className="staff-actions">
            <button type="submit" className="staff-primary" disabled={!mayGrant(me.grants, grant)}>
              {t('people.add')}
            </button>
            <button type="button" disabled={!mayGrant(me.grants, grant)} onClick={() => void run(() => post('grants/remove', { phone, grant }))()}>
              {t('people.remove')}
            </button>
          </div>
        </form>
      ) : null}
      <div className="staff-card">
        <h2>{t('people.totp')}</h2>
        {enrolment ? (
          <form onSubmit={run(async () => setRecovery((await post<RecoveryCodes>('totp/confirm', { code })).codes))}>
            <p>{t('people.enrolHint')}</p>
            <img alt={enrolment.otpauthUri} width={200} height={200} src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`} />
            <p className="staff-muted">{enrolment.secret}</p>
            <Field label={t('login.totp')}>{(id) => <input id={id} inputMode="numeric" required value={code} onChange={(e) => setCode(e.target.value)} />}</Field>
            <button type="submit" className="staff-primary">
              {t('people.confirm')}
            </button>
          </form>
        ) : (
          <button type="button" onClick={() => void run(async () => setEnrolment(await post<TotpEnrolment>('totp/enrol', {})))()}>
            {t('people.enrol')}
          </button>
        )}
        {recovery.length ? (
          <div role="status">
            <p>{t('people.recovery')}</p>
            <ul className="staff-codes">
              {recovery.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <Outcome error={error} saved={saved} />
      {canManage ? (
        <DataTable
          caption={t('nav.people')}
          rows={staff.data?.staff ?? []}
          columns={[
            { id: 'phone', header: t('people.phone'), value: (s) => s.phone },
            { id: 'grants', header: t('people.grants'), value: (s) => s.grants.map((g) => `${g.role}${g.operatorId ? ` (${g.operatorId})` : ''}`).join(', ') },
            { id: 'totp', header: t('people.totp'), value: (s) => (s.totpEnrolled ? '✓' : '–') },
          ]}
        />
      ) : null}
    </section>
  );
}
