import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from '@/config/runtime-config';

const good = { ticketApiUrl: 'https://api.example', theme: 'intercity', helpline: '16374', demo: true };
const defaults = { supportEmail: '', officeAddress: '', liveChatSrc: null, rentalUrl: null, imageBase: '/images/' };
const full = {
  ...good,
  supportEmail: 'help@example.com',
  officeAddress: 'Banani, Dhaka',
  liveChatSrc: 'https://chat.example/widget.js',
  rentalUrl: 'https://rental.example',
  imageBase: 'https://cdn.example/img/',
};

describe('runtime config', () => {
  it('takes the keys it knows and ignores the rest', () => {
    expect(parseRuntimeConfig({ ...full, somethingNew: 1 })).toEqual(full);
  });

  it('gives the optional keys the server\'s defaults when they are missing, null or empty', () => {
    expect(parseRuntimeConfig(good)).toEqual({ ...good, ...defaults });
    expect(parseRuntimeConfig({ ...good, liveChatSrc: null, rentalUrl: '', imageBase: null })).toEqual({ ...good, ...defaults });
  });

  it('reads a null ticketApiUrl as the same origin', () => {
    expect(parseRuntimeConfig({ ...good, ticketApiUrl: null }).ticketApiUrl).toBe('');
  });

  it.each([
    ['not an object', []],
    ['missing helpline', { ...good, helpline: undefined }],
    ['demo as text', { ...good, demo: '1' }],
    ['rentalUrl as a number', { ...good, rentalUrl: 1 }],
  ])('rejects %s', (_name, json) => {
    expect(() => parseRuntimeConfig(json)).toThrow(RuntimeConfigError);
  });

  it('loads GET /api/config', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(good), { status: 200 }));
    await expect(loadRuntimeConfig(fetchFn)).resolves.toEqual({ ...good, ...defaults });
    expect(fetchFn).toHaveBeenCalledWith('/api/config', expect.anything());
  });

  it('fails on an HTTP error', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => new Response('nope', { status: 500 }));
    await expect(loadRuntimeConfig(fetchFn)).rejects.toThrow(/500/);
  });
});
