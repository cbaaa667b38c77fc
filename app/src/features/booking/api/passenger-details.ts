import type { BusBooking, Gender, LaunchBooking, PaymentPendingRequest, Service } from 'core-wasm';
import { apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { useMutation } from '@/api/use-mutation';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { paymentBlockText } from '@/features/booking/api/failure';
import type { Hold } from '@/features/booking/hold';
import { newIdempotencyKey, visitorId } from '@/lib/identity';

export interface Passenger {
  name: string;
  phone: string;
  email: string;
  gender: Gender;
}

/**
 * The passenger details for the tab's hold: the bus `payment-pending`, the launch
 * `passenger-details-payment` (SPEC §7). The server finds the hold by the visitor's anonymousId
 * (the one the seat-lock sent) and answers with the pending booking: its tnxId, invoice and amount.
 */
export function sendPassengerDetails(base: string, hold: Hold, passenger: Passenger): Promise<BusBooking | LaunchBooking> {
  const body: PaymentPendingRequest = {
    tripId: hold.trip._id,
    seats: hold.seats,
    boardingPoint: hold.boardingPoint ?? undefined,
    droppingPoint: hold.droppingPoint ?? undefined,
    name: passenger.name.trim(),
    phone: passenger.phone,
    email: passenger.email.trim() || undefined,
    gender: passenger.gender,
    anonymousId: visitorId(),
  };
  const purpose = hold.service === 'BUS' ? 'payment-pending' : 'passenger-details-payment';
  return apiPost(base, `/v1/api/${apiSegment(hold.service)}/${purpose}`, body, newIdempotencyKey());
}

/** Sends the passenger details; a refusal shows the server's whole list of messages (SPEC §8). */
export function useSendPassengerDetails() {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((hold: Hold, passenger: Passenger) => sendPassengerDetails(ticketApiUrl, hold, passenger), {
    failureToast: paymentBlockText,
  });
}

/** `get-booking-info-by-txn-id`: a booking found again by its transaction id. */
export function bookingInfo(base: string, service: Service, tnxId: string): Promise<BusBooking | LaunchBooking> {
  return apiPost(base, `/v1/api/${apiSegment(service)}/get-booking-info-by-txn-id`, { tnxId });
}
