/**
 * Arrow keys inside a seat grid: Tab already reaches every seat for sale, but on a 40-seat coach
 * that is many presses, so the arrows move to the next seat for sale left, right, up or down
 * (by the grid places the seats carry as data-row and data-col). Seats not for sale are skipped,
 * as Tab skips them; at the edge nothing moves.
 */
import type { KeyboardEvent } from 'react';

const STEPS: Record<string, [number, number]> = {
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
};

export interface Place {
  button: HTMLButtonElement;
  row: number;
  col: number;
}

function placeOf(button: HTMLButtonElement): Place | null {
  const row = Number(button.dataset.row);
  const col = Number(button.dataset.col);
  return button.dataset.row !== undefined && Number.isFinite(row) && Number.isFinite(col) ? { button, row, col } : null;
}

/** The seat the step leads to from `from`, or null at the edge. */
export function stepFrom(from: Place, [dr, dc]: [number, number], places: readonly Place[]): Place | null {
  const ahead = places.filter((p) =>
    dr === 0 ? p.row === from.row && Math.sign(p.col - from.col) === dc : Math.sign(p.row - from.row) === dr,
  );
  // Sideways: the nearest in the row. Up and down: the same column first, however far (as Tab
  // skips a seat not for sale), else the nearest column, then the nearest row. One number: a grid
  // is far smaller than 1000 places.
  const along = (p: Place) => (dr === 0 ? Math.abs(p.col - from.col) : Math.abs(p.row - from.row));
  const across = (p: Place) => (dr === 0 ? 0 : Math.abs(p.col - from.col));
  const cost = (p: Place) => (across(p) > 0 ? 1000 * 1000 + across(p) * 1000 : 0) + along(p);
  let best: Place | null = null;
  for (const p of ahead) {
    if (!best || cost(p) < cost(best)) best = p;
  }
  return best;
}

/** The grid's onKeyDown. */
export function moveAmongSeats(event: KeyboardEvent<HTMLElement>): void {
  const step = STEPS[event.key];
  const target = event.target;
  if (!step || !(target instanceof HTMLButtonElement)) return;
  const from = placeOf(target);
  if (!from) return;
  const places = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-row]:not(:disabled)'))
    .map(placeOf)
    .filter((p): p is Place => p !== null);
  const next = stepFrom(from, step, places);
  // The page does not scroll on an arrow that moved focus, nor on one at the edge of the grid.
  event.preventDefault();
  next?.button.focus();
}
