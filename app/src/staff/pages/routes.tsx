/** Routes: ordered stops with minutes from the first, and which stops board and drop. */
import { useState } from 'react';
import type { Places, Routes, StaffRoute, StaffStop } from 'core-wasm/staff';
import { checkStops, codeOk } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { CitySelect, Field, FormActions, Outcome, useSave } from '@/staff/form';
import { said, t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

const blankStop = (minutes: number): StaffStop => ({ cityId: '', minutes, boards: true, drops: true, points: [] });

const blank = (): StaffRoute => ({
  code: '',
  service: 'BUS',
  name: '',
  stops: [{ ...blankStop(0), drops: false }, { ...blankStop(60), boards: false }],
});

export function RoutesPage() {
  const routes = useLoad(() => get<Routes>('routes'));
  const places = useLoad(() => get<Places>('places'));
  const [editing, setEditing] = useState<StaffRoute | null>(null);
  const { error, saved, run, reset } = useSave();
  const cities = places.data?.cities ?? [];
  const cityName = (id: string) => cities.find((c) => c.id === id)?.name ?? id;

  const save = run(async () => {
    if (!editing) return;
    setEditing(await post<StaffRoute>('routes', editing));
    routes.reload();
  });
  const setStop = (i: number, change: Partial<StaffStop>) =>
    editing && setEditing({ ...editing, stops: editing.stops.map((s, j) => (j === i ? { ...s, ...change } : s)) });
  const codeProblem = editing && editing.code && !codeOk(editing.code) ? t('form.codeHint') : null;
  // The server's own check of the stops, once every stop has its city.
  const stopsProblem = editing && editing.stops.every((s) => s.cityId) ? checkStops(editing.stops) : null;

  return (
    <section>
      <h1>{t('nav.routes')}</h1>
      <button type="button" className="staff-primary" onClick={() => (setEditing(blank()), reset())}>
        {t('form.new')}
      </button>
      {editing ? (
        <form className="staff-card" onSubmit={save} aria-label={t('nav.routes')}>
          <div className="staff-grid">
            <Field label={t('form.code')} hint={t('form.codeHint')} problem={codeProblem}>
              {(id, d) => <input id={id} aria-describedby={d} required readOnly={editing.revision != null} value={editing.code} onChange={(e) => setEditing({ ...editing, code: e.target.value })} />}
            </Field>
            <Field label={t('form.service')}>
              {(id) => (
                <select id={id} value={editing.service} disabled={editing.revision != null} onChange={(e) => setEditing({ ...editing, service: e.target.value as StaffRoute['service'] })}>
                  <option value="BUS">{t('service.BUS')}</option>
                  <option value="LAUNCH">{t('service.LAUNCH')}</option>
                </select>
              )}
            </Field>
            <Field label={t('form.name')}>
              {(id) => <input id={id} required value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} />}
            </Field>
            <Field label={t('form.nameBn')}>
              {(id) => <input id={id} lang="bn" value={editing.nameBn ?? ''} onChange={(e) => setEditing({ ...editing, nameBn: e.target.value || undefined })} />}
            </Field>
          </div>
          <fieldset>
            <legend>{t('routes.stops')}</legend>
            <ol className="staff-stops">
              {editing.stops.map((stop, i) => (
                <li key={i}>
                  <Field label={`${t('routes.city')} ${i + 1}`}>
                    {(id) => <CitySelect id={id} cities={cities} value={stop.cityId} onChange={(cityId) => setStop(i, { cityId })} />}
                  </Field>
                  <Field label={`${t('places.point')} ${i + 1}`}>
                    {(id) => (
                      <select
                        id={id}
                        value={stop.points?.[0]?.pointId ?? ''}
                        onChange={(e) => setStop(i, { points: e.target.value ? [{ pointId: e.target.value, minutes: stop.minutes }] : [] })}
                      >
                        <option value="">—</option>
                        {(places.data?.points ?? [])
                          .filter((p) => p.cityId === stop.cityId)
                          .map((p) => (
                            <option key={p.id} value={p.id ?? ''}>
                              {p.name}
                            </option>
                          ))}
                      </select>
                    )}
                  </Field>
                  <Field label={t('routes.minutes')}>
                    {(id) => (
                      <input
                        id={id}
                        type="number"
                        min={0}
                        required
                        value={stop.minutes}
                        onChange={(e) => setStop(i, { minutes: Number(e.target.value), points: (stop.points ?? []).map((p) => ({ ...p, minutes: Number(e.target.value) })) })}
                      />
                    )}
                  </Field>
                  <label className="staff-check">
                    <input type="checkbox" checked={stop.boards} onChange={(e) => setStop(i, { boards: e.target.checked })} /> {t('routes.boards')}
                  </label>
                  <label className="staff-check">
                    <input type="checkbox" checked={stop.drops} onChange={(e) => setStop(i, { drops: e.target.checked })} /> {t('routes.drops')}
                  </label>
                  {editing.stops.length > 2 ? (
                    <button type="button" className="staff-link" onClick={() => setEditing({ ...editing, stops: editing.stops.filter((_, j) => j !== i) })}>
                      {t('routes.remove')} {i + 1}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
            <button
              type="button"
              onClick={() => {
                const last = editing.stops[editing.stops.length - 1];
                setEditing({ ...editing, stops: [...editing.stops, blankStop((last?.minutes ?? 0) + 60)] });
              }}
            >
              {t('routes.addStop')}
            </button>
            {stopsProblem ? (
              <p className="staff-problem" role="alert">
                {said(stopsProblem)}
              </p>
            ) : null}
          </fieldset>
          <FormActions disabled={stopsProblem != null} onCancel={() => setEditing(null)} />
          <Outcome error={error} saved={saved} />
        </form>
      ) : null}
      <DataTable
        caption={t('nav.routes')}
        rows={routes.data?.routes ?? []}
        columns={[
          { id: 'code', header: t('form.code'), value: (r) => r.id ?? r.code },
          { id: 'name', header: t('form.name'), value: (r) => r.name },
          { id: 'service', header: t('form.service'), value: (r) => t(`service.${r.service}`) },
          { id: 'stops', header: t('routes.stops'), value: (r) => r.stops.map((s) => cityName(s.cityId)).join(' → ') },
          {
            id: 'edit',
            header: t('form.edit'),
            value: () => '',
            sortable: false,
            cell: (r) =>
              r.operatorId ? (
                <button type="button" className="staff-link" onClick={() => (setEditing(r), reset())}>
                  {t('form.edit')} {r.code}
                </button>
              ) : null,
          },
        ]}
      />
      <Outcome error={routes.error} saved={false} />
    </section>
  );
}
