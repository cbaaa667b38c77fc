/**
 * Fares that differ by seat or segment, written as `money.ts` writes each amount: the trip
 * list's and the seat plan's ranges. Kept out of `money.ts`, which the first page loads.
 */
import { fareRange, type Fare } from 'core-wasm';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';

/** Fares from `low` to `high`: one amount when they are the same, else both ends ('600 TK - 900 TK'). */
export function takaRange(low: number, high: number): string {
  return low === high ? taka(low) : t('site.fareRange', { low: taka(low), high: taka(high) });
}

/** A trip's fare: one amount, or the range the core reads from it ('600-900'); text the core cannot read is shown as sent. */
export function fareText(fare: Fare): string {
  const range = fareRange(fare);
  if (!range) return typeof fare === 'string' ? fare : '';
  return takaRange(range.low, range.high);
}
