import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiClient, type BusSeatViewResponse, type LaunchSeatViewResponse, type SeatLockResponse, type Service } from 'core-wasm';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Api } from '@/api/api-client';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';
import { testConfig } from '@/test/render-route';

// setup.ts answers `useApi()` from a table; these tests are about the real one.
const real = await vi.importActual<typeof import('@/api/api-client')>('@/api/api-client');

afterEach(() => {
  vi.restoreAllMocks();
  real.resetApiForTests();
  document.cookie = 'token=; max-age=0';
});

async function realApi(ticketApiUrl = 'https://api.example.com'): Promise<Api> {
  const config = Promise.resolve({ ...testConfig, ticketApiUrl });
  const wrapper = ({ children }: { children: ReactNode }) => <RuntimeConfigProvider config={config}>{children}</RuntimeConfigProvider>;
  let hook: { current: Api } | undefined;
  await act(async () => {
    hook = renderHook(() => real.useApi(), { wrapper }).result;
  });
  return (hook as { current: Api }).current;
}

describe('api.call: the one entry to the ticket API', () => {
  it("hands name, service, request and the intent's key to the core's call table", async () => {
    const call = vi.spyOn(ApiClient.prototype, 'call').mockResolvedValue({ seats: ['A1'], holdSeconds: 600 });
    const api = await realApi();
    const request = { tripId: 't1', seats: ['A1'] };
    await expect(api.call('seat-lock', 'BUS', request, { idempotencyKey: 'k1' })).resolves.toEqual({ seats: ['A1'], holdSeconds: 600 });
    expect(call).toHaveBeenCalledWith('seat-lock', 'BUS', request, { idempotencyKey: 'k1' });
    // Without an intent the core makes the key itself.
    await api.call('apply-promo-code', 'LAUNCH', { tnxId: 'x', promoCode: 'EID' });
    expect(call).toHaveBeenLastCalledWith('apply-promo-code', 'LAUNCH', { tnxId: 'x', promoCode: 'EID' }, undefined);
  });

  it('sends the first calls of a page without a token one after another: one token request, not one per call', async () => {
    const answers: ((value: unknown) => void)[] = [];
    const call = vi.spyOn(ApiClient.prototype, 'call').mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const api = await realApi();
    const headline = api.call('get-head-line', 'BUS', {});
    const cities = api.call('cities', 'BUS', {});
    await Promise.resolve();
    expect(call).toHaveBeenCalledTimes(1);
    answers[0]?.({ busSettings: {} });
    await headline;
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    answers[1]?.({ cities: [] });
    await expect(cities).resolves.toEqual({ cities: [] });
  });

  it("rejects a call the core's table does not serve under that service", async () => {
    const api = await realApi();
    // The types refuse it too (below); a service computed at run time meets the core's check.
    const launch = 'LAUNCH' as 'BUS';
    await expect(api.call('remove-promo-code', launch, { tnxId: 'x' })).rejects.toThrow(/remove-promo-code/);
  });
});

/** Compile-time checks (`npm run typecheck`): the call table types every call. Never run. */
export function callTypes(api: Api, service: Service) {
  expectTypeOf(api.call('seat-lock', 'LAUNCH', { tripId: 't', seats: [] })).resolves.toEqualTypeOf<SeatLockResponse>();
  expectTypeOf(api.call('get-seat-view', 'BUS', { tripId: 't' })).resolves.toEqualTypeOf<BusSeatViewResponse>();
  // A page for both services gets either answer.
  expectTypeOf(api.call('get-seat-view', service, { tripId: 't' })).resolves.toEqualTypeOf<BusSeatViewResponse | LaunchSeatViewResponse>();
  expectTypeOf(api.call('download-ticket-pdf', service, { id: 't' })).resolves.toEqualTypeOf<Blob>();
  // @ts-expect-error remove-promo-code is a bus call only
  void api.call('remove-promo-code', 'LAUNCH', { tnxId: 'x' });
  // @ts-expect-error an OTP send is a common call, not a service's
  void api.call('send-otp', service, { ticketId: 't', service });
  // @ts-expect-error a seat-lock's request names its trip
  void api.call('seat-lock', 'BUS', { seats: [] });
  // @ts-expect-error there is no such call
  void api.call('get-seats', 'BUS', {});
}
