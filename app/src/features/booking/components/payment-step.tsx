import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Service } from 'core-wasm';
import { useBooking, isLaunchBooking, type Booking } from '@/features/booking/api/use-booking';
import { loadBookingTrip, searchAgainUrl } from '@/features/booking/booking-trip';
import { GatewayChoice } from '@/features/booking/components/gateway-choice';
import { HoldExpired, HoldTimer } from '@/features/booking/components/hold-timer';
import { PolicyTerms } from '@/components/plans';
import { Invoice } from '@/features/booking/components/invoice';
import { LaunchSeats } from '@/features/booking/components/launch-seats';
import { NoBooking } from '@/features/booking/components/no-booking';
import { PromoForm } from '@/features/booking/components/promo-form';
import { SurpriseDeal } from '@/features/booking/components/surprise-deal';
import { TripSummary } from '@/features/booking/components/trip-summary';
import { BookingOutcome, successUrl } from '@/features/booking/components/payment-result';
import { changeInHand } from '@/features/change-date/change-in-hand';
import { ChangePanel, ChangeWaiting } from '@/features/change-date/components/change-panel';
import { t } from '@/i18n/messages';
import { track } from '@/lib/analytics';
import { useCountdown } from '@/lib/use-countdown';

/**
 * The payment step of a pending booking (bus `/bus/payment?tnxId=`, launch
 * `/launch/payment/payment-details?tnxId=`): timer, trip, (launch) seats with removal, invoice,
 * promo, surprise deal, gateway and Pay. A booking that no longer waits for payment (the
 * traveller came back to the page, or followed an old link) gets its outcome instead, as the
 * result pages show it: there is nothing left to pay.
 *
 * The timer runs for the seconds the server says the hold has left (it renewed the hold when the
 * booking was made), counted from when its answer arrived: a duration, so a phone whose clock is
 * wrong still counts right. Without that figure, it runs to the tab's own hold.
 */
export function PaymentStep({ service, tnxId }: { service: Service; tnxId: string }) {
  const location = useLocation();
  const handed = (location.state as { booking?: Booking } | null)?.booking;
  const initial = handed?.tnxId === tnxId ? handed : null;
  const trip = useMemo(() => loadBookingTrip(tnxId), [tnxId]);
  const { booking: loaded, dispatch } = useBooking(service, tnxId, initial);
  const booking = loaded.data ?? null;
  // The booking's answer says how long the hold has left when it arrived (its loadedAt); the
  // reducers keep that figure, so later answers (promo, gateway) do not move the end.
  const serverSeconds = booking?.holdSecondsLeft;
  const holdEndsAtMs = loaded.status === 'success' && typeof serverSeconds === 'number' ? loaded.loadedAt + serverSeconds * 1000 : null;
  const secondsLeft = useCountdown(holdEndsAtMs ?? trip?.expiresAtMs ?? null);
  const expired = secondsLeft === 0;
  const tracked = useRef(false);
  const navigate = useNavigate();
  // A booking of the ticket whose date is changing (issue 37): the change's step, then the
  // gateway for the difference only.
  const changing = useMemo(() => (service === 'BUS' ? changeInHand() : null), [service]);
  const [difference, setDifference] = useState<number | null>(null);

  useEffect(() => {
    // Checkout is a pending booking's; an outcome shown instead is no checkout.
    if (!booking || booking.status !== 'pending' || tracked.current) return;
    tracked.current = true;
    track('booking_details', { service, tnx_id: booking.tnxId, value: booking.amount, discount: booking.invoice.discount });
  }, [booking, service]);

  if (loaded.status === 'error') {
    return <NoBooking service={service} message={loaded.message} to={searchAgainUrl(service, trip)} />;
  }
  if (!booking) {
    return (
      <p className="booking-notice" role="status">
        {t('booking.loading')}
      </p>
    );
  }
  if (booking.status !== 'pending') return <BookingOutcome service={service} tnxId={tnxId} status={booking.status} />;
  const seats = isLaunchBooking(booking) ? booking.invoice.seatNo : booking.invoice.seats;
  // A change already confirmed, waiting for its difference: the booking says so itself.
  const waiting = isLaunchBooking(booking) ? undefined : booking.change;
  const change =
    !waiting && changing && !isLaunchBooking(booking) && booking.invoice.companyId === changing.operatorId && seats.length === (changing.seats?.length ?? 0)
      ? { changing, booking }
      : null;
  return (
    <div className="booking">
      {secondsLeft !== null && (expired ? <HoldExpired service={service} hold={trip} /> : <HoldTimer secondsLeft={secondsLeft} />)}
      {trip && <TripSummary hold={trip} seats={seats} />}
      {isLaunchBooking(booking) && <LaunchSeats booking={booking} dispatch={dispatch} disabled={expired} />}
      {!change && !waiting && <Invoice booking={booking} />}
      <PolicyTerms policy={booking.policy} />
      {waiting ? (
        <>
          <ChangeWaiting change={waiting} amount={booking.amount} />
          <GatewayChoice service={service} booking={booking} dispatch={dispatch} disabled={expired} amount={waiting.pay} />
        </>
      ) : change && difference === null ? (
        <ChangePanel
          booking={change.booking}
          changing={change.changing}
          onChanged={() => void navigate(successUrl(service, tnxId))}
          onDifference={setDifference}
        />
      ) : (
        <>
          {!change && <PromoForm service={service} booking={booking} dispatch={dispatch} disabled={expired} />}
          {!change && <SurpriseDeal service={service} booking={booking} dispatch={dispatch} disabled={expired} />}
          <GatewayChoice service={service} booking={booking} dispatch={dispatch} disabled={expired} amount={difference ?? undefined} />
        </>
      )}
    </div>
  );
}
