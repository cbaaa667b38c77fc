import {
  busBookingReducer,
  launchBookingReducer,
  type BusBooking,
  type BusBookingEvent,
  type LaunchBooking,
  type LaunchBookingEvent,
} from 'core-wasm/booking';
import type { Service } from 'core-wasm';
import { useApi } from '@/api/api-client';
import { useResource } from '@/api/use-resource';
import { bookingInfo } from '@/features/booking/api/passenger-details';

export type Booking = BusBooking | LaunchBooking;

/** A launch booking carries its service charge and gateway commission (SPEC §3). */
export const isLaunchBooking = (booking: Booking): booking is LaunchBooking => 'serviceCharge' in booking;

export type BookingAction = BusBookingEvent | LaunchBookingEvent;

/** A booking as a resource (`get-booking-info-by-txn-id`): the payment step and the result pages read it. */
export const bookingKey = (service: Service, tnxId: string) => `booking:${service}:${tnxId}`;

/**
 * A change the server answered (SPEC §4: promo applied or removed, gateway updated, launch seat
 * removed), applied by the core's reducers, so the page never works out an amount itself.
 */
function reduce(booking: Booking, action: BookingAction): Booking {
  if (isLaunchBooking(booking)) return launchBookingReducer(booking, action as LaunchBookingEvent);
  if ('seatRemoved' in action) return booking;
  return busBookingReducer(booking, action);
}

/**
 * The pending booking of `tnxId`: `initial` when the page was handed it (just created), else
 * read from the server each time the page opens (its status and hold change). Every later
 * change comes through `dispatch`, with the answer of the call that made it.
 */
export function useBooking(service: Service, tnxId: string, initial: Booking | null) {
  const api = useApi();
  const booking = useResource<Booking>(bookingKey(service, tnxId), () => bookingInfo(api, service, tnxId), {
    onMount: 'always',
    initialData: initial ?? undefined,
  });
  const dispatch = (action: BookingAction) => booking.update((current) => reduce(current, action));
  return { booking, dispatch };
}
