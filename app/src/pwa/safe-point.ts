/**
 * Where a new version may take over (issue 14): never in the middle of a booking or a payment.
 * A seat plan may hold seats (its hold and chosen seats live in this page's memory), the payment
 * pages carry the booking and the gateway's way back; a reload there could lose them or land
 * the traveller on a page of another version halfway through paying.
 */
const BOOKING = /^\/(bus|launch)\/(trip\/[^/]+|payment(\/.*)?)\/?$/;

export function isSafePoint(pathname: string): boolean {
  return !BOOKING.test(pathname);
}
