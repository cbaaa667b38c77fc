/**
 * The site's language, Bangla or English, and the Bangla locale's module.
 *
 * English is the catalog in `messages.ts`, part of the first load. Bangla (its catalog, its
 * number, money, date and time formats, its font) is `bn.ts`, a chunk of its own loaded only
 * when Bangla is shown: the English first load carries this switch and nothing of Bangla.
 *
 * The choice is remembered on the device (`lang`); a first visit follows the browser's languages
 * (a Bangla phone gets Bangla). `<html lang>` follows the choice, which also picks the font
 * (`bn.css`) and lets screen readers speak the page in the right language.
 */
import { useSyncExternalStore } from 'react';

export type Language = 'en' | 'bn';

/** What the Bangla module gives the site (`bn.ts`); English is the site's own code. */
export interface Locale {
  /** Texts by message id (the site's and the core's codes). */
  texts: Readonly<Record<string, string>>;
  /** Texts of the server's message codes, with the server's `{name}` values. */
  serverTexts: Readonly<Record<string, string>>;
  number(value: number): string;
  taka(amount: number): string;
  /** A calendar date (`YYYY-MM-DD`) written out in full. */
  longDate(day: string): string;
  /** A clock time as the core shows it (`hh:mm AM`), as the language says it. */
  time(shown: string): string;
  /** ASCII digits of a text (a phone number) in the language's digits. */
  digits(text: string): string;
}

const KEY = 'lang';
let current: Language = 'en';
let bangla: Locale | null = null;
const listeners = new Set<() => void>();

/** The Bangla locale while Bangla is shown, else null (English). */
export function activeLocale(): Locale | null {
  return current === 'bn' ? bangla : null;
}

export function language(): Language {
  return current;
}

/** The remembered choice, else the browser's first language that is Bangla or English. */
export function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(KEY);
    if (stored === 'bn' || stored === 'en') return stored;
  } catch {
    // Storage blocked: the browser's languages decide, every visit.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'bn') return 'bn';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

/**
 * Shows the site in `lang`: loads Bangla's module first when needed (the page stays as it is
 * until it has arrived), then tells the page. A failed load keeps the current language.
 */
export async function showLanguage(lang: Language): Promise<void> {
  if (lang === 'bn' && !bangla) bangla = (await import('@/i18n/bn')).locale;
  current = lang;
  document.documentElement.lang = lang;
  // The server writes the e-ticket PDF and the SMS in the traveller's language: the API calls
  // say it (api-client.ts), and this cookie says it to the site's own origin as well.
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  for (const listener of listeners) listener();
}

/** A text's ASCII digits (a phone number, a countdown) in the digits of the language shown. */
export function shownDigits(text: string): string {
  return activeLocale()?.digits(text) ?? text;
}

/** The traveller's choice: shown at once and remembered on this device. */
export async function chooseLanguage(lang: Language): Promise<void> {
  try {
    window.localStorage.setItem(KEY, lang);
  } catch {
    // Not remembered: shown for this visit only.
  }
  await showLanguage(lang);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language shown; a component using it is drawn again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, language, language);
}

/** Test helper: back to English, with or without the Bangla module loaded. */
export function setLocaleForTests(lang: Language, locale: Locale | null = bangla): void {
  bangla = locale;
  current = lang;
  document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}
