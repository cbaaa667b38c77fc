import type { PromoResponse, Service } from 'core-wasm';
import { apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { useMutation } from '@/api/use-mutation';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { newIdempotencyKey } from '@/lib/identity';

/**
 * The promo calls (SPEC §7). An unknown or ineligible code is not an HTTP error: the answer's
 * data is null, and the core's `promoProblem` turns that into 'Invalid promo applied!'.
 */
export function checkPromo(base: string, service: Service, tnxId: string, promoCode: string): Promise<PromoResponse | null> {
  return apiPost(base, `/v1/api/${apiSegment(service)}/check-promo-code`, { tnxId, promoCode });
}

/** Applies a code; `body` may carry more than the code (a surprise-deal claim, SPEC §3). */
export function applyPromo(base: string, service: Service, body: { tnxId: string; promoCode: string }): Promise<PromoResponse | null> {
  return apiPost(base, `/v1/api/${apiSegment(service)}/apply-promo-code`, body, newIdempotencyKey());
}

/** Bus only: back to the full amount, promo null. */
export function removePromo(base: string, tnxId: string): Promise<PromoResponse | null> {
  return apiPost(base, '/v1/api/intercity/remove-promo-code', { tnxId }, newIdempotencyKey());
}

/** A typed code: checked, then applied; null when the check refuses it. */
export function usePromoCode(service: Service) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation(async (tnxId: string, promoCode: string) => {
    const checked = await checkPromo(ticketApiUrl, service, tnxId, promoCode);
    return checked ? applyPromo(ticketApiUrl, service, { tnxId, promoCode }) : null;
  });
}

/** A code applied as it is (a surprise deal's, with its claim fields). */
export function useApplyPromo(service: Service) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((body: { tnxId: string; promoCode: string }) => applyPromo(ticketApiUrl, service, body));
}

export function useRemovePromo() {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((tnxId: string) => removePromo(ticketApiUrl, tnxId));
}
