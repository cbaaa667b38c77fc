import { t, type MessageId } from '@/i18n/messages';

export type LegendKey = 'available' | 'selected' | 'booked' | 'locked' | 'blocked' | 'ladies';

/** What the seat colours mean; only the kinds this plan has (plus available and selected). */
export function SeatLegend({ keys }: { keys: readonly LegendKey[] }) {
  return (
    <ul className="seat-legend" aria-label={t('seatPlan.legend')}>
      {keys.map((key) => (
        <li key={key} className="seat-legend__item">
          <span className={`seat-legend__swatch seat--${key === 'selected' ? 'available seat--selected' : key === 'ladies' ? 'available seat--ladies' : key}`} aria-hidden="true" />
          {t(`seatPlan.legend.${key}` as MessageId)}
        </li>
      ))}
    </ul>
  );
}
