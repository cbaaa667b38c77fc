import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSendPassengerDetails, type Passenger } from '@/features/booking/api/passenger-details';
import { saveBookingTrip } from '@/features/booking/booking-trip';
import { HoldExpired, HoldTimer } from '@/features/booking/components/hold-timer';
import { PassengerForm } from '@/features/booking/components/passenger-form';
import { TripSummary } from '@/features/booking/components/trip-summary';
import { clearHold, type Hold } from '@/features/booking/hold';
import { paymentStepUrl } from '@/features/booking/payment-steps';
import { track } from '@/lib/analytics';
import { useCountdown } from '@/lib/use-countdown';

/**
 * The first booking step: the held seats with their timer, and the passenger details. Sent,
 * the server turns the hold into a pending booking (payment-pending, SPEC §4); the tab keeps
 * the trip under the booking's tnxId and goes to the payment step.
 */
export function PassengerStep({ hold }: { hold: Hold }) {
  const navigate = useNavigate();
  const sending = useSendPassengerDetails();
  const secondsLeft = useCountdown(hold.expiresAtMs) ?? 0;
  const expired = secondsLeft === 0;
  const { service } = hold;

  // Once per hold (the page reads the hold afresh on every render of its parent).
  const tracked = useRef<number | null>(null);
  useEffect(() => {
    if (tracked.current === hold.expiresAtMs) return;
    tracked.current = hold.expiresAtMs;
    track('checkout', { service, trip_id: hold.trip._id, seats: hold.seats.length, operator: hold.trip.companyName });
  }, [service, hold]);

  async function submit(passenger: Passenger) {
    const outcome = await sending.run(hold, passenger);
    if (!outcome.ok) return;
    const booking = outcome.data;
    saveBookingTrip(hold, booking.tnxId);
    clearHold(service);
    track('passenger_details', { service, trip_id: hold.trip._id, tnx_id: booking.tnxId, seats: hold.seats.length, gender: passenger.gender });
    navigate(paymentStepUrl(service, booking.tnxId), { replace: true, state: { booking } });
  }

  return (
    <div className="booking">
      {expired ? <HoldExpired service={service} hold={hold} /> : <HoldTimer secondsLeft={secondsLeft} />}
      <TripSummary hold={hold} />
      {!expired && <PassengerForm onSubmit={submit} hasLadiesSeat={(hold.ladiesSeats?.length ?? 0) > 0} />}
    </div>
  );
}
