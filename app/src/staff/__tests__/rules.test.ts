/** The staff site's forms check with the core's rules, in both languages. */
import { describe, expect, it } from 'vitest';
import { checkPromo, checkStops, codeOk, daysText, departureOk, mayGrant, seatsForSale, staffCalls, twoByTwo, twoFloorLaunch, validateLayout } from 'core-wasm/staff';
import { pathOf } from '@/staff/api';
import { said, setLang } from '@/staff/i18n';

describe('the staff rules the forms use', () => {
  it('a 9-row 2+2 coach sells 36 seats and is valid', () => {
    const coach = twoByTwo('2+2', 9, 'economy');
    expect(seatsForSale(coach)).toBe(36);
    expect(validateLayout(coach)).toEqual([]);
  });

  it('a layout problem names its cell in English and Bangla', () => {
    const coach = twoByTwo('2+2', 2, 'economy');
    coach.decks[0]!.cells[1]!.label = 'A1';
    const problems = validateLayout(coach);
    expect(problems[0]?.field).toBe('decks[0].cells[1].label');
    expect(problems[0]?.message.text).toBe('Seat label A1 is used twice');
    expect(problems[0]?.message.textBn).toBe('আসন নম্বর A1 দুবার আছে');
  });

  it('a two-floor launch with cabins is a starting point that passes', () => {
    const launch = twoFloorLaunch('MV', 4, 6);
    expect(launch.decks).toHaveLength(2);
    expect(validateLayout(launch)).toEqual([]);
  });

  it('days, times and codes read as the server reads them', () => {
    expect(daysText('fri, sat')).toBe('Sat Fri');
    expect(daysText('Funday')).toBeUndefined();
    expect(departureOk('05:55')).toBe(true);
    expect(departureOk('5:55')).toBe(false);
    expect(codeOk('dhaka-kushtia')).toBe(true);
    expect(codeOk('<script>')).toBe(false);
  });

  it('a route runs forward in time, boarding first and dropping last', () => {
    const stop = (cityId: string, minutes: number) => ({ cityId, minutes, boards: true, drops: true, points: [] });
    expect(checkStops([stop('dhaka', 0), stop('paturia', 90), stop('kushtia', 240)])).toBeNull();
    const back = checkStops([stop('dhaka', 0), stop('paturia', 90), stop('kushtia', 60)]);
    expect(back?.text).toBe('Stops must go on in time: stop 3 is not after the one before');
    expect(back?.textBn).toContain('স্টপ 3');
    expect(checkStops([stop('dhaka', 0), { ...stop('kushtia', 60), drops: false }])?.code).toBe('route.noBoarding');
  });

  it('a promo is checked as the server checks it', () => {
    const promo = { code: 'EID25', kind: 'percent', amount: 25, minFare: 0, fromDate: '2026-12-01', toDate: '2026-12-03', totalUses: 100, usesPerPhone: 1, exists: false };
    expect(checkPromo(promo)).toBeNull();
    expect(checkPromo({ ...promo, amount: 150 })?.text).toBe('amount must be between 1 and 100');
    expect(checkPromo({ ...promo, code: 'EID 25' })?.code).toBe('promo.code');
    expect(checkPromo({ ...promo, toDate: '2026-11-30' })?.code).toBe('schedule.datesOrder');
  });

  it('a manager grants their own operator roles, never an admin', () => {
    const manager = [{ role: 'manager' as const, operatorId: 'op-hanif' }];
    expect(mayGrant(manager, { role: 'counter', operatorId: 'op-hanif' })).toBe(true);
    expect(mayGrant(manager, { role: 'counter', operatorId: 'op-green-line' })).toBe(false);
    expect(mayGrant(manager, { role: 'admin' })).toBe(false);
  });

  it('every staff call has its path from the core table', () => {
    expect(staffCalls().length).toBeGreaterThan(20);
    expect(pathOf('schedules/import')).toBe('/v1/api/staff/schedules/import');
    expect(pathOf('layouts/{id}', 'op-hanif:coach 36')).toBe('/v1/api/staff/layouts/op-hanif%3Acoach%2036');
  });
  it('a refusal the server said in English reads in Bangla from its code and values', () => {
    const refusal = { code: 'fare.periodOverlap', text: 'These dates overlap the fare period 2027-03-25 to 2027-03-31: change that one instead', params: [{ name: 'from', value: '2027-03-25' }, { name: 'to', value: '2027-03-31' }] };
    try {
      setLang('bn');
      expect(said(refusal)).toBe('এই তারিখগুলো 2027-03-25 থেকে 2027-03-31 ভাড়ার সময়ের সাথে মিলে যায়: সেটিই বদলান');
      // Not a staff message: its English stands.
      expect(said({ code: 'booking.other', text: 'Something else' })).toBe('Something else');
    } finally {
      setLang('en');
    }
    expect(said(refusal)).toBe(refusal.text);
  });
});
