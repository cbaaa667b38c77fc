import { useApi } from '@/api/api-client';
import { useIntent } from '@/api/use-intent';
import { useMutation } from '@/api/use-mutation';

/**
 * Launch `payment-seat-remove`: one seat dropped from a pending booking, the amounts recomputed.
 * Remove sent again for the same seat without an answer is the same removal (use-intent.ts).
 */
export function useRemoveSeat() {
  const api = useApi();
  const intent = useIntent();
  return useMutation((tnxId: string, seatNo: string) =>
    intent.send({ tnxId, seatNo }, (request, options) => api.call('payment-seat-remove', 'LAUNCH', request, options)),
  );
}
