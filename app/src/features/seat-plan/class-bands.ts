/**
 * A launch class's grid on a narrow screen. A ship's floor can hold a row of 12 single cabins,
 * or a deck of 8 seats across a corridor: at a fingertip's width (40 px) that is wider than a
 * 360 px phone. Shrinking the cells made them 26 px and a sideways scroll hid the last ones, so
 * a grid wider than the screen folds instead, like text: its columns are cut into bands shown
 * one under the other, at a corridor (a column empty in every row) where one is in reach, so the
 * two sides of a deck stay whole; a row with no corridor is cut where the screen ends. Each band
 * keeps the rows and gaps of the plan, so the cabins keep their places relative to each other.
 */
import type { LaunchCell } from 'core-wasm/booking';

/** A seat's or cabin's column is at least this wide (CSS: the grid's `minmax(2.5rem, ...)`). */
export const CELL_REM = 2.5;
/** A corridor column (empty in every row) is this narrow: it only shows the way between. */
export const CORRIDOR_REM = 0.75;
/** The gap between columns (CSS: `.launch-class__grid`'s gap). */
export const GAP_REM = 0.25;

/** Columns `start` (inclusive) to `end` (exclusive) of the class's rows. */
export interface Band {
  start: number;
  end: number;
}

/** Which columns are corridors: no row has a seat or cabin there. */
export function corridors(rows: readonly (readonly LaunchCell[])[]): boolean[] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  return Array.from({ length: width }, (_, c) => rows.every((row) => !row[c]?.seatNo));
}

/** The band's CSS columns: seats at least a fingertip wide, corridors narrow. */
export function bandColumns(band: Band, corridor: readonly boolean[]): string {
  const columns: string[] = [];
  for (let c = band.start; c < band.end; c++) columns.push(corridor[c] ? `${CORRIDOR_REM}rem` : `minmax(${CELL_REM}rem, 2.75rem)`);
  return columns.join(' ');
}

/**
 * The bands the columns fold into within `available` rem (null: not measured yet, nothing
 * folds). A band never starts or ends with a corridor; it ends at the last corridor in reach,
 * else where the screen ends (at least one column, however narrow the screen).
 */
export function foldColumns(corridor: readonly boolean[], available: number | null): Band[] {
  const width = corridor.length;
  const widthOf = (c: number) => (corridor[c] ? CORRIDOR_REM : CELL_REM);
  const span = (start: number, end: number) => {
    let total = 0;
    for (let c = start; c < end; c++) total += widthOf(c) + (c > start ? GAP_REM : 0);
    return total;
  };
  if (available === null || span(0, width) <= available) return [{ start: 0, end: width }];

  const bands: Band[] = [];
  let start = 0;
  while (start < width) {
    while (start < width && corridor[start]) start++;
    if (start >= width) break;
    // The most columns that fit, from `start`.
    let fits = start + 1;
    while (fits < width && span(start, fits + 1) <= available) fits++;
    let end = fits;
    if (fits < width) {
      // Cut at the last corridor in reach, if there is one past the first column; else into
      // bands of even widths (12 cabins where 7 fit: 6 and 6, not 7 and 5).
      let cut = -1;
      for (let c = fits; c > start && cut < 0; c--) if (corridor[c]) cut = c;
      end = cut >= 0 ? cut : start + Math.ceil((width - start) / Math.ceil((width - start) / (fits - start)));
    }
    while (end > start + 1 && corridor[end - 1]) end--;
    bands.push({ start, end });
    start = end;
  }
  return bands;
}
