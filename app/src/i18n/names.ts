/**
 * Place and operator names in the language shown. The API's data is English; where it also has
 * a name in Bangla, that name is the field's `Bn` sibling: `name` / `nameBn` on cities, boarding
 * and dropping points, companies and ships, `title` / `titleBn` on operators, `companyName` /
 * `companyNameBn`, `from` / `fromBn` on a ticket, and for a list (`boardingPoints`) a list in the
 * same order (`boardingPointsBn`). The English name stays the value the site sends and filters by;
 * only what is shown changes. A name without Bangla is shown in English.
 */
import { displayCities, type City } from 'core-wasm';
import { banglaShown } from '@/i18n/language';

type Loose = Readonly<Record<string, unknown>>;

/** `item[field]` in the language shown: its Bangla sibling while Bangla is shown, when it has one. */
export function localName<T extends object>(item: T, field: keyof T & string): string {
  const english = (item as Loose)[field];
  const shown = typeof english === 'string' ? english : '';
  if (!banglaShown()) return shown;
  const bangla = (item as Loose)[`${field}Bn`];
  return typeof bangla === 'string' && bangla.trim() !== '' ? bangla : shown;
}

/** A list of names (`boardingPoints`) in the language shown, item by item. */
export function localNames<T extends object>(item: T, field: keyof T & string): string[] {
  const english = (item as Loose)[field];
  const list = Array.isArray(english) ? (english as unknown[]).map((name) => (typeof name === 'string' ? name : '')) : [];
  if (!banglaShown()) return list;
  const bangla = (item as Loose)[`${field}Bn`];
  return list.map((name, i) => {
    const other: unknown = Array.isArray(bangla) ? (bangla as unknown[])[i] : undefined;
    return typeof other === 'string' && other.trim() !== '' ? other : name;
  });
}

/**
 * One name of a list (`boardingPoints`) in the language shown: `english`, the value the site
 * keeps and sends, as its Bangla sibling at the same place in the list, when there is one.
 */
export function localNameOf<T extends object>(item: T, field: keyof T & string, english: string): string {
  const list = (item as Loose)[field];
  const at = Array.isArray(list) ? list.indexOf(english) : -1;
  return at < 0 ? english : (localNames(item, field)[at] ?? english);
}

/**
 * Whether `item[field]` or its Bangla sibling contains `query` (lower-cased, trimmed): a search
 * finds a place typed in either script, whatever language is shown.
 */
export function nameMatches<T extends object>(item: T, field: keyof T & string, query: string): boolean {
  const names = [(item as Loose)[field], (item as Loose)[`${field}Bn`]];
  return names.some((name) => typeof name === 'string' && name.toLowerCase().includes(query));
}

/** Whether `typed` is exactly `item[field]` or its Bangla sibling (lower-cased, trimmed). */
export function nameIs<T extends object>(item: T, field: keyof T & string, typed: string): boolean {
  const names = [(item as Loose)[field], (item as Loose)[`${field}Bn`]];
  return names.some((name) => typeof name === 'string' && name.trim().toLowerCase() === typed);
}

/**
 * A city as shown: its Bangla name while Bangla is shown (when it has one), else the core's
 * display rules (SPEC §5: Chattogram shows as Chittagong).
 */
export function cityName(city: City): string {
  const shown = localName(city, 'name');
  if (shown !== city.name) return shown;
  return displayCities([city])[0]?.name ?? city.name;
}
