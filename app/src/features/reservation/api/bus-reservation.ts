import type { ReservationForm } from 'core-wasm';
import { useApi } from '@/api/api-client';
import { useIntent } from '@/api/use-intent';
import { useMutation, type MutationOptions } from '@/api/use-mutation';

/**
 * `intercity/bus-reservation` (SPEC §7): the form's filled fields, counts and budget as numbers.
 * Submit sent again with the same fields while the first has no answer is the same request
 * (use-intent.ts): one request stored, not two. A corrected resubmit after a refusal is a new one.
 */
export function useSendReservation(options?: MutationOptions) {
  const api = useApi();
  const intent = useIntent();
  return useMutation(
    (form: ReservationForm) => intent.send(form, (request, callOptions) => api.call('bus-reservation', 'BUS', request, callOptions)),
    options,
  );
}
