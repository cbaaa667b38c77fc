/**
 * An operator's cancellation and date-change policy (issue 37): notice and fee rows, night hours
 * not counted, dated periods (Eid) with no cancelling or changing, and the date change's own
 * fee. What travellers will read is shown beside it, in both languages, from the core; tickets
 * sold before a save keep the policy they were sold under.
 */
import { useState } from 'react';
import type { Fee, OperatorPolicy, Period, Policies, Policy, Slab } from 'core-wasm/staff';
import { checkPolicy, policyWords } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { Field, FormActions, Outcome, useSave } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

export function PoliciesPage() {
  const policies = useLoad(() => get<Policies>('policies'));
  return (
    <section>
      <h1>{t('nav.policies')}</h1>
      <p className="staff-muted">{t('policy.intro')}</p>
      {(policies.data?.operators ?? []).map((o) => (
        <PolicyForm key={o.operatorId ?? ''} given={o} onSaved={policies.reload} />
      ))}
      <Outcome error={policies.error} saved={false} />
    </section>
  );
}

const percent = (value: number): Fee => ({ kind: 'percent', percent: value, minimum: 0 });

/** A number typed into a field; an empty or odd one is 0 (the core's check says what is wrong). */
const num = (text: string): number => (Number.isFinite(Number(text)) ? Math.round(Number(text)) : 0);

function FeeFields({ fee, onChange, label }: { fee: Fee; onChange: (fee: Fee) => void; label: string }) {
  return (
    <>
      <Field label={t('policy.feeKind', { what: label })}>
        {(id) => (
          <select id={id} value={fee.kind} onChange={(e) => onChange(e.target.value === 'taka' ? { kind: 'taka', taka: 0 } : percent(0))}>
            <option value="percent">{t('policy.percent')}</option>
            <option value="taka">{t('policy.taka')}</option>
          </select>
        )}
      </Field>
      {fee.kind === 'percent' ? (
        <>
          <Field label={t('policy.percentKept')}>
            {(id) => <input id={id} inputMode="numeric" value={fee.percent} onChange={(e) => onChange({ ...fee, percent: num(e.target.value) })} />}
          </Field>
          <Field label={t('policy.minimum')}>
            {(id) => <input id={id} inputMode="numeric" value={fee.minimum ?? 0} onChange={(e) => onChange({ ...fee, minimum: num(e.target.value) })} />}
          </Field>
        </>
      ) : (
        <Field label={t('policy.takaKept')}>
          {(id) => <input id={id} inputMode="numeric" value={fee.taka} onChange={(e) => onChange({ kind: 'taka', taka: num(e.target.value) })} />}
        </Field>
      )}
    </>
  );
}

function PolicyForm({ given, onSaved }: { given: OperatorPolicy; onSaved: () => void }) {
  const [policy, setPolicy] = useState<Policy>(given.policy);
  const save = useSave();
  const operator = given.operatorId ?? '';
  const problem = checkPolicy(policy);
  const set = (change: Partial<Policy>) => {
    save.reset();
    setPolicy((p) => ({ ...p, ...change }));
  };
  const setSlab = (i: number, slab: Slab) => set({ slabs: policy.slabs.map((s, j) => (j === i ? slab : s)) });
  const periods = policy.periods ?? [];
  const setPeriod = (i: number, period: Period) => set({ periods: periods.map((p, j) => (j === i ? period : p)) });
  const submit = save.run(async () => {
    await post<OperatorPolicy>('policies', { operatorId: operator, policy });
    onSaved();
  });
  return (
    <form className="staff-card policy-form" onSubmit={submit} aria-labelledby={`policy-${operator}`}>
      <h2 id={`policy-${operator}`}>
        {operator} {given.own ? null : <small className="staff-muted">{t('policy.siteRule')}</small>}
      </h2>
      <fieldset>
        <legend>{t('policy.slabs')}</legend>
        {policy.slabs.map((slab, i) => (
          <div key={i} className="policy-row">
            <Field label={t('policy.hours')}>
              {(id) => <input id={id} inputMode="numeric" value={slab.hours} onChange={(e) => setSlab(i, { ...slab, hours: num(e.target.value) })} />}
            </Field>
            <FeeFields fee={slab.fee} label={t('policy.slabFee')} onChange={(fee) => setSlab(i, { ...slab, fee })} />
            <button type="button" onClick={() => set({ slabs: policy.slabs.filter((_, j) => j !== i) })}>
              {t('policy.remove')}
            </button>
          </div>
        ))}
        <button type="button" onClick={() => set({ slabs: [...policy.slabs, { hours: 0, fee: percent(0) }] })}>
          {t('policy.addSlab')}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t('policy.night')}</legend>
        <label>
          <input type="checkbox" checked={!!policy.night} onChange={(e) => set({ night: e.target.checked ? { from: '00:00', to: '06:00' } : undefined })} /> {t('policy.nightOn')}
        </label>
        {policy.night ? (
          <div className="policy-row">
            <Field label={t('policy.from')}>{(id) => <input id={id} type="time" value={policy.night?.from ?? ''} onChange={(e) => set({ night: { from: e.target.value, to: policy.night?.to ?? '' } })} />}</Field>
            <Field label={t('policy.to')}>{(id) => <input id={id} type="time" value={policy.night?.to ?? ''} onChange={(e) => set({ night: { from: policy.night?.from ?? '', to: e.target.value } })} />}</Field>
          </div>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('policy.periods')}</legend>
        {periods.map((period, i) => (
          <div key={i} className="policy-row">
            <Field label={t('policy.periodName')}>{(id) => <input id={id} value={period.name ?? ''} onChange={(e) => setPeriod(i, { ...period, name: e.target.value })} />}</Field>
            <Field label={t('policy.from')}>{(id) => <input id={id} type="date" value={period.from} onChange={(e) => setPeriod(i, { ...period, from: e.target.value })} />}</Field>
            <Field label={t('policy.to')}>{(id) => <input id={id} type="date" value={period.to} onChange={(e) => setPeriod(i, { ...period, to: e.target.value })} />}</Field>
            <label>
              <input type="checkbox" checked={!!period.noCancel} onChange={(e) => setPeriod(i, { ...period, noCancel: e.target.checked })} /> {t('policy.noCancel')}
            </label>
            <label>
              <input type="checkbox" checked={!!period.noReschedule} onChange={(e) => setPeriod(i, { ...period, noReschedule: e.target.checked })} /> {t('policy.noReschedule')}
            </label>
            <button type="button" onClick={() => set({ periods: periods.filter((_, j) => j !== i) })}>
              {t('policy.remove')}
            </button>
          </div>
        ))}
        <button type="button" onClick={() => set({ periods: [...periods, { name: 'Eid', from: '', to: '', noCancel: true, noReschedule: true }] })}>
          {t('policy.addPeriod')}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t('policy.reschedule')}</legend>
        <label>
          <input type="checkbox" checked={!!policy.reschedule} onChange={(e) => set({ reschedule: e.target.checked ? { hours: 12, fee: percent(10) } : undefined })} /> {t('policy.rescheduleOn')}
        </label>
        {policy.reschedule ? (
          <div className="policy-row">
            <Field label={t('policy.rescheduleHours')}>
              {(id) => <input id={id} inputMode="numeric" value={policy.reschedule?.hours ?? 0} onChange={(e) => set({ reschedule: { hours: num(e.target.value), fee: policy.reschedule?.fee ?? percent(0) } })} />}
            </Field>
            <FeeFields fee={policy.reschedule.fee} label={t('policy.rescheduleFee')} onChange={(fee) => set({ reschedule: { hours: policy.reschedule?.hours ?? 0, fee } })} />
          </div>
        ) : null}
      </fieldset>
      {problem ? (
        <p className="staff-problem" role="alert">
          {t('policy.problem', { field: problem.field, detail: problem.detail })}
        </p>
      ) : (
        <div className="policy-words" data-testid="policy-words">
          <h3>{t('policy.travellersRead')}</h3>
          <ul lang="en">
            {policyWords(policy, 'en').map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <ul lang="bn">
            {policyWords(policy, 'bn').map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <FormActions disabled={!!problem} />
      <Outcome error={save.error} saved={save.saved} />
    </form>
  );
}
