import type { Service } from 'core-wasm';
import { failureStatus, failureText, useApi } from '@/api/api-client';
import { useMutation } from '@/api/use-mutation';
import { t } from '@/i18n/messages';

/**
 * `get-surprise-deal`: sometimes a deal for this booking, claimable for a while (at most 120 s).
 * No deal is a 404 whose message is 'Sorry!! No deal found now.' (SPEC §8). The deal is claimed
 * with apply-promo-code (see promo.ts).
 */
export function useSurpriseDeal(service: Service) {
  const api = useApi();
  return useMutation((tnxId: string) => api.call('get-surprise-deal', service, { tnxId }), {
    failureToast: (error) => (failureStatus(error) === 404 ? t('deal.none') : failureText(error)),
  });
}
