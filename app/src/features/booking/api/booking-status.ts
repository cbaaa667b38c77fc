import type { Service } from 'core-wasm';
import { apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';

/**
 * Whether a booking still waits for payment, so a failed or cancelled payment can be tried
 * again. The booking answer carries no status, so this asks `check-promo-code` with an empty
 * code: read-only, it answers (data null) for a pending booking and 409 'This booking is no
 * longer waiting for payment' otherwise (404 for an unknown one).
 */
export async function awaitingPayment(base: string, service: Service, tnxId: string): Promise<boolean> {
  try {
    await apiPost(base, `/v1/api/${apiSegment(service)}/check-promo-code`, { tnxId, promoCode: '' });
    return true;
  } catch {
    return false;
  }
}
