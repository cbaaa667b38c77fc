/**
 * The keyboard in a seat grid. A grid is one Tab stop (a roving tabindex): on a 40-seat coach,
 * Tab through every seat put Continue some 20 presses after the seat just chosen; now Tab leaves
 * the grid for the next step at once. Inside it the arrows move to the next seat for sale left,
 * right, up or down (by the grid places the seats carry as data-row and data-col); seats not for
 * sale are skipped; at the edge nothing moves. The Tab stop is the seat last focused, so Tab
 * back into the grid returns there (else the first chosen seat, else the first for sale).
 */
import type { FocusEvent, KeyboardEvent } from 'react';

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

/** A seat's place in its grid (0-based). */
export interface SeatPlace {
  row: number;
  col: number;
}

/** A seat's place as one key: unique within a grid. */
export const placeKey = (place: SeatPlace) => `${place.row}:${place.col}`;

/** The grid's onFocus: the place of the seat that took focus (the next Tab stop), if a seat did. */
export function focusedPlace(event: FocusEvent<HTMLElement>): string | null {
  const target = event.target;
  return target instanceof HTMLButtonElement && target.dataset.row !== undefined ? `${target.dataset.row}:${target.dataset.col}` : null;
}

/**
 * The grid's Tab stop among the seats that can take focus (`focusable`, in order; `chosen`
 * among them): the seat last focused while it still can, else the first chosen, else the first.
 */
export function tabStop(focusable: readonly string[], chosen: readonly string[], last: string | null): string | undefined {
  if (last !== null && focusable.includes(last)) return last;
  return chosen.find((key) => focusable.includes(key)) ?? focusable[0];
}
