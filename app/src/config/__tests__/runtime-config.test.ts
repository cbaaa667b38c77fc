import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from '@/config/runtime-config';

const good = { ticketApiUrl: 'https://api.example', theme: 'intercity', helpline: '16374', demo: true };

describe('runtime config', () => {
  it('takes the keys it knows and ignores the rest', () => {
    expect(parseRuntimeConfig({ ...good, imageBase: '/img' })).toEqual(good);
  });

  it('reads a null ticketApiUrl as the same origin', () => {
    expect(parseRuntimeConfig({ ...good, ticketApiUrl: null }).ticketApiUrl).toBe('');
  });

  it.each([
    ['not an object', []],
    ['missing helpline', { ...good, helpline: undefined }],
    ['demo as text', { ...good, demo: '1' }],
  ])('rejects %s', (_name, json) => {
    expect(() => parseRuntimeConfig(json)).toThrow(RuntimeConfigError);
  });

  it('loads GET /api/config', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(good), { status: 200 }));
    await expect(loadRuntimeConfig(fetchFn)).resolves.toEqual(good);
    expect(fetchFn).toHaveBeenCalledWith('/api/config', expect.anything());
  });

  it('fails on an HTTP error', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => new Response('nope', { status: 500 }));
    await expect(loadRuntimeConfig(fetchFn)).rejects.toThrow(/500/);
  });
});
