/**
 * Amounts as the traveller reads them, everywhere on the site: the core's `formatTaka`, the text
 * the e-ticket PDF prints too ('1,800 TK'; a discount '- 100 TK'; whole taka). The site works
 * out no amount itself: every number shown is the server's, or the core's pricing (`quote`) for
 * a total before the server has made one (the seat plan); a discount taken off is written
 * `taka(-discount)`, the core putting the minus ('- 200 TK'). Fare ranges are in `fare-range.ts`:
 * the first page prints single amounts only, and this module is part of its load.
 */

import { formatTaka } from 'core-wasm';
import { formatLanguage } from '@/i18n/language';

/**
 * One amount: '1,800 TK' (the core's `formatTaka`); in Bangla '১,৮০০ টাকা' (bn/index.ts), the one way
 * the Bangla site writes money.
 */
export function taka(amount: number): string {
  return formatTaka(amount, formatLanguage());
}
