import type { Service, UpdateGatewayResponse } from 'core-wasm';
import { apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { newIdempotencyKey } from '@/features/booking/api/idempotency-key';

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

/**
 * The gateway's page as an absolute URL: the API answers a path on its own origin (the sandbox
 * is served by the API), so it is resolved against the API's base, or this site's origin when
 * the API is mounted in the site's server.
 */
export function gatewayUrl(base: string, redirectUrl: string): string {
  return new URL(redirectUrl, base || window.location.origin).href;
}

/** Where react-router's <ScrollRestoration> keeps scroll positions across page loads. */
const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

/**
 * The gateway sends the browser back with a new page load, and the first location of every page
 * load has the key 'default': the scroll restoration would give the result page the position
 * saved under that key by the tab's first page (the trip results, far down), so the ticket
 * opened at the footer. Leaving for the gateway, that stale position is dropped, after the
 * router has saved its positions (its pagehide listener was added first, so it runs first).
 */
function forgetFirstPageScroll(): void {
  window.addEventListener(
    'pagehide',
    () => {
      try {
        const saved = JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? 'null') as Record<string, number> | null;
        if (!saved || !('default' in saved)) return;
        delete saved.default;
        window.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(saved));
      } catch {
        // No storage: nothing was saved either.
      }
    },
    { once: true },
  );
}

/** Leaving the site for the gateway (an object, so tests can watch it: jsdom cannot navigate). */
export const browser = {
  assign(url: string): void {
    forgetFirstPageScroll();
    window.location.assign(url);
  },
};
