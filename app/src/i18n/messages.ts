/**
 * The site's message catalog: every string a traveller reads, keyed by a stable id.
 *
 * Two kinds of entries live there:
 * - the core's message codes (`phone.length`, ...): the core's validators return `{ code, text }`
 *   and the site shows `code` from the catalog, so another language (Bangla) is another
 *   catalog, not a rule change. A code the catalog does not know yet falls back to the core's
 *   English text, so a new rule is never shown as a bare code (a test lists the core's codes);
 * - the site's own texts (`header.history`, ...), read with `t(id)`.
 *
 * The texts are in two parts per language, the first page's and the rest, loaded as
 * i18n/language.ts says: `en/first.ts` and `en/rest.ts` for English, `bn/` for Bangla.
 */

import { localNumber, type Message } from 'core-wasm';
import type { first } from '@/i18n/en/first';
import type { rest } from '@/i18n/en/rest';
import { englishTexts, formatLanguage, shownTexts } from '@/i18n/language';

/** A message as the core returns it. */
export type CoreMessage = Message;

/** The id of a catalog entry. */
export type MessageId = keyof typeof first | keyof typeof rest;

/** Values for a text's `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The text for `id`, its `{name}` placeholders filled from `params`. With `count` 1, an entry
 * `{id}.one` is used when the catalog has one ('1 trip found').
 */
export function t(id: MessageId, params?: MessageParams): string {
  // The language shown (language.ts); a text not loaded yet is English's, else its id (the
  // build keeps the first page's texts in the first part: build/catalog-split.ts).
  const texts = shownTexts();
  const one = params?.count === 1 ? texts[`${id}.one`] : undefined;
  const text: string = one ?? texts[id] ?? englishTexts()[id] ?? id;
  return params ? fill(text, params) : text;
}

/** `{name}` placeholders filled from `params` (numbers as the language writes them); a name
 * without a value stays as it is. */
export function fill(text: string, params: MessageParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'number' ? formatNumber(value) : value;
  });
}

/** A number as the language shown writes it (the core's `localNumber`): 1,199.5; ১২,৩৪,৫৬৭. */
export function formatNumber(value: number): string {
  return localNumber(formatLanguage(), value);
}

/** The text to show for a core message: the catalog's, else the core's own English text. */
export function messageText(message: CoreMessage): string {
  const texts = shownTexts();
  return Object.hasOwn(texts, message.code) ? (texts[message.code] ?? message.text) : message.text;
}
