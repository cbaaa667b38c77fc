import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Filters, Service, Trip } from 'core-wasm';
import { filterTrips } from '@/features/trips/filter-trips';
import { useSearchParams } from 'react-router';
import { useCities } from '@/api/content';
import { TRIP_RESULTS } from '@/components/skip-links';
import { useService, useTheme } from '@/lib/site-context';
import { useTrips, type TripsResponse } from '@/features/search/api/use-trips';
import { readTripSearch, SearchForm, type TripSearch } from '@/features/search/components/search-form';
import { activeFilterCount, SortSelect, TripFilters, type FilterOptions } from '@/features/trips/components/trip-filters';
import { filtersFromParams, paramsWithFilters } from '@/features/trips/filter-params';
import { TripList, type TripListState } from '@/features/trips/components/trip-list';
import { formatLongDate } from '@/lib/dates';
import { t } from '@/i18n/messages';
import { cityName, localName, localNames } from '@/i18n/names';
import { track } from '@/lib/analytics';
import { useOnline } from '@/lib/online';
import '@/features/trips/trips.css';

/** The filter choices a response offers: bus lists companies, launch lists ships. */
function filterOptions(response: TripsResponse | undefined, trips: readonly Trip[]): FilterOptions {
  if (!response) return { boardingPoints: [], operators: [], busClasses: [] };
  const operators =
    'companies' in response
      ? response.companies.map((c) => ({ id: c._id, name: localName(c, 'name') }))
      : // The launch response names ships, not operators: the operators are those of the trips.
        [...new Map(trips.filter((x) => x.companyId).map((x) => [x.companyId as string, localName(x, 'companyName') || (x.companyId as string)])).entries()].map(
          ([id, name]) => ({ id, name }),
        );
  return {
    boardingPoints: response.boardingPoints,
    boardingPointNames: localNames(response, 'boardingPoints'),
    operators,
    busClasses: 'busClasses' in response ? response.busClasses : [],
    busClassNames: 'busClasses' in response ? localNames(response, 'busClasses') : [],
  };
}

function Results({ service, search }: { service: Service; search: TripSearch }) {
  const theme = useTheme();
  const trips = useTrips(service, search);
  const cities = useCities(service);
  const [params, setParams] = useSearchParams();
  // The filters and the sort live in the URL (filter-params.ts): a reload, a shared link and the
  // way back from a seat plan show the same trips. A change replaces the entry rather than
  // adding one, so Back leaves the results instead of undoing one checkbox at a time, and the
  // page stays where it was scrolled. What was just chosen is drawn at once, then the URL's:
  // the router updates in a transition, and a tapped radio must not flick back meanwhile.
  const fromUrl = useMemo(() => filtersFromParams(params), [params]);
  const [chosen, setChosen] = useState<{ over: Filters; filters: Filters } | null>(null);
  const filters = chosen?.over === fromUrl ? chosen.filters : fromUrl;
  const setFilters = (next: Filters) => {
    setChosen({ over: fromUrl, filters: next });
    setParams(paramsWithFilters(params, next, service), { replace: true, preventScrollReset: true });
  };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [modifying, setModifying] = useState(false);
  const panelId = useId();
  const tracked = useRef(false);

  // An operator's own site shows only that operator's trips (the core's operator filter).
  const all = useMemo(() => {
    const list = trips.data?.trips ?? [];
    return theme.operatorId ? filterTrips(list, { busCompany: [theme.operatorId] }) : list;
  }, [trips.data, theme.operatorId]);
  const shown = useMemo(() => filterTrips(all, filters), [all, filters]);
  const options = useMemo(() => filterOptions(trips.data, all), [trips.data, all]);

  useEffect(() => {
    if (trips.status !== 'success' || tracked.current) return;
    tracked.current = true;
    track('search', { service, from: search.from, to: search.to, journey_date: search.journeyDate, coach_type: search.coachType, results: all.length });
  }, [trips.status, all.length, search, service]);

  const name = (key: string) => {
    const stored = cities.data?.cities.find((c) => c._id === key || c.name.toLowerCase() === key.toLowerCase());
    return cityName(stored ?? { name: key });
  };
  const title = t('trips.route', { from: name(search.from), to: name(search.to) });
  // Clearing keeps the sort: it orders the trips, it does not hide any.
  const clearFilters = () => setFilters({ coachType: 'all', priceFilterType: filters.priceFilterType });
  // A search started offline says so instead of spinning, and runs again when the network is
  // back (issue 14); results already shown stay.
  const online = useOnline();
  const refetchTrips = trips.refetch;
  const failed = trips.status === 'error';
  useEffect(() => {
    if (online && failed) refetchTrips();
    // Only the network's return asks again; a failure while online keeps its Try again button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);
  const state: TripListState = !online && trips.status !== 'success'
    ? { status: 'error', message: t('offline.search'), retry: () => trips.refetch() }
    : trips.status === 'loading'
      ? { status: 'loading' }
      : trips.status === 'error'
        ? { status: 'error', message: trips.message, retry: () => trips.refetch() }
        : { status: 'ready', trips: shown, total: all.length, clearFilters };
  const count = activeFilterCount(filters);

  return (
    <>
      <title>{`${title} | ${theme.brandName}`}</title>
      {/* The search in two short lines, so the trips start high on a phone's first screen. */}
      <div className="trips__summary">
        <h1 className="trips__title">{title}</h1>
        <p className="trips__date">
          <time dateTime={search.journeyDate}>{formatLongDate(search.journeyDate)}</time>
        </p>
        {/* 'Modify' beside the date on a phone; its name says the whole of it. */}
        <button
          type="button"
          className="button button--ghost trips__modify-toggle"
          aria-label={modifying ? undefined : t('trips.modify')}
          aria-expanded={modifying}
          onClick={() => setModifying(!modifying)}
        >
          {modifying ? t('trips.cancelModify') : t('trips.modifyShort')}
        </button>
      </div>
      {modifying && (
        <div className="trips__modify">
          <SearchForm service={service} initial={search} onSearched={() => setModifying(false)} />
        </div>
      )}
      <div className="trips__body">
        {/* Filters and sort on one row on a phone; on a wide screen the filters are a column. */}
        <div className="trips__controls">
          <button
            type="button"
            className="button button--ghost trips__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            {filtersOpen ? t('filters.hide') : count > 0 ? t('filters.active', { count }) : t('filters.show')}
          </button>
          <SortSelect value={filters.priceFilterType} onChange={(priceFilterType) => setFilters({ ...filters, priceFilterType })} />
        </div>
        <aside className="trips__side">
          <div id={panelId} className={`trips__filters${filtersOpen ? ' trips__filters--open' : ''}`}>
            <h2 className="trips__filters-title">{t('filters.title')}</h2>
            <TripFilters service={service} options={options} value={filters} onChange={setFilters} showOperators={!theme.operatorId} />
            {count > 0 && (
              <button type="button" className="link-button" onClick={clearFilters}>
                {t('filters.clear')}
              </button>
            )}
          </div>
        </aside>
        {/* The skip link's target (the layout's 'Skip to results'): the next Tab is the first trip. */}
        <section id={TRIP_RESULTS.id} className="trips__results" aria-label={t('trips.list')} tabIndex={-1}>
          <TripList state={state} service={service} />
        </section>
      </div>
    </>
  );
}

/**
 * Trip results (`/bus/trip`, `/launch/trip`). The search, the filters and the price sort are in
 * the URL (from, to, journeyDate, then filter-params.ts), so results can be shared and reloaded;
 * the core applies the filters and the sort; the search can be changed without leaving the page.
 */
export function TripsPage() {
  const service = useService();
  const [params] = useSearchParams();
  const search = readTripSearch(params);
  const { brandName } = useTheme();
  if (!search.from || !search.to || !search.journeyDate) {
    const title = service === 'BUS' ? t('trips.bus.title') : t('trips.launch.title');
    return (
      <>
        <title>{`${title} | ${brandName}`}</title>
        <h1 className="page__title">{title}</h1>
        <p>{t('trips.noSearch')}</p>
        <SearchForm service={service} initial={search} />
      </>
    );
  }
  // A new search is a new page: the modify and filter panels start closed. (The filters are the
  // URL's: a new search from the form brings none.)
  return <Results key={`${service}:${search.from}:${search.to}:${search.journeyDate}`} service={service} search={search} />;
}

export default TripsPage;
