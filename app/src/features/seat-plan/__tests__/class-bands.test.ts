import type { LaunchCell } from 'core-wasm/booking';
import { describe, expect, it } from 'vitest';
import { bandColumns, corridors, foldColumns } from '@/features/seat-plan/class-bands';

const cabin = (seatNo: string): LaunchCell => ({ seatNo, available: true });
const gap: LaunchCell = { available: false };
/** A row of `n` cabins numbered from `from`. */
const row = (from: number, n: number) => Array.from({ length: n }, (_, i) => cabin(String(from + i)));

// A 360 px phone leaves a class 306 px: 19.125rem.
const PHONE = 19.125;

describe('a launch class folded to fit the screen', () => {
  it('finds the corridors: columns with no seat in any row', () => {
    expect(corridors([[cabin('1'), gap, cabin('2')], [cabin('3'), gap, gap]])).toEqual([false, true, false]);
  });

  it('does not fold what fits, nor before it is measured', () => {
    expect(foldColumns(corridors([row(301, 4)]), PHONE)).toEqual([{ start: 0, end: 4 }]);
    expect(foldColumns(corridors([row(201, 12)]), null)).toEqual([{ start: 0, end: 12 }]);
  });

  it('folds a row of 12 single cabins (the demo launches\' second floor) into two even bands of 40 px cells', () => {
    const bands = foldColumns(corridors([row(201, 12), row(213, 12)]), PHONE);
    expect(bands).toEqual([
      { start: 0, end: 6 },
      { start: 6, end: 12 },
    ]);
  });

  it('folds a deck of 4 + 4 seats at its corridor, so each side stays whole', () => {
    const deck = [0, 1, 2].map((r) => [...row(r * 8 + 1, 4), gap, ...row(r * 8 + 5, 4)]);
    expect(foldColumns(corridors(deck), PHONE)).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 9 },
    ]);
  });

  it('keeps at least one column per band on a screen narrower than a cabin', () => {
    expect(foldColumns(corridors([row(1, 3)]), 1)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
      { start: 2, end: 3 },
    ]);
  });

  it('gives seats at least 2.5rem (40 px) and a corridor a narrow column', () => {
    const corridor = corridors([[cabin('1'), gap, cabin('2')]]);
    expect(bandColumns({ start: 0, end: 3 }, corridor)).toBe('minmax(2.5rem, 2.75rem) 0.75rem minmax(2.5rem, 2.75rem)');
  });
});
