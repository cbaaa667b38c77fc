/** Promo codes (a manager's work on their operator's trips) and, for an admin, the headlines. */
import { useState } from 'react';
import type { Headlines, Promos, StaffHeadline, StaffPromo } from 'core-wasm/staff';
import { checkPromo } from 'core-wasm/staff';
import { get, post, type Me } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, FormActions, Outcome, useSave } from '@/staff/form';
import { said, t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

const today = () => new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);

const blank = (): StaffPromo => ({ code: '', kind: 'flat', amount: 100, minFare: 0, fromDate: today(), toDate: today(), totalUses: 1000, usesPerPhone: 1, exists: false });

export function PromosPage({ me }: { me: Me }) {
  const admin = me.grants.some((g) => g.role === 'admin');
  const promos = useLoad(() => get<Promos>('promos'));
  const [promo, setPromo] = useState<StaffPromo>(blank);
  const save = useSave();
  // The server's own check, once a code is typed.
  const problem = promo.code ? checkPromo(promo) : null;
  const number = (field: keyof StaffPromo, label: string) => (
    <Field label={label}>
      {(id) => <input id={id} type="number" min={0} value={Number(promo[field] ?? 0)} onChange={(e) => setPromo({ ...promo, [field]: Number(e.target.value) })} />}
    </Field>
  );
  return (
    <section>
      <h1>{t('nav.promos')}</h1>
      <form className="staff-card" aria-label={t('nav.promos')} onSubmit={save.run(async () => (setPromo(await post<StaffPromo>('promos', promo)), promos.reload()))}>
        <div className="staff-grid">
          <Field label={t('promos.code')} hint={t('promos.codeHint')}>
            {(id, d) => <input id={id} aria-describedby={d} required value={promo.code} onChange={(e) => setPromo({ ...promo, code: e.target.value.toUpperCase() })} />}
          </Field>
          <Field label={t('promos.kind')}>
            {(id) => (
              <select id={id} value={promo.kind} onChange={(e) => setPromo({ ...promo, kind: e.target.value })}>
                <option value="flat">{t('promos.flat')}</option>
                <option value="percent">{t('promos.percent')}</option>
              </select>
            )}
          </Field>
          {number('amount', t('promos.amount'))}
          {number('maxDiscount', t('promos.cap'))}
          {number('minFare', t('promos.minFare'))}
          {number('totalUses', t('promos.totalUses'))}
          {number('usesPerPhone', t('promos.perPhone'))}
          <Field label={t('schedules.from')}>{(id) => <input id={id} type="date" required value={promo.fromDate} onChange={(e) => setPromo({ ...promo, fromDate: e.target.value })} />}</Field>
          <Field label={t('schedules.to')}>{(id) => <input id={id} type="date" required value={promo.toDate} onChange={(e) => setPromo({ ...promo, toDate: e.target.value })} />}</Field>
        </div>
        {problem ? (
          <p className="staff-problem" role="alert">
            {said(problem)}
          </p>
        ) : null}
        <FormActions disabled={problem != null} onCancel={() => (setPromo(blank()), save.reset())} />
        <Outcome error={save.error} saved={save.saved} />
      </form>
      <DataTable
        caption={t('nav.promos')}
        rows={promos.data?.promos ?? []}
        columns={[
          { id: 'code', header: t('promos.code'), value: (p) => p.code },
          { id: 'amount', header: t('promos.amount'), value: (p) => (p.kind === 'percent' ? `${p.amount}%` : `${p.amount} Tk`) },
          { id: 'dates', header: t('schedules.from'), value: (p) => `${p.fromDate} – ${p.toDate}` },
          { id: 'uses', header: t('promos.totalUses'), value: (p) => p.totalUses },
          { id: 'operator', header: t('form.operator'), value: (p) => p.operatorId ?? '' },
          {
            id: 'edit',
            header: t('form.edit'),
            value: () => '',
            sortable: false,
            cell: (p) => (
              <button type="button" className="staff-link" onClick={() => (setPromo(p), save.reset())}>
                {t('form.edit')} {p.code}
              </button>
            ),
          },
        ]}
      />
      {admin ? <HeadlinesCard /> : null}
    </section>
  );
}

function HeadlinesCard() {
  const headlines = useLoad(() => get<Headlines>('headlines'));
  const [editing, setEditing] = useState<StaffHeadline | null>(null);
  const save = useSave();
  const current = (service: 'BUS' | 'LAUNCH'): StaffHeadline => headlines.data?.headlines.find((h) => h.service === service) ?? { service, text: '', visible: false };
  return (
    <div className="staff-card">
      <h2>{t('promos.headlines')}</h2>
      <div className="staff-actions">
        {(['BUS', 'LAUNCH'] as const).map((s) => (
          <button key={s} type="button" onClick={() => (setEditing(current(s)), save.reset())}>
            {t(`service.${s}`)}
          </button>
        ))}
      </div>
      {editing ? (
        <form aria-label={t('promos.headlines')} onSubmit={save.run(async () => (setEditing(await post<StaffHeadline>('headlines', editing)), headlines.reload()))}>
          <Field label={t('promos.headline')}>{(id) => <input id={id} required value={editing.text} onChange={(e) => setEditing({ ...editing, text: e.target.value })} />}</Field>
          <Field label={t('promos.headlineBn')}>{(id) => <input id={id} lang="bn" value={editing.textBn ?? ''} onChange={(e) => setEditing({ ...editing, textBn: e.target.value || undefined })} />}</Field>
          <label className="staff-check">
            <input type="checkbox" checked={editing.visible} onChange={(e) => setEditing({ ...editing, visible: e.target.checked })} /> {t('promos.visible')}
          </label>
          <FormActions onCancel={() => setEditing(null)} />
          <Outcome error={save.error} saved={save.saved} />
        </form>
      ) : null}
    </div>
  );
}
