/**
 * বাংলা: the Bangla locale (its formats, its font) with the first page's texts, a chunk of its own
 * that language.ts loads only when Bangla is shown; the other texts are `rest.ts`.
 *
 * Written as a Bangladeshi traveller reads a ticket counter's board and an operator's SMS: যাত্রা,
 * আসন, টিকিট, ভাড়া, বোর্ডিং পয়েন্ট, ড্রপিং পয়েন্ট, কোচ, কেবিন, এসি / নন-এসি, PNR and OTP as they
 * are printed. Not word for word: each entry says what the English one means, in the words the
 * counters use.
 *
 * Numbers, money, dates and times are CLDR bn through Intl (Bengali digits, lakh grouping);
 * money is always '১,২০০ টাকা'. Clock times say the part of the day first, as tickets and
 * counters do ('রাত ১০:৩০'), with Intl's digits. Codes stay as printed (PNR, seat numbers, promo
 * codes, transaction ids), so they match the SMS, the PDF and the coach.
 *
 * `{name}` placeholders are the English entry's; a test checks both catalogs have the same keys
 * and the same placeholders, and that every message code of the core and the server has a text.
 */
import '@/i18n/bn/bn.css';
import type { Locale } from '@/i18n/language';

export { first } from '@/i18n/bn/first';

// One formatter each, made when Bangla is first shown (never on an English visit).
const numberFormat = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 });
const clockFormat = new Intl.DateTimeFormat('bn-BD', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
const dateFormat = new Intl.DateTimeFormat('bn-BD', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The part of the day a Bangladeshi clock time is said with, by the hour (0-23): রাত until 4,
 * ভোর until 6, সকাল until noon, দুপুর until 3, বিকেল until 6, সন্ধ্যা until 8, then রাত.
 */
function dayPart(hour: number): string {
  if (hour < 4) return 'রাত';
  if (hour < 6) return 'ভোর';
  if (hour < 12) return 'সকাল';
  if (hour < 15) return 'দুপুর';
  if (hour < 18) return 'বিকেল';
  if (hour < 20) return 'সন্ধ্যা';
  return 'রাত';
}

/** '10:30 PM' (the core's clock) -> 'রাত ১০:৩০'; text it cannot read is shown as it is. */
function time(shown: string): string {
  const match = /^(\d{1,2}):(\d{2})\s*([AP]M)$/i.exec(shown.trim());
  if (!match) return shown;
  const hour12 = Number(match[1]) % 12;
  const hour = match[3]?.toUpperCase() === 'PM' ? hour12 + 12 : hour12;
  const parts = clockFormat.formatToParts(Date.UTC(2000, 0, 1, hour, Number(match[2])));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${dayPart(hour)} ${part('hour')}:${part('minute')}`;
}

function longDate(day: string): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return dateFormat.format(Date.UTC(y, m - 1, d));
}

const number = (value: number) => numberFormat.format(Math.round(value * 100) / 100);

/** Whole taka, as the core rounds them; a discount taken off is '- ২০০ টাকা', as in English. */
function taka(amount: number): string {
  // Rounded half away from zero, as the core's formatTaka.
  const whole = Number.isFinite(amount) ? Math.round(Math.abs(amount)) : 0;
  return `${amount < 0 && whole > 0 ? '- ' : ''}${number(whole)} টাকা`;
}

const BENGALI_ZERO = '০'.charCodeAt(0);
const digits = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + Number(d)));

export const locale: Locale = { number, taka, longDate, time, digits };
