/**
 * A stored time as the site shows it: the core's `displayDateTime` (the 6-hour rule, `hh:mm AM`),
 * its clock time said the Bangla way while Bangla is shown ('রাত ১০:৩০'). The date stays
 * `YYYY-MM-DD` for `formatLongDate` and `<time dateTime>`.
 */
import { displayDateTime as coreDisplay, type Displayed } from 'core-wasm';
import { formatLanguage } from '@/i18n/language';

export function displayDateTime(stored: string): Displayed {
  return coreDisplay(stored, formatLanguage());
}
