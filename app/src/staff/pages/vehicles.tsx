/** Coaches and vessels: registration or ship's name, class, AC, layout and amenities. */
import { useState } from 'react';
import type { Layouts, StaffVehicle, Vehicles } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, FormActions, Outcome, useSave } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

const blank = (): StaffVehicle => ({ code: '', name: '', class: '', ac: true, layoutId: '', amenities: [] });

export function VehiclesPage() {
  const vehicles = useLoad(() => get<Vehicles>('vehicles'));
  const layouts = useLoad(() => get<Layouts>('layouts'));
  const [editing, setEditing] = useState<StaffVehicle | null>(null);
  const save = useSave();
  return (
    <section>
      <h1>{t('nav.vehicles')}</h1>
      <button type="button" className="staff-primary" onClick={() => (setEditing(blank()), save.reset())}>
        {t('form.new')}
      </button>
      {editing ? (
        <form className="staff-card" aria-label={t('nav.vehicles')} onSubmit={save.run(async () => (setEditing(await post<StaffVehicle>('vehicles', editing)), vehicles.reload()))}>
          <div className="staff-grid">
            <Field label={t('form.code')} hint={t('form.codeHint')}>
              {(id, d) => <input id={id} aria-describedby={d} required readOnly={editing.revision != null} value={editing.code} onChange={(e) => setEditing({ ...editing, code: e.target.value })} />}
            </Field>
            <Field label={t('vehicles.name')}>{(id) => <input id={id} required value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} />}</Field>
            <Field label={t('form.nameBn')}>{(id) => <input id={id} lang="bn" value={editing.nameBn ?? ''} onChange={(e) => setEditing({ ...editing, nameBn: e.target.value || undefined })} />}</Field>
            <Field label={t('schedules.class')}>{(id) => <input id={id} required value={editing.class} onChange={(e) => setEditing({ ...editing, class: e.target.value })} />}</Field>
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
            <Field label={t('vehicles.amenities')}>
              {(id) => (
                <input id={id} value={(editing.amenities ?? []).join(', ')} onChange={(e) => setEditing({ ...editing, amenities: e.target.value.split(',').map((a) => a.trim()).filter(Boolean) })} />
              )}
            </Field>
          </div>
          <label className="staff-check">
            <input type="checkbox" checked={editing.ac} onChange={(e) => setEditing({ ...editing, ac: e.target.checked })} /> {t('vehicles.ac')}
          </label>
          <FormActions onCancel={() => setEditing(null)} />
          <Outcome error={save.error} saved={save.saved} />
        </form>
      ) : null}
      <DataTable
        caption={t('nav.vehicles')}
        rows={vehicles.data?.vehicles ?? []}
        columns={[
          { id: 'code', header: t('form.code'), value: (v) => v.code },
          { id: 'name', header: t('vehicles.name'), value: (v) => v.name },
          { id: 'class', header: t('schedules.class'), value: (v) => `${v.class}${v.ac ? ' (AC)' : ''}` },
          { id: 'layout', header: t('schedules.layout'), value: (v) => v.layoutId },
          {
            id: 'edit',
            header: t('form.edit'),
            value: () => '',
            sortable: false,
            cell: (v) => (
              <button type="button" className="staff-link" onClick={() => (setEditing(v), save.reset())}>
                {t('form.edit')} {v.code}
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}
