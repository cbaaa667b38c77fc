import type { Service } from 'core-wasm';

/** Where a booking is paid: bus `/bus/payment?tnxId=`, launch `/launch/payment/payment-details?tnxId=` (SPEC §2). */
export function paymentStepUrl(service: Service, tnxId: string): string {
  const query = `?tnxId=${encodeURIComponent(tnxId)}`;
  return service === 'BUS' ? `/bus/payment${query}` : `/launch/payment/payment-details${query}`;
}
