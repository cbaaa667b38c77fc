/**
 * The comparison the shared test vectors (`tests/vectors/*.json`) use, so the same file passes in
 * Rust and through wasm although the two sides serialise a little differently:
 *
 * - an expected object's keys must match in the actual object; the actual may have more keys,
 *   and a key missing in the actual counts as null (serde skips `None` fields in some types);
 * - arrays must have the same length and match element by element;
 * - numbers compare by value (a wasm `u64` arrives as a BigInt);
 * - everything else compares strictly (`===`); `undefined` counts as `null`.
 *
 * Returns null on a match, else a description of the first mismatch with its path.
 */
export function subsetMismatch(expected: unknown, actual: unknown, path = '$'): string | null {
  if (expected === null || expected === undefined) {
    return actual === null || actual === undefined ? null : mismatch(path, expected, actual);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return mismatch(path, expected, actual, 'an array');
    if (actual.length !== expected.length) {
      return `${path}: expected an array of length ${expected.length}, got length ${actual.length}: ${show(actual)}`;
    }
    for (const [i, item] of expected.entries()) {
      const found = subsetMismatch(item, actual[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof expected === 'object') {
    if (!isPlainObject(actual)) return mismatch(path, expected, actual, 'an object');
    for (const [key, value] of Object.entries(expected)) {
      const found = subsetMismatch(value, actual[key], `${path}.${key}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof expected === 'number') {
    const value = typeof actual === 'bigint' ? Number(actual) : actual;
    return value === expected ? null : mismatch(path, expected, actual);
  }
  return actual === expected ? null : mismatch(path, expected, actual);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  // A Map (serde-wasm-bindgen's default for maps) is not a match for a JSON object: the bindings
  // must serialise maps as objects, and this says so instead of passing by accident.
  return proto === Object.prototype || proto === null;
}

function mismatch(path: string, expected: unknown, actual: unknown, wanted?: string): string {
  return `${path}: expected ${wanted ?? show(expected)}, got ${show(actual)}`;
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Map) return `Map ${show(Object.fromEntries(value))}`;
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  } catch {
    return String(value);
  }
}
