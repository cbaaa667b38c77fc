import type { BusBooking, Gender, LaunchBooking, PaymentPendingRequest, Service } from 'core-wasm';
import { useApi, type Api, type CallOptions } from '@/api/api-client';
import { useIntent } from '@/api/use-intent';
import { useMutation } from '@/api/use-mutation';
import { paymentBlockText } from '@/features/booking/api/failure';
import type { Hold } from '@/features/booking/hold';

export interface Passenger {
  name: string;
  phone: string;
  email: string;
  gender: Gender;
}

/** The passenger details for the tab's hold, as payment-pending takes them. */
export function passengerRequest(hold: Hold, passenger: Passenger): PaymentPendingRequest {
  return {
    tripId: hold.trip._id,
    seats: hold.seats,
    boardingPoint: hold.boardingPoint ?? undefined,
    droppingPoint: hold.droppingPoint ?? undefined,
    name: passenger.name.trim(),
    phone: passenger.phone,
    email: passenger.email.trim() || undefined,
    gender: passenger.gender,
  };
}

/**
 * The passenger details for the tab's hold: the bus `payment-pending`, the launch
 * `passenger-details-payment` (SPEC §7). The server finds the hold by the visitor's token
 * (the core's client names the same visitor the seat-lock did) and answers with the pending booking: its tnxId, invoice and amount.
 */
function sendPassengerDetails(api: Api, service: Service, request: PaymentPendingRequest, options: CallOptions): Promise<BusBooking | LaunchBooking> {
  return service === 'BUS'
    ? api.call('payment-pending', 'BUS', request, options)
    : api.call('passenger-details-payment', 'LAUNCH', request, options);
}

/**
 * Sends the passenger details; a refusal shows the server's whole list of messages (SPEC §8).
 * Continue sent again with the same details while the first send has no answer is the same
 * booking (use-intent.ts): the API answers with the booking it made, not a second one.
 */
export function useSendPassengerDetails() {
  const api = useApi();
  const intent = useIntent();
  return useMutation(
    (hold: Hold, passenger: Passenger) =>
      intent.send(passengerRequest(hold, passenger), (request, options) => sendPassengerDetails(api, hold.service, request, options)),
    { failureToast: paymentBlockText },
  );
}

/** `get-booking-info-by-txn-id`: a booking found again by its transaction id. */
export function bookingInfo(api: Api, service: Service, tnxId: string): Promise<BusBooking | LaunchBooking> {
  return api.call('get-booking-info-by-txn-id', service, { tnxId });
}
