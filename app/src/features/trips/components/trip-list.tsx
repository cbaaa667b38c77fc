import type { Service, Trip } from 'core-wasm';
import { TripCard } from '@/features/trips/components/trip-card';
import { t } from '@/i18n/messages';

export type TripListState =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ready'; trips: readonly Trip[]; total: number; clearFilters: () => void };

/**
 * The results: while loading, a status and the space the cards will take; a failure with a way
 * to try again; a clear empty state (no trips at all, or none left by the filters); the cards,
 * in the core's order (sold-out trips last).
 */
export function TripList({ state, service }: { state: TripListState; service: Service }) {
  if (state.status === 'loading') {
    return (
      <div className="trip-list" aria-busy="true">
        <p className="trip-list__status" role="status">
          {t('trips.loading')}
        </p>
        {[0, 1, 2].map((i) => (
          <div key={i} className="trip trip--placeholder" aria-hidden="true" />
        ))}
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="empty" role="alert">
        <h2 className="empty__title">{t('trips.error.title')}</h2>
        <p>{state.message}</p>
        <button type="button" className="button" onClick={state.retry}>
          {t('site.retry')}
        </button>
      </div>
    );
  }
  if (state.total === 0) {
    return (
      <div className="empty" data-testid="empty">
        <h2 className="empty__title">{t('trips.empty.title')}</h2>
        <p>{t('trips.empty.text')}</p>
      </div>
    );
  }
  if (state.trips.length === 0) {
    return (
      <div className="empty" data-testid="filtered-out">
        <h2 className="empty__title">{t('trips.filteredOut.title')}</h2>
        <p>{t('trips.filteredOut.text')}</p>
        <button type="button" className="button" onClick={state.clearFilters}>
          {t('filters.clear')}
        </button>
      </div>
    );
  }
  return (
    <div className="trip-list">
      <p className="trip-list__status" role="status">
        {state.trips.length === state.total
          ? t('trips.found', { count: state.total })
          : t('trips.showing', { shown: state.trips.length, count: state.total })}
      </p>
      <ul className="trip-list__items" aria-label={t('trips.list')}>
        {state.trips.map((trip) => (
          <li key={trip._id}>
            <TripCard trip={trip} service={service} />
          </li>
        ))}
      </ul>
    </div>
  );
}
