import type { PromoRequest, PromoResponse, Service } from 'core-wasm';
import { useApi } from '@/api/api-client';
import { useIntent } from '@/api/use-intent';
import { useMutation } from '@/api/use-mutation';

/**
 * The promo calls (SPEC §7). An unknown or ineligible code is not an HTTP error: the answer's
 * data is null, and the core's `promoProblem` turns that into 'Invalid promo applied!'. Apply
 * and Remove are taps that change the booking: one sent again without an answer is the same
 * change (use-intent.ts).
 */

/** A typed code: checked, then applied; null when the check refuses it. */
export function usePromoCode(service: Service) {
  const api = useApi();
  const intent = useIntent();
  return useMutation(async (tnxId: string, promoCode: string): Promise<PromoResponse | null> => {
    const checked = await api.call('check-promo-code', service, { tnxId, promoCode });
    return checked ? intent.send({ tnxId, promoCode }, (request, options) => api.call('apply-promo-code', service, request, options)) : null;
  });
}

/**
 * A code applied as it is: a surprise deal's, whose request also carries SPEC §3's claim fields
 * (the core's `dealClaim`) beside the code.
 */
export function useApplyPromo(service: Service) {
  const api = useApi();
  const intent = useIntent();
  return useMutation(
    (request: PromoRequest): Promise<PromoResponse | null> =>
      intent.send(request, (body, options) => api.call('apply-promo-code', service, body, options)),
  );
}

/** Bus only (launch has no such call): back to the full amount, promo null. */
export function useRemovePromo() {
  const api = useApi();
  const intent = useIntent();
  return useMutation(
    (tnxId: string): Promise<PromoResponse | null> =>
      intent.send({ tnxId }, (request, options) => api.call('remove-promo-code', 'BUS', request, options)),
  );
}
