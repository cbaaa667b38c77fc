import { readFileSync } from 'node:fs';
import path from 'node:path';
import { displayOperators, mentionsOtp } from 'core-wasm';
import { coreMessages } from 'core-wasm/booking';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureText } from '@/api/api-client';
import { displayDateTime } from '@/lib/date-time';
import { chooseLanguage, initialLanguage, language, setLanguageForTests, shownDigits } from '@/i18n/language';
import { formatNumber, messageText, t } from '@/i18n/messages';
import { cityName, localName, localNameOf, localNames, nameMatches } from '@/i18n/names';
import { formatLongDate } from '@/lib/dates';
import { taka } from '@/lib/money';
import { clock } from '@/lib/use-countdown';
import { bangla, english as messages, firstParts, restParts, serverTexts } from '@/test/catalogs';

afterEach(() => {
  setLanguageForTests('en', false);
  window.localStorage.clear();
});

const bn = bangla;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * The server's message codes and English texts, read from the core's source (the one list both
 * servers answer with, `server_messages::ALL`): `NAME = "code", "text";`.
 */
function serverMessages(): { code: string; text: string }[] {
  const source = readFileSync(path.resolve(__dirname, '../../../../core-wasm/src/server_messages.rs'), 'utf8');
  const body = source.slice(source.indexOf('templates! {'));
  return [...body.matchAll(/^\s*[A-Z_]+ = "([^"]+)", "((?:[^"\\]|\\.)*)";/gm)].map((m) => ({ code: m[1] ?? '', text: m[2] ?? '' }));
}

describe('the Bangla catalog', () => {
  it('has exactly the English catalog’s keys', () => {
    const missing = Object.keys(messages).filter((key) => !Object.hasOwn(bn, key));
    const extra = Object.keys(bn).filter((key) => !Object.hasOwn(messages, key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('fills the same placeholders as English', () => {
    const differ = Object.keys(messages).filter((key) => placeholders(messages[key] ?? '').join() !== placeholders(bn[key] ?? '').join());
    expect(differ).toEqual([]);
  });

  it('is Bangla: no entry is the English text itself, save codes and names', () => {
    const same = Object.keys(messages).filter((key) => bn[key] === messages[key]);
    // Placeholders only, or codes printed as they are.
    expect(same.sort()).toEqual(['booking.ticket.pnr', 'seatPlan.classSeat', 'seatPlan.classTitle', 'seatPlan.pointOption', 'site.fareRange', 'ticket.pnr']);
  });
});

describe('the first part of each language', () => {
  it('holds the core’s codes the first page can show, and the rest holds the others', () => {
    // The first page's one form (the search) shows a required field only; the phone and e-mail
    // checks, seats, promos and the surprise deal belong to pages and popups that load the rest
    // of the texts with their code (a code not loaded would show the core's English anyway).
    const onFirstPage = new Set(['field.required']);
    for (const { code } of coreMessages()) {
      const part = onFirstPage.has(code) ? firstParts : restParts;
      expect(part.english[code], code).toBeTruthy();
      expect(part.bangla[code], code).toBeTruthy();
    }
  });

  it('is the same keys in both languages', () => {
    expect(Object.keys(firstParts.bangla).sort()).toEqual(Object.keys(firstParts.english).sort());
  });
});

describe('every message code has a text in both languages', () => {
  it.each(coreMessages().map((m) => [m.code, m] as const))('core %s', (code, message) => {
    expect(messages[code]).toBe(message.text);
    expect(bn[code]?.trim()).toBeTruthy();
  });

  const server = serverMessages();
  it('reads the server’s list', () => {
    expect(server.length).toBeGreaterThan(60);
    expect(server.find((m) => m.code === 'seat.taken')?.text).toBe('Seat {seat} was just taken by another traveller, please choose another');
  });

  // English is the server's own text (sent with its code); Bangla is this catalog's.
  it.each(server.map((m) => [m.code, m] as const))('server %s', (code, message) => {
    const text = serverTexts[code];
    expect(text?.trim()).toBeTruthy();
    expect(placeholders(text ?? '')).toEqual(placeholders(message.text));
    // SPEC §8: a failed ticket search keeps the OTP popup open when its message mentions OTP.
    expect(mentionsOtp(text ?? '')).toBe(mentionsOtp(message.text));
  });

  it('has no Bangla for a code the server no longer says', () => {
    const codes = new Set(server.map((m) => m.code));
    expect(Object.keys(serverTexts).filter((code) => !codes.has(code))).toEqual([]);
  });

  it("shows the core's last operator entry by its id", () => {
    expect(messages['operators.manyMore']).toBe(displayOperators([]).at(-1)?.title);
  });
});

describe('numbers, money, dates and times in Bangla (CLDR bn)', () => {
  it('keeps English exactly as it was', () => {
    expect(taka(1200)).toBe('1,200 TK');
    expect(taka(-100)).toBe('- 100 TK');
    expect(formatNumber(123456)).toBe('123,456');
    expect(formatLongDate('2026-11-22')).toBe('Sunday 22 November 2026');
    expect(t('trips.found', { count: 12 })).toBe('12 trips found');
    expect(clock(125)).toBe('2:05');
  });

  it('writes Bengali digits, lakh grouping and taka', () => {
    setLanguageForTests('bn', true);
    expect(taka(1200)).toBe('১,২০০ টাকা');
    expect(taka(150000)).toBe('১,৫০,০০০ টাকা');
    expect(taka(-100)).toBe('- ১০০ টাকা');
    expect(taka(99.5)).toBe('১০০ টাকা');
    expect(formatNumber(12345678)).toBe('১,২৩,৪৫,৬৭৮');
    expect(t('trips.found', { count: 12 })).toBe('১২টি যাত্রা পাওয়া গেছে');
    expect(t('trips.found', { count: 1 })).toBe('১টি যাত্রা পাওয়া গেছে');
    expect(clock(125)).toBe('২:০৫');
    expect(shownDigits('01712345678')).toBe('০১৭১২৩৪৫৬৭৮');
  });

  it('says dates and clock times as a Bangladeshi ticket does', () => {
    setLanguageForTests('bn', true);
    expect(formatLongDate('2026-11-22')).toBe('রবিবার, ২২ নভেম্বর, ২০২৬');
    // Stored times are shown 6 hours back (SPEC §5): 04:30Z is 10:30 PM.
    const at = (stored: string) => displayDateTime(stored).time;
    expect(at('2025-04-11T04:30:00Z')).toBe('রাত ১০:৩০');
    expect(at('2025-04-11T13:05:00Z')).toBe('সকাল ৭:০৫');
    expect(at('2025-04-11T18:00:00Z')).toBe('দুপুর ১২:০০');
    expect(at('2025-04-11T22:15:00Z')).toBe('বিকেল ৪:১৫');
    expect(at('2025-04-12T00:45:00Z')).toBe('সন্ধ্যা ৬:৪৫');
    expect(at('2025-04-11T06:30:00Z')).toBe('রাত ১২:৩০');
    expect(at('2025-04-11T11:00:00Z')).toBe('ভোর ৫:০০');
    expect(t('timeBand.6pm-3am')).toBe('সন্ধ্যা ৬টা - রাত ৩টা');
  });
});

describe('the language', () => {
  it('follows the browser on a first visit, then the choice', async () => {
    const languages = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['bn-BD', 'en'], configurable: true });
    try {
      expect(initialLanguage()).toBe('bn');
      await chooseLanguage('en');
      expect(initialLanguage()).toBe('en');
      expect(document.documentElement.lang).toBe('en');
      await chooseLanguage('bn');
      expect(language()).toBe('bn');
      expect(document.documentElement.lang).toBe('bn');
      expect(t('header.history')).toBe('আগের টিকিট');
      expect(document.cookie).toContain('lang=bn');
    } finally {
      if (languages) Object.defineProperty(window.navigator, 'languages', languages);
      else delete (window.navigator as { languages?: unknown }).languages;
    }
  });

  it('loads the first page’s texts first, and the rest with the first page that needs them', async () => {
    // A fresh copy of the catalog, as a first visit has it (setup.ts loads every text).
    vi.resetModules();
    const fresh = await import('@/i18n/language');
    const { t: freshT } = await import('@/i18n/messages');
    expect(freshT('search.submit')).toBe('Search');
    expect(freshT('trips.modify')).toBe('trips.modify');
    await fresh.withRestOfCatalog(() => Promise.resolve('a page'));
    expect(freshT('trips.modify')).toBe(messages['trips.modify']);
    // A language shown later brings its own rest along, and the server's codes with it.
    expect(fresh.serverTexts()).toBeNull();
    await fresh.showLanguage('bn');
    expect(freshT('trips.modify')).toBe(bn['trips.modify']);
    expect(fresh.serverTexts()?.['seat.taken']).toBe(serverTexts['seat.taken']);
    await fresh.showLanguage('en');
  });

  it('shows the core’s messages by code in Bangla', () => {
    setLanguageForTests('bn', true);
    expect(messageText({ code: 'phone.length', text: 'Phone number must be 11 digits' })).toBe('মোবাইল নম্বর ১১ সংখ্যার হতে হবে');
    expect(messageText({ code: 'not.known', text: 'Some text' })).toBe('Some text');
  });

  it("shows the server's messages by code in Bangla, with their values", () => {
    const failure = Object.assign(new Error('Seat A1 was just taken'), {
      toast: 'Seat A1 was just taken by another traveller, please choose another',
      body: {
        statusCode: 409,
        message: 'Seat A1 was just taken by another traveller, please choose another',
        code: 'seat.taken',
        details: [{ code: 'seat.taken', text: 'Seat A1 was just taken…', params: [{ name: 'seat', value: 'A1' }] }],
      },
    });
    expect(failureText(failure)).toBe('Seat A1 was just taken by another traveller, please choose another');
    setLanguageForTests('bn', true);
    expect(failureText(failure)).toBe('আসন A1 এইমাত্র অন্য একজন যাত্রী নিয়ে নিয়েছেন, অন্য আসন বেছে নিন');
    // No code (no answer at all): the fallback, in Bangla.
    expect(failureText(Object.assign(new Error('x'), { toast: 'Something went wrong!', body: null }))).toBe('কিছু একটা সমস্যা হয়েছে!');
    // A code the catalog does not know yet: the server's English words.
    const unknown = { body: { details: [{ code: 'new.code', text: 'Something new' }] }, toast: 'Something new' };
    expect(failureText(Object.assign(new Error('x'), unknown))).toBe('Something new');
  });
});

describe('place and operator names', () => {
  const city = { _id: 'ctg', name: 'Chattogram', nameBn: 'চট্টগ্রাম' };
  const trip = { boardingPoints: ['Gabtoli', 'Kalyanpur'], boardingPointsBn: ['গাবতলী'], companyName: 'Hanif', companyNameBn: '' };

  it('are English in English, Bangla in Bangla where the data has it', () => {
    expect(cityName(city)).toBe('Chittagong');
    expect(localNames(trip, 'boardingPoints')).toEqual(['Gabtoli', 'Kalyanpur']);
    setLanguageForTests('bn', true);
    expect(cityName(city)).toBe('চট্টগ্রাম');
    expect(cityName({ name: 'Chattogram' })).toBe('Chittagong');
    expect(localNames(trip, 'boardingPoints')).toEqual(['গাবতলী', 'Kalyanpur']);
    expect(localName(trip, 'companyName')).toBe('Hanif');
    // The point a hold keeps (its English name) as the payment step shows it.
    expect(localNameOf(trip, 'boardingPoints', 'Gabtoli')).toBe('গাবতলী');
    expect(localNameOf(trip, 'boardingPoints', 'Kalyanpur')).toBe('Kalyanpur');
    expect(localNameOf(trip, 'boardingPoints', 'Elsewhere')).toBe('Elsewhere');
  });

  it('match a search typed in either script', () => {
    expect(nameMatches(city, 'name', 'chatto')).toBe(true);
    expect(nameMatches(city, 'name', 'চট্ট')).toBe(true);
    expect(nameMatches(city, 'name', 'ঢাকা')).toBe(false);
  });
});
