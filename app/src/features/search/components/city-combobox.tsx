import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { City } from 'core-wasm';
import { t } from '@/i18n/messages';
import { localName, nameIs, nameMatches } from '@/i18n/names';

interface CityComboboxProps {
  label: string;
  placeholder: string;
  /** The displayed city list (the core's displayCities). */
  cities: readonly City[];
  /** The chosen city, or null. */
  value: City | null;
  /**
   * What was typed into the prerendered page's plain field before the app took over (a part of
   * a name too): shown as typed while no city is chosen.
   */
  typedText?: string;
  onChange: (city: City | null) => void;
  /** A key typed into the field, with the text it makes (the traveller's from then on). */
  onType?: (text: string) => void;
  /** A message to show under the field (after a failed submit). */
  problem: string | null;
  loading: boolean;
  name: string;
}

const MAX_OPTIONS = 8;

/** The value a search sends for a city: its id, else its name. */
export const cityKey = (city: City) => city._id ?? city.name;

/**
 * A type-ahead over the displayed city list (ARIA 1.2 combobox): typing narrows the list,
 * arrows move, Enter or a click chooses, Escape closes. Text that names a city exactly is taken
 * as that city when the field is left.
 */
export function CityCombobox({ label, placeholder, cities, value, typedText, onChange, onType, problem, loading, name }: CityComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const messageId = `${id}-message`;
  const [text, setText] = useState(value ? localName(value, 'name') : (typedText ?? ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  // A value set from outside (swap, a search in the URL) shows its name.
  const [named, setNamed] = useState(value);
  if (named !== value) {
    setNamed(value);
    setText(value ? localName(value, 'name') : '');
  }
  // Text handed over from the plain page (the hand-over, search-form.tsx).
  const [handed, setHanded] = useState(typedText);
  if (handed !== typedText) {
    setHanded(typedText);
    if (!value && typedText !== undefined) setText(typedText);
  }

  // A name typed (or handed over from the plain page) before the city list had arrived, and
  // left: taken as its city once the list is here, as leaving the field would have.
  useEffect(() => {
    const typed = text.trim().toLowerCase();
    if (value || !typed || document.activeElement === input.current) return;
    const exact = cities.find((c) => nameIs(c, 'name', typed));
    if (exact) onChange(exact);
    // Only the list's arrival: typing and choosing have their own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cities]);

  const options = useMemo(() => {
    const query = text.trim().toLowerCase();
    // A place typed in either script is found (names.ts), whatever language is shown.
    const list = query && !(value && nameIs(value, 'name', query)) ? cities.filter((c) => nameMatches(c, 'name', query)) : cities;
    return list.slice(0, MAX_OPTIONS);
  }, [cities, text, value]);

  function choose(city: City) {
    onChange(city);
    setText(localName(city, 'name'));
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open) {
      const city = options[active];
      if (city) {
        event.preventDefault();
        choose(city);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  function onBlur() {
    setOpen(false);
    const typed = text.trim().toLowerCase();
    if (!typed) {
      if (value) onChange(null);
      return;
    }
    if (value && nameIs(value, 'name', typed)) return;
    const exact = cities.find((c) => nameIs(c, 'name', typed));
    onChange(exact ?? null);
    if (exact) setText(localName(exact, 'name'));
  }

  const expanded = open && (options.length > 0 || text.trim() !== '');
  const activeId = expanded && options[active] ? `${id}-opt-${active}` : undefined;
  return (
    <div className="field combobox">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={name}
        className="field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={problem !== null}
        aria-describedby={problem ? messageId : undefined}
        value={text}
        onChange={(event) => {
          onType?.(event.target.value);
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!expanded}>
        {options.map((city, index) => (
          <li
            key={cityKey(city)}
            id={`${id}-opt-${index}`}
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            // mousedown, not click: it comes before the input's blur.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(city);
            }}
          >
            {localName(city, 'name')}
          </li>
        ))}
        {expanded && options.length === 0 && (
          <li className="combobox__empty" role="presentation">
            {loading ? t('search.citiesLoading') : t('search.noCity')}
          </li>
        )}
      </ul>
      {problem && (
        <p id={messageId} className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
