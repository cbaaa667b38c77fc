/**
 * The site's language, Bangla or English, and its texts.
 *
 * Each language's texts are two parts: the first page's (`en/first.ts`, `bn/first.ts`) and the
 * rest (`en/rest.ts`, `bn/rest.ts`). English's first part is in the first load; Bangla (its first
 * part and its font: `bn/index.ts`) is a chunk loaded
 * only when Bangla is shown, so the English first load carries nothing of Bangla. The rest of
 * the language shown is loaded with the first page or popup that needs it (`loadRestOfCatalog`,
 * app/routes.tsx and the lazy parts of the shell), never on the first load; the build checks
 * that the first load uses no text outside the first parts (build/catalog-split.ts).
 *
 * The choice is remembered on the device (`lang`); a first visit follows the browser's languages
 * (a Bangla phone gets Bangla). `<html lang>` follows the choice, which also picks the font
 * (`bn/bn.css`) and lets screen readers speak the page in the right language.
 */
import { useSyncExternalStore } from 'react';
import { localDigits } from 'core-wasm';
import { first as englishFirst } from '@/i18n/en/first';

export type Language = 'en' | 'bn';


type Texts = Record<string, string>;

const KEY = 'lang';
let current: Language = 'en';
/** Whether Bangla's module (its first texts, its font) has arrived. */
let banglaLoaded = false;
const listeners = new Set<() => void>();
/** Each language's texts loaded so far, by message id: the first part, then the rest. */
const texts: Record<Language, Texts> = { en: { ...englishFirst }, bn: {} };
/** The server's message codes in Bangla (English is the server's own text): with Bangla's rest. */
let banglaServerTexts: Readonly<Texts> = {};
/** Whether a page past the first has asked for the rest: a language shown later loads it too. */
let restWanted = false;
/** The language being shown or about to be (a switch waits for its module). */
let wanted: Language = 'en';
const restLoads: Partial<Record<Language, Promise<void>>> = {};

/** Whether the page is in Bangla (shown, its module loaded). */
export function banglaShown(): boolean {
  return current === 'bn' && banglaLoaded;
}

/**
 * The language numbers, money, dates and clock times are written in: the core writes them
 * (`formatTaka`, `localNumber`, `localLongDate`, `displayDateTime`), as on the e-ticket and the SMS.
 */
export function formatLanguage(): Language {
  return banglaShown() ? 'bn' : 'en';
}

export function language(): Language {
  return current;
}

/** The texts of the language shown, by message id (as far as they are loaded). */
export function shownTexts(): Readonly<Texts> {
  return banglaShown() ? texts.bn : texts.en;
}

/** English's texts, the fallback of a Bangla text not loaded (as far as they are loaded). */
export function englishTexts(): Readonly<Texts> {
  return texts.en;
}

/** The Bangla of the server's message codes while Bangla is shown (and its rest is loaded). */
export function serverTexts(): Readonly<Texts> | null {
  return banglaShown() ? banglaServerTexts : null;
}

function loadRest(lang: Language): Promise<void> {
  const load = (restLoads[lang] ??= (
    lang === 'bn'
      ? import('@/i18n/bn/rest').then((part) => {
          Object.assign(texts.bn, part.rest);
          banglaServerTexts = part.serverTexts;
        })
      : import('@/i18n/en/rest').then((part) => void Object.assign(texts.en, part.rest))
  ).catch((error: unknown) => {
    // Asked again by the next page: a failed load is not remembered.
    delete restLoads[lang];
    throw error;
  }));
  return load;
}

/**
 * Loads every text past the first page's, in the language shown (and in any language shown
 * later): awaited with a page's or a popup's own code, so its texts are there when it draws.
 */
export async function loadRestOfCatalog(): Promise<void> {
  restWanted = true;
  await Promise.all([loadRest(current), wanted === current ? null : loadRest(wanted)]);
}

/** `load` (a page's or a popup's code), once the rest of the texts has arrived too. */
export async function withRestOfCatalog<T>(load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), loadRestOfCatalog()]);
  return loaded;
}

/**
 * The remembered choice (on the device, else the `lang` cookie the server also reads: the
 * prerendered page it sent was in that language, issue 40), else the browser's first language
 * that is Bangla or English.
 */
export function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(KEY);
    if (stored === 'bn' || stored === 'en') return stored;
  } catch {
    // Storage blocked: the cookie or the browser's languages decide, every visit.
  }
  const cookie = /(?:^|;)\s*lang=(bn|en)(?:;|$)/.exec(document.cookie)?.[1];
  if (cookie === 'bn' || cookie === 'en') return cookie;
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
  wanted = lang;
  const loads: Promise<void>[] = [];
  if (lang === 'bn' && !banglaLoaded) {
    loads.push(
      import('@/i18n/bn').then((module) => {
        Object.assign(texts.bn, module.first);
        banglaLoaded = true;
      }),
    );
  }
  if (restWanted) loads.push(loadRest(lang));
  await Promise.all(loads);
  current = lang;
  document.documentElement.lang = lang;
  // The server writes the e-ticket PDF and the SMS in the traveller's language: the API calls
  // say it (api-client.ts), and this cookie says it to the site's own origin as well.
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  for (const listener of listeners) listener();
}

/** A text's ASCII digits (a phone number, a countdown) in the digits of the language shown. */
export function shownDigits(text: string): string {
  return localDigits(formatLanguage(), text);
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

/**
 * Test helper: every text of both languages, loaded once before the tests (test/setup.ts), as
 * if every page had been visited.
 */
export async function loadEverythingForTests(): Promise<void> {
  const [bn, banglaRest, englishRest] = await Promise.all([import('@/i18n/bn'), import('@/i18n/bn/rest'), import('@/i18n/en/rest')]);
  Object.assign(texts.bn, bn.first, banglaRest.rest);
  Object.assign(texts.en, englishRest.rest);
  banglaServerTexts = banglaRest.serverTexts;
}

/** Test helper: a language shown, with or without the Bangla module loaded. */
export function setLanguageForTests(lang: Language, loaded: boolean = banglaLoaded): void {
  banglaLoaded = loaded;
  current = lang;
  document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}
