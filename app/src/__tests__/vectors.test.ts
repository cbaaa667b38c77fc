/**
 * The shared rule vectors (`tests/vectors/*.json`), run through the wasm build of the core.
 * `cargo test` runs the same files natively, so a rule is pinned in both worlds.
 *
 * File format: `{"rule": "phone.normalize", "js": "normalizePhone", "cases": [{"name", "args",
 * "expected"} | {"name", "args", "throws": true}]}`. The folder is read at test time, so a new
 * file is picked up without touching this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as site from 'core-wasm';
import * as booking from 'core-wasm/booking';
import * as staff from 'core-wasm/staff';
import { describe, expect, it } from 'vitest';
import { filterTrips } from '@/features/trips/filter-trips';
import { subsetMismatch } from '@/test/subset-match';

interface VectorCase {
  name: string;
  args: unknown[];
  expected?: unknown;
  throws?: boolean;
}

interface VectorFile {
  rule: string;
  js: string;
  cases: VectorCase[];
}

// Not `new URL(..., import.meta.url)`: Vite rewrites that pattern into a served asset URL.
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tests/vectors');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort();

// The core is three wasm modules (the first pages' rules, the booking pages' rules and the
// staff site's); a rule vector names its function, wherever it lives. filterTrips is the site's
// own over the core's tripOrder (positions, not copies of the trips).
const coreExports = { ...site, ...booking, ...staff, filterTrips } as unknown as Record<string, unknown>;

function load(file: string): VectorFile {
  try {
    return JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as VectorFile;
  } catch (error) {
    throw new Error(`tests/vectors/${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Calls the export, awaiting it if it is async; a throw or a rejection is returned as such. */
async function call(fn: (...args: unknown[]) => unknown, args: unknown[]): Promise<{ threw: false; value: unknown } | { threw: true; error: unknown }> {
  try {
    return { threw: false, value: await fn(...args) };
  } catch (error) {
    return { threw: true, error };
  }
}

describe('vector files', () => {
  it('are there', () => {
    expect(files.length, `no *.json in ${folder}`).toBeGreaterThan(0);
  });

  it.each(files)('%s has a rule, a function name and cases', (file) => {
    const vectors = load(file);
    expect(typeof vectors.rule, 'rule').toBe('string');
    expect(typeof vectors.js, 'js').toBe('string');
    expect(Array.isArray(vectors.cases) && vectors.cases.length > 0, 'cases: a non-empty array').toBe(true);
  });
});

// One test per case, named `${rule}: ${name}` (not nested, so the name is the full name).
for (const file of files) {
  const vectors = load(file);
  for (const vector of Array.isArray(vectors.cases) ? vectors.cases : []) {
    it(`${vectors.rule}: ${vector.name}`, async () => {
      const fn = coreExports[vectors.js];
      expect(typeof fn, `core-wasm has no function '${vectors.js}'`).toBe('function');
      expect(Array.isArray(vector.args), 'args: an array').toBe(true);

      const outcome = await call(fn as (...args: unknown[]) => unknown, vector.args);
      if (vector.throws === true) {
        expect(outcome, `expected ${vectors.js} to throw`).toMatchObject({ threw: true });
        return;
      }
      if (outcome.threw) throw outcome.error;
      expect('expected' in vector, 'a case needs "expected" or "throws": true').toBe(true);
      expect(subsetMismatch(vector.expected, outcome.value)).toBeNull();
    });
  }
}
