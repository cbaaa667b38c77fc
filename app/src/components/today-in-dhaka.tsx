import { todayInDhaka } from 'core-wasm';

// The calendar date is the core's (Dhaka is UTC+6, whatever the device's clock zone); this
// only spells it out. Formatting in UTC keeps the date from shifting by the device's zone.
const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Today's date in Dhaka, e.g. "Friday 21 November 2025". */
export function TodayInDhaka() {
  const today = todayInDhaka();
  return (
    <p className="today">
      Today in Dhaka:{' '}
      <time dateTime={today} data-testid="today">
        {longDate.format(new Date(`${today}T00:00:00Z`))}
      </time>
    </p>
  );
}
