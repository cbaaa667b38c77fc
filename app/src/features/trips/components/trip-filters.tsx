import { useId, type ReactNode } from 'react';
import { timeBands, type CoachTypeFilter, type Filters, type PriceSort, type Service, type TimeBand } from 'core-wasm';
import { messageText, t } from '@/i18n/messages';

/** A time band's label: the catalog's by the band's id, else the core's English label. */
export function bandLabel(band: { id: TimeBand; label: string }): string {
  return messageText({ code: `timeBand.${band.id}`, text: band.label });
}

export interface FilterOptions {
  boardingPoints: readonly string[];
  /** The points as shown (Bangla where the data has it), in the same order. */
  boardingPointNames?: readonly string[];
  /** Operators: id and name. */
  operators: readonly { id: string; name: string }[];
  busClasses: readonly string[];
  busClassNames?: readonly string[];
}

interface TripFiltersProps {
  service: Service;
  options: FilterOptions;
  value: Filters;
  onChange: (filters: Filters) => void;
  /** An operator's own site shows only its trips: no operator filter. */
  showOperators: boolean;
}

const COACH_TYPES: readonly CoachTypeFilter[] = ['all', 'ac', 'non-ac'];

function toggle<T>(list: readonly T[] | undefined, item: T): T[] {
  const current = list ?? [];
  return current.includes(item) ? current.filter((x) => x !== item) : [...current, item];
}

/** How many filters are set (for the button's label). */
export function activeFilterCount(filters: Filters): number {
  return (
    (filters.coachType && filters.coachType !== 'all' ? 1 : 0) +
    (filters.boardingPoint?.length ?? 0) +
    (filters.busCompany?.length ?? 0) +
    (filters.selectedBusClass?.length ?? 0) +
    (filters.selectedTime?.length ?? 0)
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="filters__group">
      <legend className="filters__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Check({ label, checked, onChange, type = 'checkbox', name }: { label: string; checked: boolean; onChange: () => void; type?: 'checkbox' | 'radio'; name?: string }) {
  return (
    <label className="check">
      <input type={type} name={name} checked={checked} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}

/**
 * The trip filters (SPEC §3 "Filters"): coach type (bus), boarding point, operator, bus class
 * (bus) and departure-time bands (the core's bands and labels). The core applies them.
 */
export function TripFilters({ service, options, value, onChange, showOperators }: TripFiltersProps) {
  const name = useId();
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    <div className="filters" data-testid="filters">
      {service === 'BUS' && (
        <Group legend={t('filters.coachType')}>
          {COACH_TYPES.map((type) => (
            <Check
              key={type}
              type="radio"
              name={`${name}-coach`}
              label={t(`search.coachType.${type}`)}
              checked={(value.coachType ?? 'all') === type}
              onChange={() => set({ coachType: type })}
            />
          ))}
        </Group>
      )}
      {options.boardingPoints.length > 0 && (
        <Group legend={t('filters.boardingPoint')}>
          {options.boardingPoints.map((point, i) => (
            <Check
              key={point}
              label={options.boardingPointNames?.[i] ?? point}
              checked={value.boardingPoint?.includes(point) ?? false}
              onChange={() => set({ boardingPoint: toggle(value.boardingPoint, point) })}
            />
          ))}
        </Group>
      )}
      {showOperators && options.operators.length > 0 && (
        <Group legend={t('filters.operator')}>
          {options.operators.map((operator) => (
            <Check
              key={operator.id}
              label={operator.name}
              checked={value.busCompany?.includes(operator.id) ?? false}
              onChange={() => set({ busCompany: toggle(value.busCompany, operator.id) })}
            />
          ))}
        </Group>
      )}
      {service === 'BUS' && options.busClasses.length > 0 && (
        <Group legend={t('filters.busClass')}>
          {options.busClasses.map((busClass, i) => (
            <Check
              key={busClass}
              label={options.busClassNames?.[i] ?? busClass}
              checked={value.selectedBusClass?.includes(busClass) ?? false}
              onChange={() => set({ selectedBusClass: toggle(value.selectedBusClass, busClass) })}
            />
          ))}
        </Group>
      )}
      <Group legend={t('filters.time')}>
        {timeBands().map((band) => (
          <Check
            key={band.id}
            label={bandLabel(band)}
            checked={value.selectedTime?.includes(band.id) ?? false}
            onChange={() => set({ selectedTime: toggle<TimeBand>(value.selectedTime, band.id) })}
          />
        ))}
      </Group>
    </div>
  );
}

/** The price sort (SPEC §3 priceFilterType): none keeps the departure order. */
export function SortSelect({ value, onChange }: { value: PriceSort | undefined; onChange: (sort: PriceSort | undefined) => void }) {
  const id = useId();
  return (
    <div className="sort">
      <label className="sort__label" htmlFor={id}>
        {t('sort.label')}
      </label>
      <select
        id={id}
        className="field__input sort__select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === 'l2h' || event.target.value === 'h2l' ? event.target.value : undefined)}
      >
        <option value="">{t('sort.none')}</option>
        <option value="l2h">{t('sort.l2h')}</option>
        <option value="h2l">{t('sort.h2l')}</option>
      </select>
    </div>
  );
}
