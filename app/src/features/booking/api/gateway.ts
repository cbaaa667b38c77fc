import type { Service } from 'core-wasm';
import { useApi } from '@/api/api-client';
import { useIntent } from '@/api/use-intent';
import { useMutation } from '@/api/use-mutation';
import { useRuntimeConfig } from '@/config/runtime-config-context';

/**
 * A gateway the ticket API offers for a booking (`paymentGateways` of the booking: `sslcommerz`,
 * `bkash`, and `sandbox` in demo mode only), by configuration: the site never lists its own.
 */
export type GatewayId = string;

/**
 * `update-gateway`: where to send the traveller to pay (the gateway's session URL). Pay tapped
 * twice, or again after the first tap's answer was lost, is one payment (use-intent.ts): the
 * API answers the repeat with the session it opened, not a second one.
 */
export function useUpdateGateway(service: Service) {
  const api = useApi();
  const intent = useIntent();
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation(async (tnxId: string, gateway: GatewayId) => {
    const answer = await intent.send({ tnxId, gateway }, (request, options) => api.call('update-gateway', service, request, options));
    return { answer, url: gatewayUrl(ticketApiUrl, answer.redirectUrl) };
  });
}

/**
 * The gateway's page as an absolute URL: the API answers a path on its own origin (the sandbox
 * is served by the API), so it is resolved against the API's base, or this site's origin when
 * the API is mounted in the site's server.
 */
export function gatewayUrl(base: string, redirectUrl: string): string {
  return new URL(redirectUrl, base || window.location.origin).href;
}

/** Leaving the site for the gateway (an object, so tests can watch it: jsdom cannot navigate). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
