import { describe, expect, it } from 'vitest';
import { subsetMismatch } from '@/test/subset-match';

describe('subsetMismatch', () => {
  it('matches equal scalars strictly', () => {
    expect(subsetMismatch('01712345678', '01712345678')).toBeNull();
    expect(subsetMismatch(true, true)).toBeNull();
    expect(subsetMismatch('1', 1)).toMatch(/^\$: expected "1", got 1$/);
    expect(subsetMismatch(false, 0)).not.toBeNull();
    expect(subsetMismatch('', null)).not.toBeNull();
  });

  it('compares numbers by value, BigInt included', () => {
    expect(subsetMismatch(3, 3)).toBeNull();
    expect(subsetMismatch(3, 3n)).toBeNull();
    expect(subsetMismatch(3, 4)).not.toBeNull();
    expect(subsetMismatch(3, '3')).not.toBeNull();
  });

  it('treats null and undefined alike', () => {
    expect(subsetMismatch(null, null)).toBeNull();
    expect(subsetMismatch(null, undefined)).toBeNull();
    expect(subsetMismatch(null, 0)).toMatch(/expected null, got 0/);
    expect(subsetMismatch(null, {})).not.toBeNull();
  });

  it('lets the actual object have extra keys', () => {
    expect(subsetMismatch({ code: 'phone.length' }, { code: 'phone.length', text: 'Phone number must be 11 digits' })).toBeNull();
  });

  it('counts a missing key as null', () => {
    expect(subsetMismatch({ promo: null }, {})).toBeNull();
    expect(subsetMismatch({ promo: 1 }, {})).toMatch(/^\$\.promo: expected 1, got undefined$/);
  });

  it('does not let the actual miss an expected key or value', () => {
    expect(subsetMismatch({ a: { b: [1, { c: 'x' }] } }, { a: { b: [1, { c: 'y' }] } })).toBe(
      '$.a.b[1].c: expected "x", got "y"',
    );
  });

  it('wants arrays of equal length, matched elementwise', () => {
    expect(subsetMismatch([1, 2], [1, 2])).toBeNull();
    expect(subsetMismatch([{ a: 1 }], [{ a: 1, b: 2 }])).toBeNull();
    expect(subsetMismatch([1, 2], [1, 2, 3])).toMatch(/expected an array of length 2, got length 3/);
    expect(subsetMismatch([2, 1], [1, 2])).toMatch(/^\$\[0\]/);
    expect(subsetMismatch([], {})).toMatch(/expected an array/);
  });

  it('does not take an array or a Map for an object', () => {
    expect(subsetMismatch({}, [])).toMatch(/expected an object/);
    expect(subsetMismatch({ a: 1 }, new Map([['a', 1]]))).toMatch(/expected an object, got Map/);
    expect(subsetMismatch({}, null)).not.toBeNull();
  });

  it('matches an empty expected object against any object', () => {
    expect(subsetMismatch({}, { anything: true })).toBeNull();
  });
});
