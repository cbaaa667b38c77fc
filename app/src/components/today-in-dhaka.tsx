import { todayInDhaka } from 'core-wasm';
import { t } from '@/i18n/messages';
import { formatLongDate } from '@/lib/dates';

/** Today's date in Dhaka, e.g. "Friday 21 November 2025". */
export function TodayInDhaka() {
  const today = todayInDhaka();
  return (
    <p className="today">
      {t('site.today')}{' '}
      <time dateTime={today} data-testid="today">
        {formatLongDate(today)}
      </time>
    </p>
  );
}
