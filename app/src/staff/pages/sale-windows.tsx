/**
 * The waiting room's sale windows (an admin's): which trips (service, routes, travel dates), when
 * sales open (Dhaka wall clock, as operators announce it, repeating or not) and how fast visitors
 * are let in. The waiting room follows a save within seconds.
 */
import { useState } from 'react';
import type { Places, SaleWindowList, Service, StaffSaleWindow, WindowRoute } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { CitySelect, Field, FormActions, Outcome, useSave } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

// The server's defaults for the three spans (contract/staff.rs).
const blank = (): StaffSaleWindow => ({
  id: '',
  service: 'BUS',
  routes: [],
  opensAt: '',
  admitPerMinute: 100,
  admissionMinutes: 10,
  preQueueMinutes: 30,
  openForMinutes: 120,
  active: true,
});

type Minutes = 'admitPerMinute' | 'admissionMinutes' | 'preQueueMinutes' | 'openForMinutes';

export function SaleWindowsPage() {
  const windows = useLoad(() => get<SaleWindowList>('sale-windows'));
  const places = useLoad(() => get<Places>('places'));
  const [editing, setEditing] = useState<StaffSaleWindow | null>(null);
  const save = useSave();
  const cities = places.data?.cities ?? [];
  const cityName = (id: string) => cities.find((c) => c.id === id)?.name ?? id;
  const edit = (w: StaffSaleWindow | null) => (setEditing(w), save.reset());

  const number = (w: StaffSaleWindow, field: Minutes, label: string, min = 1) => (
    <Field label={label}>
      {(id) => <input id={id} type="number" min={min} required value={w[field] ?? ''} onChange={(e) => setEditing({ ...w, [field]: Number(e.target.value) })} />}
    </Field>
  );
  const routes = (w: StaffSaleWindow) => w.routes ?? [];
  const setRoute = (w: StaffSaleWindow, i: number, change: Partial<WindowRoute>) => setEditing({ ...w, routes: routes(w).map((r, j) => (j === i ? { ...r, ...change } : r)) });
  // Both dates or none: one alone is required to have the other.
  const setDates = (w: StaffSaleWindow, from: string, to: string) => setEditing({ ...w, travelDates: from || to ? { from, to } : undefined });
  const citySelect = (id: string, value: string, pick: (cityId: string) => void) => <CitySelect id={id} cities={cities} value={value} onChange={pick} />;

  return (
    <section>
      <h1>{t('nav.saleWindows')}</h1>
      <button type="button" className="staff-primary" onClick={() => edit(blank())}>
        {t('form.new')}
      </button>
      {editing ? (
        <form className="staff-card" aria-label={t('nav.saleWindows')} onSubmit={save.run(async () => (setEditing(await post<StaffSaleWindow>('sale-windows', editing)), windows.reload()))}>
          <div className="staff-grid">
            <Field label={t('windows.id')} hint={t('windows.idHint')}>
              {(id, d) => (
                <input id={id} aria-describedby={d} required pattern="[^@]+" readOnly={editing.revision != null} value={editing.id} onChange={(e) => setEditing({ ...editing, id: e.target.value })} />
              )}
            </Field>
            <Field label={t('form.service')}>
              {(id) => (
                <select id={id} value={editing.service} onChange={(e) => setEditing({ ...editing, service: e.target.value as Service })}>
                  <option value="BUS">{t('service.BUS')}</option>
                  <option value="LAUNCH">{t('service.LAUNCH')}</option>
                </select>
              )}
            </Field>
            <Field label={t('windows.opensAt')} hint={t('windows.opensAtHint')}>
              {(id, d) => <input id={id} aria-describedby={d} type="datetime-local" required value={editing.opensAt} onChange={(e) => setEditing({ ...editing, opensAt: e.target.value })} />}
            </Field>
            <Field label={t('windows.repeat')} hint={t('windows.repeatHint')}>
              {(id, d) => (
                <input
                  id={id}
                  aria-describedby={d}
                  type="number"
                  min={1}
                  value={editing.repeatEveryMinutes ?? ''}
                  onChange={(e) => setEditing({ ...editing, repeatEveryMinutes: e.target.value === '' ? undefined : Number(e.target.value) })}
                />
              )}
            </Field>
            {number(editing, 'admitPerMinute', t('windows.admit'))}
            {number(editing, 'admissionMinutes', t('windows.admission'))}
            {number(editing, 'preQueueMinutes', t('windows.preQueue'), 0)}
            {number(editing, 'openForMinutes', t('windows.openFor'))}
            <Field label={t('windows.travelFrom')} hint={t('windows.datesHint')}>
              {(id, d) => (
                <input
                  id={id}
                  aria-describedby={d}
                  type="date"
                  required={Boolean(editing.travelDates?.to)}
                  value={editing.travelDates?.from ?? ''}
                  onChange={(e) => setDates(editing, e.target.value, editing.travelDates?.to ?? '')}
                />
              )}
            </Field>
            <Field label={t('windows.travelTo')}>
              {(id) => (
                <input
                  id={id}
                  type="date"
                  required={Boolean(editing.travelDates?.from)}
                  min={editing.travelDates?.from || undefined}
                  value={editing.travelDates?.to ?? ''}
                  onChange={(e) => setDates(editing, editing.travelDates?.from ?? '', e.target.value)}
                />
              )}
            </Field>
          </div>
          <fieldset>
            <legend>{t('windows.routes')}</legend>
            <p className="staff-muted">{t('windows.routesHint')}</p>
            <ol className="staff-stops">
              {routes(editing).map((r, i) => (
                <li key={i}>
                  <Field label={`${t('fares.from')} ${i + 1}`}>{(id) => citySelect(id, r.from, (from) => setRoute(editing, i, { from }))}</Field>
                  <Field label={`${t('fares.to')} ${i + 1}`}>{(id) => citySelect(id, r.to, (to) => setRoute(editing, i, { to }))}</Field>
                  <button type="button" className="staff-link" onClick={() => setEditing({ ...editing, routes: routes(editing).filter((_, j) => j !== i) })}>
                    {t('routes.remove')} {i + 1}
                  </button>
                </li>
              ))}
            </ol>
            <button type="button" onClick={() => setEditing({ ...editing, routes: [...routes(editing), { from: '', to: '' }] })}>
              {t('windows.addRoute')}
            </button>
          </fieldset>
          <label className="staff-check">
            <input type="checkbox" checked={editing.active ?? true} onChange={(e) => setEditing({ ...editing, active: e.target.checked })} /> {t('windows.active')}
          </label>
          <FormActions onCancel={() => edit(null)} />
          <Outcome error={save.error} saved={save.saved} />
        </form>
      ) : null}
      <DataTable
        caption={t('nav.saleWindows')}
        rows={windows.data?.windows ?? []}
        columns={[
          { id: 'id', header: t('windows.id'), value: (w) => w.id },
          { id: 'service', header: t('form.service'), value: (w) => t(`service.${w.service}`) },
          { id: 'routes', header: t('windows.routes'), value: (w) => (routes(w).length ? routes(w).map((r) => `${cityName(r.from)} → ${cityName(r.to)}`).join(', ') : t('windows.everyRoute')) },
          { id: 'dates', header: t('windows.dates'), value: (w) => (w.travelDates ? `${w.travelDates.from} – ${w.travelDates.to}` : t('windows.everyDate')) },
          { id: 'opens', header: t('windows.opensAt'), value: (w) => w.opensAt.replace('T', ' ') },
          { id: 'repeat', header: t('windows.repeat'), value: (w) => w.repeatEveryMinutes ?? '' },
          { id: 'admit', header: t('windows.admit'), value: (w) => w.admitPerMinute },
          { id: 'active', header: t('windows.active'), value: (w) => (w.active === false ? t('windows.off') : t('windows.on')) },
          {
            id: 'edit',
            header: t('form.edit'),
            value: () => '',
            sortable: false,
            cell: (w) => (
              <button type="button" className="staff-link" onClick={() => edit(w)}>
                {t('form.edit')} {w.id}
              </button>
            ),
          },
        ]}
      />
      <Outcome error={windows.error} saved={false} />
    </section>
  );
}
