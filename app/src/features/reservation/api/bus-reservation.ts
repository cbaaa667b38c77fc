import { apiPost } from '@/api/api-client';
import { useMutation, type MutationOptions } from '@/api/use-mutation';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { newIdempotencyKey } from '@/lib/identity';

/** The Full bus reserve request as sent: the form's filled fields, counts and budget as numbers. */
export type ReservationRequest = Record<string, string | number>;

/**
 * `intercity/bus-reservation` (SPEC §7). One idempotency key per submit: the client's retries
 * after a network error reuse it (one request stored, not two), while a corrected resubmit after
 * a refusal is a new call.
 */
export function sendReservation(base: string, body: ReservationRequest): Promise<unknown> {
  return apiPost(base, '/v1/api/intercity/bus-reservation', body, newIdempotencyKey());
}

export function useSendReservation(options?: MutationOptions) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((body: ReservationRequest) => sendReservation(ticketApiUrl, body), options);
}
