import type { BookingStatus, RefundStatus, Service } from 'core-wasm';
import { useApi } from '@/api/api-client';
import { useResource } from '@/api/use-resource';
import { bookingInfo } from '@/features/booking/api/passenger-details';
import { bookingKey, type Booking } from '@/features/booking/api/use-booking';

/** A booking's status as a result page knows it: still asking, the answer, or no answer. */
export type StatusLookup = BookingStatus | 'loading' | 'unknown';

/**
 * Where the booking of `tnxId` stands, from its `status` (get-booking-info-by-txn-id, read each
 * time the page opens): whether it still waits for payment, or how its payment ended. 'unknown'
 * without a tnxId or when the booking cannot be read (no toast); the page then says only what
 * the gateway's redirect told it.
 */
export function useBookingStatus(service: Service, tnxId: string | null): StatusLookup {
  const api = useApi();
  const booking = useResource<Booking>(
    tnxId ? bookingKey(service, tnxId) : null,
    () => bookingInfo(api, service, tnxId ?? ''),
    { onMount: 'always', quiet: true },
  );
  if (!tnxId || booking.status === 'error') return 'unknown';
  return booking.status === 'success' ? booking.data.status : 'loading';
}

/**
 * Where the booking's refund stands at the gateway (money on its way back after seats were lost
 * or another amount was paid), from the same booking resource; null when nothing goes back.
 */
export function useBookingRefund(service: Service, tnxId: string | null): RefundStatus | null {
  const api = useApi();
  const booking = useResource<Booking>(
    tnxId ? bookingKey(service, tnxId) : null,
    () => bookingInfo(api, service, tnxId ?? ''),
    { onMount: 'always', quiet: true },
  );
  return booking.status === 'success' ? (booking.data.refundStatus ?? null) : null;
}
