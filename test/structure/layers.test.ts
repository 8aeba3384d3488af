// Imports point down (point 2). Every relative import in src/**/*.ts — static, re-export,
// side-effect, dynamic, and type-only — may reach only its own layer or a lower one:
//   0 config → 1 lib (incl. the currency/network catalogue) → 2 chains → 3 modules, context
//   → 4 app, worker, main, bootstrap, metrics, cli
// A regex over the source is enough; no TypeScript compiler, so this runs in milliseconds.
// The same graph must also have no circle: no two files that import each other, however far round.
// Type-only imports count there as well. They vanish at run time, so they cannot break the order
// in which modules load, but two files that name each other's types still have to be read and
// changed together, and what both need belongs in a third file below them.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const srcDir = join(root, 'src');

const LAYER_NAMES = ['config', 'lib', 'chains', 'modules', 'app'] as const;

/** The layer of a file given as a path relative to the repository root ('src/…', '/' separators). */
export function layerOf(path: string): number | undefined {
  if (path === 'src/config.ts' || path.startsWith('src/config/')) return 0;
  if (path.startsWith('src/lib/')) return 1;
  if (path.startsWith('src/chains/')) return 2;
  if (path.startsWith('src/modules/') || path === 'src/context.ts') return 3;
  if (['src/app.ts', 'src/worker.ts', 'src/main.ts', 'src/bootstrap.ts', 'src/metrics.ts'].includes(path) || path.startsWith('src/cli/')) {
    return 4;
  }
  return undefined;
}

function listTs(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listTs(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

// Comments are blanked first so an example import in a doc comment does not count. Strings are
// kept (the specifiers are strings); a '//' inside a string literal only ever hides the rest of
// its own line, which holds no import.
function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const STATIC = /^[ \t]*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm; // import … from / export … from
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm; // import './side-effect.ts'
const DYNAMIC = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g; // import('…'), also typeof import('…') in types

/** The relative specifiers a source text imports, in order of appearance per kind. */
export function relativeSpecifiers(source: string): string[] {
  const text = stripComments(source);
  const specs: string[] = [];
  for (const re of [STATIC, BARE, DYNAMIC]) {
    for (const m of text.matchAll(re)) if (m[1]!.startsWith('.')) specs.push(m[1]!);
  }
  return specs;
}

function resolveSpecifier(fromFile: string, spec: string): string | undefined {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => c.endsWith('.ts') && existsSync(c) && statSync(c).isFile());
}

const rel = (abs: string) => relative(root, abs).split(sep).join('/');

interface Edge {
  from: string;
  to: string;
}

function importGraph(): { files: string[]; edges: Edge[]; unresolved: string[] } {
  const files = listTs(srcDir);
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    for (const spec of relativeSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, spec);
      if (target) edges.push({ from: rel(file), to: rel(target) });
      else unresolved.push(`${rel(file)} → ${spec}`);
    }
  }
  return { files: files.map(rel), edges, unresolved };
}

/**
 * The import circles among `files`: each strongly connected component of more than one file (or a
 * file importing itself), found with Tarjan's algorithm and reported as one shortest loop through
 * its first file, `a → b → … → a`, followed by the other files caught in the same knot.
 */
export function importCycles(files: readonly string[], edges: readonly Edge[]): string[] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = ''; w !== v; ) {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    }
    if (component.length > 1 || next.get(v)?.includes(v)) components.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return components.map((component) => {
    const loop = shortestLoop(component[0] as string, new Set(component), next);
    const others = component.filter((f) => !loop.includes(f));
    const chain = loop.join(' → ');
    return others.length === 0 ? chain : `${chain}\n    and, in the same circle, ${others.join(', ')}`;
  });
}

/** A shortest path from `start` back to itself inside one component (breadth first). */
function shortestLoop(start: string, inside: Set<string>, next: Map<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i] as string;
    for (const w of next.get(v) ?? []) {
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = cameFrom.get(u)) {
          path.splice(1, 0, u);
        }
        return [...path, start];
      }
      if (inside.has(w) && !cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

describe('layers: imports point down', () => {
  it('classifies a known file into each layer', () => {
    assert.equal(layerOf('src/config.ts'), 0);
    assert.equal(layerOf('src/config/env.ts'), 0);
    assert.equal(layerOf('src/lib/money.ts'), 1);
    assert.equal(layerOf('src/lib/currencies/catalogue.ts'), 1);
    assert.equal(layerOf('src/chains/evm/evm-chain.ts'), 2);
    assert.equal(layerOf('src/modules/invoices/create.ts'), 3);
    assert.equal(layerOf('src/context.ts'), 3);
    assert.equal(layerOf('src/app.ts'), 4);
    assert.equal(layerOf('src/worker.ts'), 4);
    assert.equal(layerOf('src/cli/migrate.ts'), 4);
    assert.equal(layerOf('src/somewhere-new.ts'), undefined);
    for (const file of ['src/config.ts', 'src/lib/money.ts', 'src/context.ts', 'src/app.ts']) {
      assert.ok(existsSync(join(root, file)), `${file} exists`);
    }
  });

  it('finds every kind of relative import, type-only included, and skips comments', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      'import {',
      '  c,',
      '  type D,',
      "} from './c.ts';",
      "export { e } from './e.ts';",
      "export type * from './f.ts';",
      "import './g.ts';",
      "const h = await import('./h.ts');",
      "type I = typeof import('./i.ts');",
      "import { readFileSync } from 'node:fs';",
      "// import { x } from './commented.ts';",
      "/* export * from './commented-too.ts'; */",
      "const url = 'http://example.com';",
      "import { j } from './j.ts';",
    ].join('\n');
    assert.deepEqual(relativeSpecifiers(source).sort(), [
      '../b.ts',
      './a.ts',
      './c.ts',
      './e.ts',
      './f.ts',
      './g.ts',
      './h.ts',
      './i.ts',
      './j.ts',
    ]);
  });

  it('has no upward import, and every file in src/ has a layer', () => {
    const { files, edges, unresolved } = importGraph();
    assert.ok(files.length > 50, `found ${files.length} files under src/`);
    assert.ok(edges.length > 100, `found ${edges.length} imports`);
    assert.deepEqual(unresolved, [], 'relative imports that resolve to no file');

    const unclassified = files.filter((f) => layerOf(f) === undefined);
    assert.deepEqual(unclassified, [], 'files under src/ in no layer (add them to layerOf)');

    const upward = edges
      .filter((e) => layerOf(e.to)! > layerOf(e.from)!)
      .map((e) => `${e.from} (${LAYER_NAMES[layerOf(e.from)!]}) → ${e.to} (${LAYER_NAMES[layerOf(e.to)!]})`);
    const unique = [...new Set(upward)];
    assert.equal(unique.length, 0, `${unique.length} upward imports:\n${unique.join('\n')}`);
  });

  it('finds each import circle once and prints it as a chain', () => {
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'];
    const edges = [
      ['a.ts', 'b.ts'],
      ['b.ts', 'c.ts'],
      ['c.ts', 'a.ts'],
      ['c.ts', 'd.ts'],
      ['d.ts', 'b.ts'],
      ['e.ts', 'e.ts'],
      ['e.ts', 'f.ts'],
    ].map(([from, to]) => ({ from: from as string, to: to as string }));
    assert.deepEqual(importCycles(files, edges), ['a.ts → b.ts → c.ts → a.ts\n    and, in the same circle, d.ts', 'e.ts → e.ts']);
    assert.deepEqual(
      importCycles(
        files,
        edges.filter((e) => e.from !== 'c.ts' && e.from !== 'e.ts'),
      ),
      [],
    );
  });

  it('keeps src/context.ts, which the modules import, clear of every module', () => {
    const { edges } = importGraph();
    const fromContext = edges.filter((e) => e.from === 'src/context.ts' && e.to.startsWith('src/modules/'));
    assert.deepEqual(fromContext, []);
  });

  it('has no import circle', () => {
    const { files, edges } = importGraph();
    const cycles = importCycles(files, edges);
    assert.equal(cycles.length, 0, `${cycles.length} import circles:\n${cycles.join('\n')}`);
  });
});
