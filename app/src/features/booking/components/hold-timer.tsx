import type { Service } from 'core-wasm';
import { Link } from 'react-router';
import type { Hold } from '@/features/booking/hold';
import { searchAgainUrl } from '@/features/booking/booking-trip';
import { t } from '@/i18n/messages';
import { clock } from '@/lib/use-countdown';

/**
 * The hold's time left, always in view at the top of the booking steps. Screen readers get it
 * as a timer (not read out every second).
 */
export function HoldTimer({ secondsLeft }: { secondsLeft: number }) {
  return (
    <p className={`hold-timer${secondsLeft < 60 ? ' hold-timer--low' : ''}`} role="timer" aria-live="off" data-testid="hold-timer">
      {t('booking.hold.left', { time: clock(secondsLeft) })}
    </p>
  );
}

/** The hold ended: said plainly, with the way back to the trip results to pick seats again. */
export function HoldExpired({ service, hold }: { service: Service; hold: Hold | null }) {
  return (
    <div className="booking-notice booking-notice--error" role="alert">
      <p>{t('booking.hold.expired')}</p>
      <Link className="button" to={searchAgainUrl(service, hold)}>
        {t('booking.hold.pickAgain')}
      </Link>
    </div>
  );
}
