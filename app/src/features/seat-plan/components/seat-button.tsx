import type { CSSProperties } from 'react';
import type { SeatStatus } from 'core-wasm/booking';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';

export interface SeatButtonProps {
  /** What the seat says on screen (short); `name` is what a screen reader says. */
  label: string;
  name: string;
  status: SeatStatus;
  selected: boolean;
  ladies?: boolean;
  /** Its place in the grid (0-based), for the arrow keys. */
  place: { row: number; col: number };
  /** The grid's one Tab stop (grid-keys.ts); the other seats are reached with the arrows. */
  tabbable: boolean;
  style?: CSSProperties;
  onToggle: () => void;
}

/**
 * One seat or cabin: a real button, so the keyboard reaches it (Tab to the grid, then the
 * arrows: grid-keys.ts) and Enter or Space selects it.
 * `aria-pressed` says it is chosen; a seat that is not for sale is disabled (a chosen seat
 * stays enabled so it can be given up).
 */
export function SeatButton({ label, name, status, selected, ladies, place, tabbable, style, onToggle }: SeatButtonProps) {
  const classes = ['seat', `seat--${status}`, selected ? 'seat--selected' : '', ladies ? 'seat--ladies' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      style={style}
      aria-label={name}
      aria-pressed={selected}
      disabled={!seatFocusable(status, selected)}
      tabIndex={tabbable ? 0 : -1}
      data-seat={label}
      data-status={status}
      data-row={place.row}
      data-col={place.col}
      onClick={onToggle}
    >
      {/* Only the number shows (the name, which contains it, says status and fare): the deck
          or class heading gives the fare, so a cell stays a fingertip wide on a phone. */}
      {label}
    </button>
  );
}

/** The accessible name: 'Seat A1, ladies seat, available, 850 TK' (a seat not for sale has no fare). */
export function seatName(title: string, status: SeatStatus, fare: number | null | undefined, ladies = false): string {
  const price = status === 'available' && fare != null ? taka(fare) : null;
  return [title, ladies ? t('seatPlan.ladies') : null, t(`seatPlan.status.${status}`), price]
    .filter(Boolean)
    .join(', ');
}

/** A seat for sale, or one already chosen (it can be given up), takes focus and taps. */
export const seatFocusable = (status: SeatStatus, selected: boolean) => status === 'available' || selected;
