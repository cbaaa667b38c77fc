/**
 * Spelling out calendar dates the core computed (`YYYY-MM-DD`, already a Dhaka date), with the
 * catalog's day and month names. Not Intl.DateTimeFormat: creating the first Intl formatter
 * loads the browser's locale data, ~20-70 ms of main thread on a phone, on the first page.
 */
import { activeLocale } from '@/i18n/language';
import { t, type MessageId } from '@/i18n/messages';

function parts(day: string) {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  // Day of the week of a calendar date: a UTC date has no time zone to shift it.
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return { y, m, d, weekday };
}

/** "Sunday 22 November 2026". */
export function formatLongDate(day: string): string {
  // Bangla: CLDR bn through Intl (bn/index.ts), loaded with the Bangla module, never on an English visit.
  const locale = activeLocale();
  if (locale) return locale.longDate(day);
  const { y, m, d, weekday } = parts(day);
  return t('date.long', {
    weekday: t(`date.weekday.${weekday}` as MessageId),
    day: String(d),
    month: t(`date.month.${m}` as MessageId),
    year: String(y),
  });
}
