import { useEffect, useState } from 'react';
import type { BookingStatus, Service } from 'core-wasm';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { bookingInfo } from '@/features/booking/api/passenger-details';

/** A booking's status as a result page knows it: still asking, the answer, or no answer. */
export type StatusLookup = BookingStatus | 'loading' | 'unknown';

/**
 * Where the booking of `tnxId` stands, from its `status` (get-booking-info-by-txn-id): whether
 * it still waits for payment, or how its payment ended. 'unknown' without a tnxId or when the
 * booking cannot be read; the page then says only what the gateway's redirect told it.
 */
export function useBookingStatus(service: Service, tnxId: string | null): StatusLookup {
  const { ticketApiUrl } = useRuntimeConfig();
  const [status, setStatus] = useState<StatusLookup>(tnxId ? 'loading' : 'unknown');

  useEffect(() => {
    if (!tnxId) return;
    let live = true;
    bookingInfo(ticketApiUrl, service, tnxId).then(
      (booking) => live && setStatus(booking.status),
      () => live && setStatus('unknown'),
    );
    return () => {
      live = false;
    };
  }, [ticketApiUrl, service, tnxId]);

  return status;
}
