/** Schedules: a route leaving at a time of day on some days between two dates. */
import { useState } from 'react';
import type { Layouts, Routes, Schedules, StaffSchedule } from 'core-wasm/staff';
import { codeOk, daysText, departureOk } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, FormActions, Outcome, useSave } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

const today = () => new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);
const later = (days: number) => new Date(Date.now() + 6 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

export function SchedulesPage() {
  const schedules = useLoad(() => get<Schedules>('schedules'));
  const routes = useLoad(() => get<Routes>('routes'));
  const layouts = useLoad(() => get<Layouts>('layouts'));
  const [editing, setEditing] = useState<StaffSchedule | null>(null);
  const { error, saved, run, reset } = useSave();
  const blank = (): StaffSchedule => ({ code: '', routeId: '', departure: '07:30', days: 'daily', fromDate: today(), toDate: later(90), class: '', layoutId: '' });
  const save = run(async () => {
    if (!editing) return;
    setEditing(await post<StaffSchedule>('schedules', editing));
    schedules.reload();
  });
  const bad = (ok: boolean) => (ok ? null : t('form.invalid'));
  return (
    <section>
      <h1>{t('nav.schedules')}</h1>
      <button type="button" className="staff-primary" onClick={() => (setEditing(blank()), reset())}>
        {t('form.new')}
      </button>
      {editing ? (
        <form className="staff-card" onSubmit={save} aria-label={t('nav.schedules')}>
          <div className="staff-grid">
            <Field label={t('form.code')} hint={t('form.codeHint')} problem={editing.code ? bad(codeOk(editing.code)) : null}>
              {(id, d) => <input id={id} aria-describedby={d} required readOnly={editing.revision != null} value={editing.code} onChange={(e) => setEditing({ ...editing, code: e.target.value })} />}
            </Field>
            <Field label={t('schedules.route')}>
              {(id) => (
                <select id={id} required value={editing.routeId} onChange={(e) => setEditing({ ...editing, routeId: e.target.value })}>
                  <option value="">—</option>
                  {(routes.data?.routes ?? []).map((r) => (
                    <option key={r.id} value={r.id ?? ''}>
                      {r.name} ({r.id})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('schedules.departure')} problem={bad(departureOk(editing.departure))}>
              {(id, d) => <input id={id} aria-describedby={d} required value={editing.departure} onChange={(e) => setEditing({ ...editing, departure: e.target.value })} />}
            </Field>
            <Field label={t('schedules.days')} problem={bad(daysText(editing.days) != null)}>
              {(id, d) => <input id={id} aria-describedby={d} required value={editing.days} onChange={(e) => setEditing({ ...editing, days: e.target.value })} />}
            </Field>
            <Field label={t('schedules.from')}>
              {(id) => <input id={id} type="date" required value={editing.fromDate} onChange={(e) => setEditing({ ...editing, fromDate: e.target.value })} />}
            </Field>
            <Field label={t('schedules.to')} problem={editing.toDate < editing.fromDate ? t('form.invalid') : null}>
              {(id, d) => <input id={id} aria-describedby={d} type="date" required value={editing.toDate} onChange={(e) => setEditing({ ...editing, toDate: e.target.value })} />}
            </Field>
            <Field label={t('schedules.class')}>
              {(id) => <input id={id} required value={editing.class} onChange={(e) => setEditing({ ...editing, class: e.target.value })} />}
            </Field>
            <Field label={t('schedules.layout')}>
              {(id) => (
                <select id={id} required value={editing.layoutId} onChange={(e) => setEditing({ ...editing, layoutId: e.target.value })}>
                  <option value="">—</option>
                  {(layouts.data?.layouts ?? []).map((l) => (
                    <option key={l.id} value={l.id ?? ''}>
                      {l.spec.name} ({l.id})
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <FormActions onCancel={() => setEditing(null)} />
          <Outcome error={error} saved={saved} />
        </form>
      ) : null}
      <DataTable
        caption={t('nav.schedules')}
        rows={schedules.data?.schedules ?? []}
        columns={[
          { id: 'code', header: t('form.code'), value: (s) => s.code },
          { id: 'route', header: t('schedules.route'), value: (s) => s.routeId },
          { id: 'departure', header: t('schedules.departure'), value: (s) => s.departure },
          { id: 'days', header: t('schedules.days'), value: (s) => s.days },
          { id: 'dates', header: t('schedules.from'), value: (s) => `${s.fromDate} – ${s.toDate}` },
          { id: 'class', header: t('schedules.class'), value: (s) => s.class },
          {
            id: 'edit',
            header: t('form.edit'),
            value: () => '',
            sortable: false,
            cell: (s) => (
              <button type="button" className="staff-link" onClick={() => (setEditing(s), reset())}>
                {t('form.edit')} {s.code}
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}
