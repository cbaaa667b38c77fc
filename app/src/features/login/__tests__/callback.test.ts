import { describe, expect, it } from 'vitest';
import { safeCallback } from '@/features/login/callback';

describe('the callback followed after logging in (SPEC §2 route guard)', () => {
  it.each([
    ['/account', '/account'],
    ['/bus/find-ticket?x=1#top', '/bus/find-ticket?x=1#top'],
    ['/launch/payment/passenger-details', '/launch/payment/passenger-details'],
  ])('takes a path of this site: %s', (callback, to) => {
    expect(safeCallback(callback)).toBe(to);
  });

  it.each([
    ['another site, protocol-relative', '//evil.com'],
    ['another site, protocol-relative with a path', '//evil.com/account'],
    ['another site', 'https://evil.com'],
    ['another site, plain http', 'http://evil.com/account'],
    ['a backslash the browser reads as a slash', '/\\evil.com'],
    ['a tab the URL parser drops', '/\t/evil.com'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'account'],
    ['nothing', ''],
    ['no callback', null],
  ])('refuses %s: %s', (_what, callback) => {
    expect(safeCallback(callback)).toBeNull();
  });
});
