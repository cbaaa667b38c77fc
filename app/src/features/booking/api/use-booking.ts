import { useCallback, useEffect, useReducer, useState } from 'react';
import {
  busBookingReducer,
  launchBookingReducer,
  type BusBooking,
  type BusBookingEvent,
  type LaunchBooking,
  type LaunchBookingEvent,
} from 'core-wasm/booking';
import type { Service } from 'core-wasm';
import { failureText } from '@/api/api-client';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { bookingInfo } from '@/features/booking/api/passenger-details';
import { showToast } from '@/lib/toasts';

export type Booking = BusBooking | LaunchBooking;

/** A launch booking carries its service charge and gateway commission (SPEC §3). */
export const isLaunchBooking = (booking: Booking): booking is LaunchBooking => 'serviceCharge' in booking;

export type BookingAction = { loaded: Booking } | BusBookingEvent | LaunchBookingEvent;

/**
 * The booking as the page holds it: loaded by tnxId, then changed only by the core's reducers
 * (SPEC §4: promo applied or removed, gateway updated, launch seat removed), so the page never
 * works out an amount itself.
 */
function reduce(state: Booking | null, action: BookingAction): Booking | null {
  if ('loaded' in action) return action.loaded;
  if (!state) return state;
  if (isLaunchBooking(state)) return launchBookingReducer(state, action as LaunchBookingEvent);
  if ('seatRemoved' in action) return state;
  return busBookingReducer(state, action);
}

export type BookingLoad = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

/**
 * The pending booking of `tnxId`: `initial` when the page was handed it (just created), else
 * `get-booking-info-by-txn-id`, read once; every later change comes through `dispatch`.
 */
export function useBooking(service: Service, tnxId: string, initial: Booking | null) {
  const { ticketApiUrl } = useRuntimeConfig();
  const [booking, dispatch] = useReducer(reduce, initial);
  const [load, setLoad] = useState<BookingLoad>(initial ? { status: 'ready' } : { status: 'loading' });

  const read = useCallback(async () => {
    setLoad({ status: 'loading' });
    try {
      dispatch({ loaded: await bookingInfo(ticketApiUrl, service, tnxId) });
      setLoad({ status: 'ready' });
    } catch (error) {
      const message = failureText(error);
      showToast(message);
      setLoad({ status: 'error', message });
    }
  }, [ticketApiUrl, service, tnxId]);

  useEffect(() => {
    if (!initial) void read();
    // Loaded once per transaction; `initial` is the hand-over of the first render only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [read]);

  return { booking, load, dispatch };
}
