/**
 * The texts as the prerendered pages write them (build/prerender.ts), in both languages: each
 * language's whole catalog (first part and rest), by message id. Imported through Vite's module
 * runner, which knows the app's `@/` alias. The prerendered pages use plain texts only (no
 * placeholders, no numbers), so a lookup is all they need.
 */
import { first as banglaFirst } from '@/i18n/bn/first';
import { rest as banglaRest } from '@/i18n/bn/rest';
import { first as englishFirst } from '@/i18n/en/first';
import { rest as englishRest } from '@/i18n/en/rest';
import type { MessageId } from '@/i18n/messages';

export type Language = 'en' | 'bn';

const catalogs: Record<Language, Readonly<Record<string, string>>> = {
  en: { ...englishFirst, ...englishRest },
  bn: { ...banglaFirst, ...banglaRest },
};

/** `id` in `lang`; a missing text fails the build rather than printing an id. */
export function text(lang: Language, id: MessageId): string {
  const found = catalogs[lang][id];
  if (found === undefined) throw new Error(`prerender: no ${lang} text for ${id}`);
  return found;
}
