/**
 * No module imports itself through others, and features depend on each other in one direction: a feature may use another's modules, but no
 * chain of imports leads back to where it started. Two features that import each other are one
 * feature in all but name, and every change to either has to keep both in mind (the trips and
 * seat-plan pages once did; the payment pages and the booking steps too). The graph is read from
 * the import lines under src/features; tests aside, since they may share fixtures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Not `new URL(..., import.meta.url)`: Vite rewrites that pattern into a served asset URL.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const features = path.join(src, 'features');

type Graph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return item.name === '__tests__' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(item.name) ? [full] : [];
  });
}

/** The feature a file belongs to, or null outside src/features. */
function featureOf(file: string): string | null {
  const relative = path.relative(features, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : (relative.split(path.sep)[0] ?? null);
}

/** Static, side-effect and dynamic imports: `from '…'`, `import '…'`, `import('…')`. */
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g;

/** The file an import names: `@/x` or `./x`, with its extension; null for a package. */
function resolved(file: string, specifier: string): string | null {
  const target = specifier.startsWith('@/')
    ? path.join(src, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(file), specifier)
      : null;
  if (!target) return null;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => target + end).find((f) => existsSync(f)) ?? null;
}

/** Every module under src (tests aside) and the modules it imports. Type-only imports count:
 * they vanish from the bundle, but not from what a reader must hold in mind. */
function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(src)) {
    const edges = new Set<string>();
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolved(file, specifier);
      if (target && target !== file && /\.tsx?$/.test(target)) edges.add(path.relative(src, target));
    }
    graph.set(path.relative(src, file), edges);
  }
  return graph;
}

function featureGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(features)) {
    const from = featureOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = specifier.startsWith('@/')
        ? path.join(src, specifier.slice(2))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(file), specifier)
          : null;
      const to = target && featureOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A chain of features that leads back to its first one, or null. */
function findCycle(graph: Graph): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | null => {
    const start = trail.indexOf(node);
    if (start >= 0) return [...trail.slice(start), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('boundaries', () => {
  it('no module imports itself through others', () => {
    const graph = moduleGraph();
    expect(graph.get('main.tsx')).toContain('app/app.tsx');
    const cycle = findCycle(graph);
    expect(cycle && cycle.join(' -> ')).toBeNull();
  });

  it('no chain of imports leads from a feature back to itself', () => {
    const graph = featureGraph();
    // The reading works: the features that are known to use others are seen to.
    expect(graph.get('seat-plan')).toContain('booking');
    const cycle = findCycle(graph);
    expect(cycle && cycle.join(' -> ')).toBeNull();
  });

  it('finds a cycle through several features', () => {
    const graph: Graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    graph.set('c', new Set());
    expect(findCycle(graph)).toBeNull();
  });
});
