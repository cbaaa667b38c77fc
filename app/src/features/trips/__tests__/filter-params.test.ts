import { describe, expect, it } from 'vitest';
import { filtersFromParams, paramsWithFilters } from '@/features/trips/filter-params';

const search = 'from=dhaka&to=chattogram&journeyDate=2030-01-01';

describe('trip filters in the URL (SPEC §3 keys)', () => {
  it('reads every filter and the sort, a list key once per value', () => {
    const params = new URLSearchParams(
      `${search}&coachType=ac&priceFilterType=l2h&boardingPoint=Arambagh&boardingPoint=Fakirapool&busCompany=op-hanif&selectedBusClass=Economy&selectedTime=6pm-3am&selectedTime=4am-12pm`,
    );
    expect(filtersFromParams(params)).toEqual({
      coachType: 'ac',
      priceFilterType: 'l2h',
      boardingPoint: ['Arambagh', 'Fakirapool'],
      busCompany: ['op-hanif'],
      selectedBusClass: ['Economy'],
      // In the core's band order.
      selectedTime: ['4am-12pm', '6pm-3am'],
    });
  });

  it('reads nothing set as every trip in departure order, and drops what it does not know', () => {
    expect(filtersFromParams(new URLSearchParams(`${search}&coachType=luxury&priceFilterType=cheap&selectedTime=midnight`))).toEqual({
      coachType: 'all',
      boardingPoint: [],
      busCompany: [],
      selectedBusClass: [],
      selectedTime: [],
    });
  });

  it('writes them after the search, in place of the old ones; a bus search always names its coach type', () => {
    const before = new URLSearchParams(`${search}&coachType=ac&boardingPoint=Arambagh&priceFilterType=h2l`);
    const after = paramsWithFilters(before, { coachType: 'all', selectedTime: ['12pm-6pm'], busCompany: ['op-a', 'op-b'] }, 'BUS');
    expect(after.toString()).toBe(`${search}&coachType=all&busCompany=op-a&busCompany=op-b&selectedTime=12pm-6pm`);
    expect(before.get('boardingPoint')).toBe('Arambagh');
  });

  it('a launch search has no coach type', () => {
    expect(paramsWithFilters(new URLSearchParams(search), { coachType: 'all', priceFilterType: 'l2h' }, 'LAUNCH').toString()).toBe(
      `${search}&priceFilterType=l2h`,
    );
  });

  it('reads back what it wrote', () => {
    const filters = { coachType: 'non-ac' as const, priceFilterType: 'h2l' as const, boardingPoint: ['A & B'], busCompany: [], selectedBusClass: ['Sleeper'], selectedTime: ['12pm-6pm' as const] };
    expect(filtersFromParams(paramsWithFilters(new URLSearchParams(search), filters, 'BUS'))).toEqual(filters);
  });
});
