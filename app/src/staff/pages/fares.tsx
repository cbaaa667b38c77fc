/** Fares: taka per seat class from each stop to each later one, per route; and Eid fares for a period of travel dates. */
import { useState } from 'react';
import type { FareList, FarePeriod, Places, Routes, StaffFare, StaffFares } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, FormActions, Outcome, useSave } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

export function FaresPage() {
  const fares = useLoad(() => get<FareList>('fares'));
  const routes = useLoad(() => get<Routes>('routes'));
  const places = useLoad(() => get<Places>('places'));
  const [routeId, setRouteId] = useState('');
  const [seatClass, setSeatClass] = useState('economy');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  // Both dates: the fares of that period (an Eid fare); neither: the usual fares.
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const period: FarePeriod | undefined = from && to ? { fromDate: from, toDate: to } : undefined;
  const { error, saved, run, reset } = useSave();
  const route = routes.data?.routes.find((r) => r.id === routeId);
  const cityName = (id: string) => places.data?.cities.find((c) => c.id === id)?.name ?? id;
  const pairs: [number, number][] = [];
  route?.stops.forEach((from, i) =>
    route.stops.forEach((to, j) => {
      if (j > i && from.boards && to.drops) pairs.push([i, j]);
    }),
  );
  const samePeriod = (f: StaffFares, p: FarePeriod | undefined) => (f.period?.fromDate ?? '') === (p?.fromDate ?? '') && (f.period?.toDate ?? '') === (p?.toDate ?? '');
  const pick = (id: string, cls: string, p: FarePeriod | undefined = period) => {
    setRouteId(id);
    setSeatClass(cls);
    const known = fares.data?.fares.find((f) => f.routeId === id && f.seatClass === cls && samePeriod(f, p));
    setAmounts(Object.fromEntries((known?.fares ?? []).map((f) => [`${f.fromStop}-${f.toStop}`, String(f.fare)])));
    reset();
  };
  const save = run(async () => {
    const list: StaffFare[] = pairs
      .filter(([i, j]) => (amounts[`${i}-${j}`] ?? '').trim() !== '')
      .map(([i, j]) => ({ fromStop: i, toStop: j, fare: Number(amounts[`${i}-${j}`]) }));
    await post('fares', { routeId, seatClass, period, fares: list });
    fares.reload();
  });
  return (
    <section>
      <h1>{t('nav.fares')}</h1>
      <form className="staff-card" onSubmit={save} aria-label={t('nav.fares')}>
        <div className="staff-grid">
          <Field label={t('fares.route')}>
            {(id) => (
              <select id={id} required value={routeId} onChange={(e) => pick(e.target.value, seatClass)}>
                <option value="">—</option>
                {(routes.data?.routes ?? []).map((r) => (
                  <option key={r.id} value={r.id ?? ''}>
                    {r.name} ({r.id})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('fares.class')}>
            {(id) => <input id={id} required value={seatClass} onChange={(e) => pick(routeId, e.target.value)} />}
          </Field>
          <Field label={t('fares.periodFrom')}>
            {(id) => (
              <input
                id={id}
                type="date"
                value={from}
                onChange={(e) => (setFrom(e.target.value), pick(routeId, seatClass, e.target.value && to ? { fromDate: e.target.value, toDate: to } : undefined))}
              />
            )}
          </Field>
          <Field label={t('fares.periodTo')}>
            {(id) => (
              <input
                id={id}
                type="date"
                required={from !== ''}
                value={to}
                onChange={(e) => (setTo(e.target.value), pick(routeId, seatClass, from && e.target.value ? { fromDate: from, toDate: e.target.value } : undefined))}
              />
            )}
          </Field>
        </div>
        {route ? (
          <table className="staff-fares">
            <thead>
              <tr>
                <th scope="col">{t('fares.from')}</th>
                <th scope="col">{t('fares.to')}</th>
                <th scope="col">{t('fares.fare')}</th>
              </tr>
            </thead>
            <tbody>
              {pairs.map(([i, j]) => {
                const from = cityName(route.stops[i]?.cityId ?? '');
                const to = cityName(route.stops[j]?.cityId ?? '');
                return (
                  <tr key={`${i}-${j}`}>
                    <td>{from}</td>
                    <td>{to}</td>
                    <td>
                      <input
                        aria-label={`${t('fares.fare')} ${from} – ${to}`}
                        type="number"
                        min={1}
                        max={100000}
                        value={amounts[`${i}-${j}`] ?? ''}
                        onChange={(e) => setAmounts({ ...amounts, [`${i}-${j}`]: e.target.value })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
        <FormActions disabled={!route} />
        <Outcome error={error} saved={saved} />
      </form>
      <DataTable
        caption={t('nav.fares')}
        rows={(fares.data?.fares ?? []).flatMap((group) =>
          group.fares.map((f) => ({ ...f, routeId: group.routeId, seatClass: group.seatClass, dates: group.period ? `${group.period.fromDate} – ${group.period.toDate}` : t('fares.always') })),
        )}
        columns={[
          { id: 'route', header: t('fares.route'), value: (f) => f.routeId },
          { id: 'class', header: t('fares.class'), value: (f) => f.seatClass },
          { id: 'dates', header: t('fares.dates'), value: (f) => f.dates },
          { id: 'legs', header: `${t('fares.from')} – ${t('fares.to')}`, value: (f) => `${f.fromStop + 1} – ${f.toStop + 1}` },
          { id: 'fare', header: t('fares.fare'), value: (f) => f.fare },
        ]}
      />
    </section>
  );
}
