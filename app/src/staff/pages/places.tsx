/** Places: cities (shared by every operator, with other spellings) and the operator's points. */
import { useState } from 'react';
import type { Places, StaffCity, StaffPoint } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, FormActions, Outcome, useSave } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

export function PlacesPage() {
  const places = useLoad(() => get<Places>('places'));
  const [city, setCity] = useState<StaffCity>({ id: '', name: '', district: '', division: '', aliases: [] });
  const [aliases, setAliases] = useState('');
  const [point, setPoint] = useState<StaffPoint>({ code: '', cityId: '', name: '', address: '' });
  const save = useSave();
  const { error, saved } = save;
  const run = (work: () => Promise<unknown>) => save.run(async () => (await work(), places.reload()));
  return (
    <section>
      <h1>{t('nav.places')}</h1>
      <form className="staff-card" aria-label={t('places.city')} onSubmit={run(() => post('places/city', { ...city, aliases: aliases.split(',').map((a) => a.trim()).filter(Boolean) }))}>
        <h2>{t('places.city')}</h2>
        <div className="staff-grid">
          <Field label={t('form.code')} hint={t('form.codeHint')}>
            {(id, d) => <input id={id} aria-describedby={d} required value={city.id} onChange={(e) => setCity({ ...city, id: e.target.value })} />}
          </Field>
          <Field label={t('form.name')}>{(id) => <input id={id} required value={city.name} onChange={(e) => setCity({ ...city, name: e.target.value })} />}</Field>
          <Field label={t('form.nameBn')}>{(id) => <input id={id} lang="bn" value={city.nameBn ?? ''} onChange={(e) => setCity({ ...city, nameBn: e.target.value || undefined })} />}</Field>
          <Field label={t('places.district')}>{(id) => <input id={id} required value={city.district} onChange={(e) => setCity({ ...city, district: e.target.value })} />}</Field>
          <Field label={t('places.division')}>{(id) => <input id={id} required value={city.division} onChange={(e) => setCity({ ...city, division: e.target.value })} />}</Field>
          <Field label={t('places.aliases')}>{(id) => <input id={id} value={aliases} onChange={(e) => setAliases(e.target.value)} />}</Field>
        </div>
        <FormActions />
      </form>
      <form className="staff-card" aria-label={t('places.point')} onSubmit={run(() => post('places/point', point))}>
        <h2>{t('places.point')}</h2>
        <div className="staff-grid">
          <Field label={t('form.code')} hint={t('form.codeHint')}>
            {(id, d) => <input id={id} aria-describedby={d} required value={point.code} onChange={(e) => setPoint({ ...point, code: e.target.value })} />}
          </Field>
          <Field label={t('places.city')}>
            {(id) => (
              <select id={id} required value={point.cityId} onChange={(e) => setPoint({ ...point, cityId: e.target.value })}>
                <option value="">—</option>
                {(places.data?.cities ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('form.name')}>{(id) => <input id={id} required value={point.name} onChange={(e) => setPoint({ ...point, name: e.target.value })} />}</Field>
          <Field label={t('places.address')}>{(id) => <input id={id} required value={point.address} onChange={(e) => setPoint({ ...point, address: e.target.value })} />}</Field>
        </div>
        <FormActions />
      </form>
      <Outcome error={error} saved={saved} />
      <DataTable
        caption={t('places.city')}
        rows={places.data?.cities ?? []}
        columns={[
          { id: 'id', header: t('form.code'), value: (c) => c.id },
          { id: 'name', header: t('form.name'), value: (c) => c.name },
          { id: 'nameBn', header: t('form.nameBn'), value: (c) => c.nameBn ?? '' },
          { id: 'district', header: t('places.district'), value: (c) => c.district },
          { id: 'aliases', header: t('places.aliases'), value: (c) => (c.aliases ?? []).join(', ') },
        ]}
      />
    </section>
  );
}
