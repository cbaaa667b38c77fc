import { toastMessage, type ApiFailure } from 'core-wasm';
import { failureText, localFailureText } from '@/api/api-client';

/**
 * The text for a failed payment-block call (SPEC §8: a payment block shows the server's whole
 * list of messages, not only the first): the core's toastMessage over the error body, else the
 * client's toast.
 */
export function paymentBlockText(error: unknown): string {
  const local = localFailureText(error, true);
  if (local !== null) return local;
  const body = error instanceof Error ? (error as Partial<ApiFailure>).body : undefined;
  return body ? toastMessage(body, true) : failureText(error);
}
