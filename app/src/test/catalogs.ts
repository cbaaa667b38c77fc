/** Both languages' whole catalogs, as the tests compare them (the site loads them in parts). */
import { first as banglaFirst } from '@/i18n/bn/first';
import { rest as banglaRest } from '@/i18n/bn/rest';
import { first as englishFirst } from '@/i18n/en/first';
import { rest as englishRest } from '@/i18n/en/rest';

type Texts = Readonly<Record<string, string>>;

export const english: Texts = { ...englishFirst, ...englishRest };
export const bangla: Texts = { ...banglaFirst, ...banglaRest };
export { serverTexts } from '@/i18n/bn/rest';
export const firstParts = { english: englishFirst as Texts, bangla: banglaFirst as Texts };
export const restParts = { english: englishRest as Texts, bangla: banglaRest as Texts };
