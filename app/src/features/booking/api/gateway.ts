import type { Service, UpdateGatewayResponse } from 'core-wasm';
import { apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { useMutation } from '@/api/use-mutation';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { newIdempotencyKey } from '@/lib/identity';

/**
 * The gateways the ticket API accepts in update-gateway. Today that is its sandbox only (any
 * other name is a 400); SSLCommerz or bKash join this list when the API gains their adapters.
 */
export const GATEWAYS = ['sandbox'] as const;
export type GatewayId = (typeof GATEWAYS)[number];

/** `update-gateway`: where to send the traveller to pay (the gateway's session URL). */
export function updateGateway(base: string, service: Service, tnxId: string, gateway: GatewayId): Promise<UpdateGatewayResponse> {
  return apiPost(base, `/v1/api/${apiSegment(service)}/update-gateway`, { tnxId, gateway }, newIdempotencyKey());
}

export function useUpdateGateway(service: Service) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation(async (tnxId: string, gateway: GatewayId) => {
    const answer = await updateGateway(ticketApiUrl, service, tnxId, gateway);
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
