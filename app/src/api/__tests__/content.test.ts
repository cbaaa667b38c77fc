import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBanners, useCities } from '@/api/content';
import { sent } from '@/test/fake-api';

describe('content calls', () => {
  it("asks for the banners of the service's module (SPEC §7: intercity for bus, water for launch)", async () => {
    const bus = renderHook(() => useBanners('BUS'));
    const launch = renderHook(() => useBanners('LAUNCH'));
    await waitFor(() => expect(bus.result.current.status).toBe('success'));
    await waitFor(() => expect(launch.result.current.status).toBe('success'));
    expect(sent('banners', 'BUS').map((c) => c.request)).toEqual([{ moduleType: 'intercity' }]);
    expect(sent('banners', 'LAUNCH').map((c) => c.request)).toEqual([{ moduleType: 'water' }]);
  });

  it('shares one answer among the components asking, and waits while not enabled', async () => {
    const waiting = renderHook(() => useCities('BUS', false));
    expect(waiting.result.current.status).toBe('loading');
    expect(sent('cities')).toHaveLength(0);
    const first = renderHook(() => useCities('BUS'));
    const second = renderHook(() => useCities('BUS'));
    await waitFor(() => expect(second.result.current.status).toBe('success'));
    expect(first.result.current.data?.cities).toHaveLength(6);
    expect(sent('cities', 'BUS')).toHaveLength(1);
  });
});
