import { tripOrder, type Filters, type Trip } from 'core-wasm';

/**
 * The trips that pass the filters, in the order to show them: the core's rule
 * (tests/vectors/trips.filter.json), which answers positions in the list so the trips are not
 * copied through the wasm boundary and back on every change of a filter.
 */
export function filterTrips(list: Trip[], filters: Partial<Filters>): Trip[] {
  return Array.from(tripOrder(list, filters), (i) => list[i]!);
}
