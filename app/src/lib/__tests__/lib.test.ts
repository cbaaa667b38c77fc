import { timeBands } from 'core-wasm';
import { describe, expect, it, vi } from 'vitest';
import { formatNumber, t } from '@/i18n/messages';
import { english as messages } from '@/test/catalogs';
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/chunk-reload';
import { fareText, takaRange } from '@/lib/fare-range';
import { taka } from '@/lib/money';
import { formatLongDate } from '@/lib/dates';
import { guardedReload } from '@/lib/guarded-reload';
import { imageUrl } from '@/lib/image-url';
import { scrollKey } from '@/lib/scroll';
import { detectMobileApp } from '@/lib/mobile-app';
import { clearSession, loadSession, saveSession } from '@/lib/session-store';
import { readStored, writeStored } from '@/lib/storage';
import { useToasts } from '@/lib/toasts';
import { renderHook } from '@testing-library/react';

describe('catalog helpers', () => {
  it('fills placeholders and groups numbers', () => {
    expect(t('seatPlan.seat', { seat: 'A1' })).toBe('Seat A1');
    expect(t('trips.found', { count: 12 })).toBe('12 trips found');
    expect(t('trips.found', { count: 1 })).toBe('1 trip found');
    expect(formatNumber(1199.5)).toBe('1,199.5');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
  });

  it("writes amounts as the core and the e-ticket do: grouped, whole taka, a discount negative", () => {
    expect(taka(1800)).toBe('1,800 TK');
    expect(taka(1199.5)).toBe('1,200 TK');
    expect(taka(-200)).toBe('- 200 TK');
    expect(takaRange(1200, 1200)).toBe('1,200 TK');
    expect(takaRange(370, 7380)).toBe('370 TK - 7,380 TK');
    expect(fareText('600-900')).toBe('600 TK - 900 TK');
    expect(fareText(520)).toBe('520 TK');
  });

  it('has a label for every time band of the core, in its words', () => {
    for (const band of timeBands()) expect(messages[`timeBand.${band.id}`]).toBe(band.label);
  });

  it('spells out a Dhaka date', () => {
    expect(formatLongDate('2026-11-22')).toBe('Sunday 22 November 2026');
    expect(formatLongDate('2030-01-01')).toBe('Tuesday 1 January 2030');
  });
});

describe('image base', () => {
  it('puts API image paths under the configured base', () => {
    expect(imageUrl('/images/offers/eid200.png', '/images/')).toBe('/images/offers/eid200.png');
    expect(imageUrl('offers/eid200.png', '/images/')).toBe('/images/offers/eid200.png');
    expect(imageUrl('offers/eid200.png', 'https://cdn.example/media')).toBe('https://cdn.example/media/offers/eid200.png');
    expect(imageUrl('https://other.example/a.png', '/images/')).toBe('https://other.example/a.png');
  });
});

describe('chunk reload guard (the core decides)', () => {
  it('knows a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const reload = vi.fn();
    expect(reloadAfterChunkError(reload)).toBe(true);
    expect(reloadAfterChunkError(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps each cause\'s last reload under its own key', () => {
    const reload = vi.fn();
    expect(guardedReload('a_reload_at', reload)).toBe(true);
    expect(guardedReload('a_reload_at', reload)).toBe(false);
    expect(guardedReload('b_reload_at', reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(Number(readStored('a_reload_at'))).toBeGreaterThan(0);
  });

  it('reloads again once the stored time is a minute old, and ignores a stored value that is no time', () => {
    const reload = vi.fn();
    writeStored('c_reload_at', String(Date.now() - 61_000));
    expect(guardedReload('c_reload_at', reload)).toBe(true);
    writeStored('d_reload_at', 'garbage');
    expect(guardedReload('d_reload_at', reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('local storage', () => {
  it('keeps working in memory and says so once when storage fails', () => {
    const toasts = renderHook(() => useToasts());
    const set = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      writeStored('k', 'v');
      writeStored('k2', 'v2');
      expect(readStored('k')).toBe('v');
      toasts.rerender();
      expect(toasts.result.current.map((x) => x.text)).toEqual(['Error accessing local storage']);
    } finally {
      set.mockRestore();
    }
  });
});

describe('mobile-app mode', () => {
  it('is remembered once the URL carried isMobileApp', () => {
    expect(detectMobileApp('')).toBe(false);
    expect(detectMobileApp('?isMobileApp=true')).toBe(true);
    expect(detectMobileApp('?from=dhaka')).toBe(true);
  });
});

describe('live chat', () => {
  it('adds the configured script once the page is idle, once', async () => {
    vi.useFakeTimers();
    try {
      const { loadLiveChat } = await import('@/lib/live-chat');
      loadLiveChat(null);
      loadLiveChat('https://chat.example/widget.js');
      loadLiveChat('https://chat.example/widget.js');
      expect(document.querySelector('script[src="https://chat.example/widget.js"]')).toBeNull();
      vi.advanceTimersByTime(2500);
      expect(document.querySelectorAll('script[src="https://chat.example/widget.js"]')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('scrollKey', () => {
  it("keeps the router's key for the entries it made", () => {
    expect(scrollKey({ key: 'k3x9', pathname: '/bus/trip', search: '?from=dhaka' })).toBe('k3x9');
  });

  it("files a page load's first entry ('default' on every load) under its URL, so two loads never share it", () => {
    const results = scrollKey({ key: 'default', pathname: '/bus/trip', search: '?from=dhaka&to=chattogram' });
    const success = scrollKey({ key: 'default', pathname: '/bus/payment/success', search: '?tnxId=TNX-1' });
    expect(results).toBe('url:/bus/trip?from=dhaka&to=chattogram');
    expect(success).not.toBe(results);
  });
});

describe('session store', () => {
  const any = () => true;

  it('keeps a value for the tab as JSON, and forgets it on clear', () => {
    saveSession('s:one', { a: 1 });
    expect(window.sessionStorage.getItem('s:one')).toBe('{"a":1}');
    expect(loadSession('s:one', any)).toEqual({ a: 1 });
    clearSession('s:one');
    expect(loadSession('s:one', any)).toBeNull();
  });

  it('gives nothing for a value that is no JSON object or that accept refuses', () => {
    window.sessionStorage.setItem('s:bad', '{oops');
    window.sessionStorage.setItem('s:null', 'null');
    saveSession('s:other', { tnxId: 'T1' });
    expect(loadSession('s:bad', any)).toBeNull();
    expect(loadSession('s:null', any)).toBeNull();
    expect(loadSession<{ tnxId: string }>('s:other', (v) => v.tnxId === 'T2')).toBeNull();
    clearSession('s:bad');
    clearSession('s:null');
    clearSession('s:other');
  });

  it('serves the visit from memory when storage is refused', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const set = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      saveSession('s:mem', { b: 2 });
      expect(loadSession('s:mem', any)).toEqual({ b: 2 });
      clearSession('s:mem');
      expect(loadSession('s:mem', any)).toBeNull();
    } finally {
      get.mockRestore();
      set.mockRestore();
    }
  });
});
