import type { Service, SurpriseDeal } from 'core-wasm';
import { apiPost, failureStatus, failureText } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { useMutation } from '@/api/use-mutation';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { t } from '@/i18n/messages';

/**
 * `get-surprise-deal`: sometimes a deal for this booking, claimable for a while (at most 120 s).
 * No deal is a 404 whose message is 'Sorry!! No deal found now.' (SPEC §8). The deal is claimed
 * with apply-promo-code (see promo.ts).
 */
export function getSurpriseDeal(base: string, service: Service, tnxId: string): Promise<SurpriseDeal> {
  return apiPost(base, `/v1/api/${apiSegment(service)}/get-surprise-deal`, { tnxId });
}

export function useSurpriseDeal(service: Service) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((tnxId: string) => getSurpriseDeal(ticketApiUrl, service, tnxId), {
    failureToast: (error) => (failureStatus(error) === 404 ? t('deal.none') : failureText(error)),
  });
}
