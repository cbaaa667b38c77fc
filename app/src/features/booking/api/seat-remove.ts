import type { SeatRemoveResponse } from 'core-wasm';
import { apiPost } from '@/api/api-client';
import { useMutation } from '@/api/use-mutation';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { newIdempotencyKey } from '@/lib/identity';

/** Launch `payment-seat-remove`: one seat dropped from a pending booking, the amounts recomputed. */
export function removeSeat(base: string, tnxId: string, seatNo: string): Promise<SeatRemoveResponse> {
  return apiPost(base, '/v1/api/water/payment-seat-remove', { tnxId, seatNo }, newIdempotencyKey());
}

export function useRemoveSeat() {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((tnxId: string, seatNo: string) => removeSeat(ticketApiUrl, tnxId, seatNo));
}
