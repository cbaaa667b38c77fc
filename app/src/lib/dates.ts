/**
 * Spelling out calendar dates the core computed (`YYYY-MM-DD`, already a Dhaka date) in the
 * language shown: the core's `localLongDate` ('Sunday 22 November 2026', 'রবিবার, ২২ নভেম্বর,
 * ২০২৬'), as the e-ticket writes them. Not Intl.DateTimeFormat: creating the first Intl
 * formatter loads the browser's locale data, ~20-70 ms of main thread on a phone, on the first page.
 */
import { localLongDate } from 'core-wasm';
import { formatLanguage } from '@/i18n/language';

export function formatLongDate(day: string): string {
  return localLongDate(formatLanguage(), day);
}
