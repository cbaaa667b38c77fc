import { describe, expect, it } from 'vitest';
import { isSafePoint } from '@/pwa/safe-point';

describe('isSafePoint: where a new version may take over', () => {
  it.each(['/', '/bus', '/launch', '/bus/trip', '/launch/trip/a/b', '/bus/find-ticket', '/bus/saved-tickets', '/bus/operator/x'])('%s is safe', (path) => {
    expect(isSafePoint(path)).toBe(true);
  });

  it.each(['/bus/trip/trip-1', '/launch/trip/trip-2/', '/bus/payment', '/bus/payment/success', '/launch/payment/passenger-details'])(
    '%s is in a booking or a payment: not safe',
    (path) => {
      expect(isSafePoint(path)).toBe(false);
    },
  );
});
