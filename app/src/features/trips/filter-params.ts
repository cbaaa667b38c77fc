/**
 * The trip filters and the price sort in the results page's URL, under SPEC §3's keys
 * (`coachType`, `priceFilterType`, `boardingPoint`, `busCompany`, `selectedBusClass`,
 * `selectedTime`; a list key once per value), so a reload, a shared link and the way back from
 * a seat plan show the trips the traveller chose. What the URL says is read as the core's
 * `Filters`; a value the site does not know (a hand-edited coach type, sort or time band) is
 * dropped rather than trusted.
 */
import { timeBands, type CoachTypeFilter, type Filters, type PriceSort, type Service, type TimeBand } from 'core-wasm';

const COACH_TYPES: readonly CoachTypeFilter[] = ['all', 'ac', 'non-ac'];
const SORTS: readonly PriceSort[] = ['l2h', 'h2l'];
const LISTS = ['boardingPoint', 'busCompany', 'selectedBusClass', 'selectedTime'] as const;
const KEYS = ['coachType', 'priceFilterType', ...LISTS] as const;

/** The filters and sort a results URL carries; none set means every trip in departure order. */
export function filtersFromParams(params: URLSearchParams): Filters {
  const coachType = params.get('coachType');
  const sort = params.get('priceFilterType');
  const bands = new Set(params.getAll('selectedTime'));
  const filters: Filters = {
    coachType: COACH_TYPES.find((c) => c === coachType) ?? 'all',
    boardingPoint: params.getAll('boardingPoint'),
    busCompany: params.getAll('busCompany'),
    selectedBusClass: params.getAll('selectedBusClass'),
    // In the core's band order, whatever order the URL lists them in.
    selectedTime: timeBands()
      .map((band) => band.id)
      .filter((id: TimeBand) => bands.has(id)),
  };
  const priceFilterType = SORTS.find((s) => s === sort);
  if (priceFilterType) filters.priceFilterType = priceFilterType;
  return filters;
}

/**
 * The results URL's query with `filters` in place of the ones it had; the search (from, to,
 * journeyDate) and anything else stay. A bus search always names its coach type ('all' too),
 * as the search form writes it; a launch has none.
 */
export function paramsWithFilters(params: URLSearchParams, filters: Filters, service: Service): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) next.delete(key);
  if (service === 'BUS') next.set('coachType', filters.coachType ?? 'all');
  if (filters.priceFilterType) next.set('priceFilterType', filters.priceFilterType);
  for (const key of LISTS) {
    for (const value of filters[key] ?? []) next.append(key, value);
  }
  return next;
}
