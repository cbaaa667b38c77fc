import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { displayCities, todayInDhaka, type City, type CoachTypeFilter, type Service } from 'core-wasm';
import { useNavigate } from 'react-router';
import { useCities } from '@/api/content';
import { servicePath } from '@/lib/site-context';
import { useNeedsNetwork } from '@/components/needs-network';
import { CityCombobox, cityKey } from '@/features/search/components/city-combobox';
import { t } from '@/i18n/messages';
import { nameIs } from '@/i18n/names';
import { handOver, plainForm, restoreFocus, type PlainFocus } from '@/lib/prerendered-form';

/** A trip search as it travels in the URL of the results page. */
export interface TripSearch {
  from: string;
  to: string;
  journeyDate: string;
  coachType: CoachTypeFilter;
}

const COACH_TYPES: readonly CoachTypeFilter[] = ['all', 'ac', 'non-ac'];

/** The results page's URL for a search (shareable and reloadable). */
export function tripSearchUrl(service: Service, search: TripSearch): string {
  const params = new URLSearchParams({ from: search.from, to: search.to, journeyDate: search.journeyDate });
  if (service === 'BUS') params.set('coachType', search.coachType);
  return `/${servicePath(service)}/trip?${params}`;
}

/** The search in a results page's URL; missing parts are empty. */
export function readTripSearch(params: URLSearchParams): TripSearch {
  const coach = params.get('coachType');
  return {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    journeyDate: params.get('journeyDate') ?? '',
    coachType: COACH_TYPES.find((c) => c === coach) ?? 'all',
  };
}

/** The city a search value names: by id, or by stored or shown name. */
function findCity(cities: readonly City[], shown: readonly City[], key: string): City | null {
  if (!key) return null;
  const lower = key.toLowerCase();
  const index = cities.findIndex((c) => c._id === key || c.name.toLowerCase() === lower);
  if (index >= 0) return shown.find((c) => cityKey(c) === cityKey(cities[index] as City)) ?? null;
  return shown.find((c) => c.name.toLowerCase() === lower) ?? null;
}

interface SearchFormProps {
  service: Service;
  initial?: TripSearch;
  /** Called after navigating to the results (the results page closes its modify panel). */
  onSearched?: () => void;
  headingLevel?: 'h2' | 'h3';
}

/**
 * The trip search (SPEC §1, §2): from and to with a type-ahead over the displayed city list
 * (the core's display rules: Chattogram shows as Chittagong), a swap button, the journey date
 * (today in Dhaka is the earliest, the core's date), and the coach type for bus.
 */
export function SearchForm({ service, initial: given, onSearched, headingLevel: Heading = 'h2' }: SearchFormProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const today = todayInDhaka();
  // On a prerendered home page: its plain form, taken over as the app's form replaces it.
  const [plain] = useState(() => (given ? null : plainForm(service)));
  // What was typed into the plain city fields, shown as typed (a part of a name too).
  const [typed, setTyped] = useState<{ from: string; to: string } | null>(null);
  const [handedFocus, setHandedFocus] = useState<PlainFocus | null>(null);
  // What each city field shows (typed, or handed over), for a Search tapped before the list came.
  const texts = useRef({ from: '', to: '' });
  const [plainSearch, setPlainSearch] = useState(false);
  const initial = given ?? (typed ? { from: typed.from, to: typed.to, journeyDate: '', coachType: 'all' as const } : undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const [journeyDate, setJourneyDate] = useState(initial?.journeyDate || today);
  const [coachType, setCoachType] = useState<CoachTypeFilter>(initial?.coachType ?? 'all');

  // The hand-over (lib/prerendered-form.ts): the plain nodes were replaced by this commit; what
  // they held is read before anything is painted or typed, and the app's fields take it.
  useLayoutEffect(() => {
    if (!plain) return;
    const last = handOver(plain);
    const coach = COACH_TYPES.find((c) => c === last.values.coachType);
    // Syncs from outside React (the plain form), once.
    /* eslint-disable react-hooks/set-state-in-effect */
    setTyped({ from: last.values.from ?? '', to: last.values.to ?? '' });
    texts.current = { from: last.values.from ?? '', to: last.values.to ?? '' };
    if (last.values.journeyDate) setJourneyDate(last.values.journeyDate);
    if (coach) setCoachType(coach);
    setHandedFocus(last.focus);
    setPlainSearch(last.submitted);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [plain]);
  // Once the fields hold the handed-over values: the focus and the caret where they were.
  useLayoutEffect(() => restoreFocus(formRef.current, handedFocus), [handedFocus]);
  // The city list is fetched when the traveller turns to the form, or once the page is idle,
  // so it does not compete with the first render; a search in the URL needs it at once.
  const [wanted, setWanted] = useState(Boolean(initial?.from || initial?.to));
  // (Not for a Search held from the plain form: it opens the results at once, needing no list.)
  if (!wanted && !plainSearch && (typed?.from || typed?.to)) setWanted(true);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(want, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(want, 1000);
    return () => clearTimeout(timer);
  }, [wanted]);
  const cities = useCities(service, wanted);
  const stored = useMemo(() => cities.data?.cities ?? [], [cities.data]);
  const shown = useMemo(() => displayCities(stored), [stored]);

  const [from, setFrom] = useState<City | null>(null);
  const [to, setTo] = useState<City | null>(null);
  const [touchedFrom, setTouchedFrom] = useState(false);
  const [touchedTo, setTouchedTo] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const network = useNeedsNetwork();

  // The search in the URL names cities by id or name; once the list is here they are chosen.
  const fromCity = touchedFrom ? from : (from ?? findCity(stored, shown, initial?.from ?? ''));
  const toCity = touchedTo ? to : (to ?? findCity(stored, shown, initial?.to ?? ''));

  function problem(city: City | null): string | null {
    return submitted && !city ? t('field.required') : null;
  }

  // A Search pressed on the plain form before the app came (build/plain-form.js held it): the
  // search it asked for, as its own submit would have opened it (the API takes city names), at
  // once rather than after the city list: the results page needs nothing more.
  const searchedPlain = useRef(false);
  useEffect(() => {
    if (!plainSearch || !typed || searchedPlain.current) return;
    searchedPlain.current = true;
    const from = typed.from.trim();
    const to = typed.to.trim();
    if (!from || !to || network.offline) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setSubmitted(true);
      return;
    }
    navigate(tripSearchUrl(service, { from, to, journeyDate: journeyDate || today, coachType }));
    onSearched?.();
  }, [plainSearch, typed, network.offline, navigate, service, journeyDate, today, coachType, onSearched]);

  const [searchWhenListed, setSearchWhenListed] = useState(false);
  const loading = !wanted || cities.status === 'loading';

  /** The search as the fields stand, a name typed before the list came taken as its city. */
  function search() {
    setSubmitted(true);
    const named = (field: 'from' | 'to') => {
      const text = texts.current[field].trim().toLowerCase();
      return text ? (shown.find((c) => nameIs(c, 'name', text)) ?? null) : null;
    };
    const fromChosen = fromCity ?? named('from');
    const toChosen = toCity ?? named('to');
    if (!fromChosen || !toChosen || !journeyDate || network.offline) return;
    navigate(tripSearchUrl(service, { from: cityKey(fromChosen), to: cityKey(toChosen), journeyDate, coachType }));
    onSearched?.();
  }

  // A Search tapped while the city list was still on its way (a slow phone just after the app
  // came, issue 40): it runs once the list is here, instead of calling the typed names empty.
  useEffect(() => {
    if (!searchWhenListed || loading) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSearchWhenListed(false);
    search();
    // Runs when the list arrives; search() reads the fields as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchWhenListed, loading]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const waiting = (city: City | null, field: 'from' | 'to') => !city && texts.current[field].trim() !== '';
    if (loading && (waiting(fromCity, 'from') || waiting(toCity, 'to'))) {
      setSearchWhenListed(true);
      return;
    }
    search();
  }

  function swap() {
    setTouchedFrom(true);
    setTouchedTo(true);
    setFrom(toCity);
    setTo(fromCity);
  }

  return (
    <form ref={formRef} className="search card" aria-labelledby={headingId} noValidate onSubmit={submit} role="search" onFocus={() => setWanted(true)}>
      <Heading id={headingId} className="card__title">
        {t('search.title')}
      </Heading>
      <div className="search__places">
        <CityCombobox
          name="from"
          label={t('search.from')}
          placeholder={t('search.fromPlaceholder')}
          cities={shown}
          value={fromCity}
          typedText={typed?.from}
          loading={loading}
          problem={problem(fromCity)}
          onType={(text) => {
            texts.current.from = text;
            // From the first key the field is the traveller's: a city found later for what was
            // handed over, or for the URL's search, no longer replaces what they type.
            if (touchedFrom) return;
            setTouchedFrom(true);
            setFrom(fromCity);
          }}
          onChange={(city) => {
            setTouchedFrom(true);
            setFrom(city);
          }}
        />
        <button type="button" className="icon-button search__swap" onClick={swap} aria-label={t('search.swap')}>
          <span aria-hidden="true">⇅</span>
        </button>
        <CityCombobox
          name="to"
          label={t('search.to')}
          placeholder={t('search.toPlaceholder')}
          cities={shown}
          value={toCity}
          typedText={typed?.to}
          loading={loading}
          problem={problem(toCity)}
          onType={(text) => {
            texts.current.to = text;
            if (touchedTo) return;
            setTouchedTo(true);
            setTo(toCity);
          }}
          onChange={(city) => {
            setTouchedTo(true);
            setTo(city);
          }}
        />
      </div>
      <div className="search__row">
        <div className="field">
          <label className="field__label" htmlFor={`${headingId}-date`}>
            {t('search.date')}
          </label>
          <input
            id={`${headingId}-date`}
            name="journeyDate"
            className="field__input"
            type="date"
            min={today}
            required
            value={journeyDate}
            onChange={(event) => setJourneyDate(event.target.value)}
          />
        </div>
        {service === 'BUS' && (
          <div className="field">
            <label className="field__label" htmlFor={`${headingId}-coach`}>
              {t('search.coachType')}
            </label>
            <select
              id={`${headingId}-coach`}
              name="coachType"
              className="field__input"
              value={coachType}
              onChange={(event) => setCoachType(event.target.value as CoachTypeFilter)}
            >
              {COACH_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`search.coachType.${type}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <button type="submit" className="button button--block" disabled={network.offline} aria-describedby={network.describedBy()}>
        {t('search.submit')}
      </button>
      {network.reason}
    </form>
  );
}
