/** Coming trips and their sales. */
import type { StaffTrips } from 'core-wasm/staff';
import { get } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Outcome } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

export function TripsPage() {
  const trips = useLoad(() => get<StaffTrips>('trips'));
  return (
    <section>
      <h1>{t('nav.trips')}</h1>
      <DataTable
        caption={t('nav.trips')}
        rows={trips.data?.trips ?? []}
        columns={[
          { id: 'departs', header: t('trips.departs'), value: (r) => r.departs },
          { id: 'route', header: t('schedules.route'), value: (r) => r.routeId },
          { id: 'schedule', header: t('nav.schedules'), value: (r) => r.scheduleId ?? '' },
          { id: 'seats', header: t('trips.seats'), value: (r) => r.seats },
          { id: 'sold', header: t('trips.sold'), value: (r) => r.sold },
        ]}
      />
      <Outcome error={trips.error} saved={false} />
    </section>
  );
}
