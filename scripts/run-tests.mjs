#!/usr/bin/env node
// Runs every *.test.ts under test/ and src/, and the workspace packages' *.test.mts under packages/,
// with Node's built-in test runner: the files compiled once by esbuild (compileTests), or through
// tsx when one file is named, with TEST_ISOLATE=1 or TEST_COMPILE=0.
// Database tests run on the embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL
// is set; Redis cases run when TEST_REDIS_URL is set. Extra arguments name files or directories.
//
// Node 20's runner starts one process per file, and each process pays seconds of CPU before its
// first test (tsx loading the app, PGlite's WASM, the JIT warming up). So the files are grouped
// into shards balanced by their measured cost (scripts/test-costs.json; unknown files by size),
// each shard a generated module importing its files, and the runner runs the shards in parallel.
// Every test still runs and reports its own file (TAP `location:`, its compiled module). TEST_ISOLATE=1, or naming one
// file, runs each file in its own process as before. TEST_CONCURRENCY sets the parallel shards.
// The type check and the lint of the whole suite run beside the tests and fail the run like a failing test.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { setPriority } from 'node:os';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const SHARD_DIR = join(ROOT, 'node_modules', '.cache', 'cryptogate', 'shards');
/**
 * CPU seconds a shard aims at: larger shards pay the start-up less often (a process's module
 * loading, PGlite's compile and template, a Chromium launch), smaller ones balance better. The whole
 * suite on 2 cores: 27 shards (45 s) 877 and 897 s, 15 shards (90 s) 824 s, 9 shards (150 s) 882 s,
 * with one shard left alone at the end.
 */
const SHARD_TARGET = Number(process.env.TEST_SHARD_SECONDS ?? 90);

function collect(path, out) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return out;
  }
  if (st.isFile()) {
    if (/\.test\.m?ts$/.test(path)) out.push(path);
    return out;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    collect(join(path, name), out);
  }
  return out;
}

/** Measured CPU seconds of each file (both engines and Redis), by path relative to the root. */
function loadCosts() {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'scripts', 'test-costs.json'), 'utf8')).files ?? {};
  } catch {
    return {};
  }
}

/** A file's expected cost in CPU seconds, less the start-up a shard pays once. */
function costOf(file, costs) {
  const known = costs[relative(ROOT, resolve(file)).split('\\').join('/')];
  if (typeof known === 'number') return known;
  return 1 + statSync(file).size / 2000;
}

/**
 * Groups files into shards, longest first onto the least loaded (LPT). Files costing more than
 * a shard's target get a shard of their own, so the heaviest (browser) files run apart.
 */
function shard(files, concurrency) {
  const costs = loadCosts();
  const items = files.map((f) => ({ file: f, cost: costOf(f, costs) })).sort((a, b) => b.cost - a.cost);
  const total = items.reduce((s, i) => s + i.cost, 0);
  // A multiple of the concurrency: shards of like cost then end together instead of one alone.
  const count = Math.min(items.length, concurrency * Math.max(1, Math.ceil(total / SHARD_TARGET / concurrency)));
  const shards = Array.from({ length: count }, () => ({ cost: 0, files: [] }));
  for (const item of items) {
    const least = shards.reduce((a, b) => (b.cost < a.cost ? b : a));
    least.files.push(item.file);
    least.cost += item.cost;
  }
  // The runner starts them in this order: the longest first, so the short ones fill the tail.
  return shards.filter((s) => s.files.length).sort((a, b) => b.cost - a.cost);
}

/**
 * Writes one entry module per shard, importing its files in order (each file's module as `moduleOf`
 * names it: compiled, or the TypeScript itself); returns their paths.
 */
function writeEntries(shards, moduleOf, dir = SHARD_DIR) {
  mkdirSync(SHARD_DIR, { recursive: true });
  // Entries are named by their content, so runs at once share them; old ones (and compiled trees a
  // run left behind) are let go after a day.
  for (const name of readdirSync(SHARD_DIR)) {
    const path = join(SHARD_DIR, name);
    if (Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { force: true, recursive: true });
  }
  return shards.map((s, index) => {
    const body = s.files.map((f) => `import ${JSON.stringify(pathToFileURL(moduleOf(f)).href)};\n`).join('');
    // Node's runner starts the files it is given in the order of their sorted paths, not in the
    // order given: the shard's place leads its name, so the longest still start first (named by
    // their hash alone, they started in random order, and the last to start was as likely a long
    // one as a short one, which then ran alone on the cores at the end).
    const name = `${String(index).padStart(3, '0')}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}`;
    const path = join(dir, `shard-${name}.mjs`);
    writeFileSync(path, `// cost ${s.cost.toFixed(1)} s: ${s.files.length} files\n${body}`);
    // A shard that times out or crashes is reported by its entry's name: say what it holds.
    console.log(`# shard-${name}.mjs: ${s.files.map((f) => relative(ROOT, resolve(f))).join(' ')}`);
    return path;
  });
}

/**
 * The test files compiled once by esbuild, as the gateway is for `npm start`: each file to a module
 * of its own (so a failure's location still names its file, at a line of readable JavaScript) and
 * the code they share (src/, the helpers) split into common chunks, every package left external.
 * A shard's process then loads plain JavaScript instead of compiling each file through tsx's loader
 * thread: about 1.5 s less CPU per shard. Returns the tree's directory and each file's module, or
 * undefined (the files then run through tsx as before) when it cannot be built.
 */
async function compileTests(files) {
  let esbuild;
  const outdir = join(SHARD_DIR, `compiled-${process.pid}-${Date.now().toString(36)}`);
  try {
    const started = performance.now();
    esbuild = await import('esbuild');
    const { ownUrlPlugin } = await import('./gateway-bundle.mjs');
    await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: files.map((f) => resolve(f)),
      outdir,
      outbase: ROOT,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      banner: {
        js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);",
      },
      sourcemap: 'linked',
      sourcesContent: false,
      keepNames: true,
      logLevel: 'silent',
      plugins: [ownUrlPlugin],
    });
    console.log(`# ${files.length} test files compiled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { outdir, moduleOf: (f) => join(outdir, relative(ROOT, resolve(f))).replace(/\.m?ts$/, '.mjs') };
  } catch (err) {
    rmSync(outdir, { recursive: true, force: true });
    if (err && Array.isArray(err.errors))
      console.log(`# the tests do not compile: ${err.errors.map((e) => `${e.location?.file}:${e.location?.line}: ${e.text}`).join('; ')}`);
    console.log(`# the tests run through tsx (no compiled tree: ${err?.message?.split('\n')[0] ?? err})`);
    return undefined;
  } finally {
    await esbuild?.stop?.();
  }
}

/** Runs node; resolves with its exit status (its output to ours, or collected when `quiet`), `nice` lowers its priority. */
function run(args, opts = {}) {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: opts.env ?? process.env,
    });
    if (opts.nice && child.pid) {
      try {
        setPriority(child.pid, opts.nice);
      } catch {
        // not allowed here: it runs at the tests' priority
      }
    }
    let out = '';
    if (opts.quiet) for (const s of [child.stdout, child.stderr]) s.on('data', (c) => (out += c));
    child.on('exit', (code, signal) => done({ status: code ?? (signal ? 1 : 0), out }));
  });
}

/**
 * The helper thread's compiled bundle (src/chains/offload.ts), built with the gateway's for the
 * current sources: each test process's thread loads it instead of compiling the TypeScript through
 * tsx again (a second or more of CPU per process). Without it the thread runs the sources.
 */
async function compiledWorker() {
  if (process.env.CRYPTOGATE_OFFLOAD_WORKER !== undefined) return {};
  try {
    const { gatewayBundle, offloadWorkerOf } = await import('./gateway-bundle.mjs');
    return { CRYPTOGATE_OFFLOAD_WORKER: pathToFileURL(offloadWorkerOf(await gatewayBundle())).href };
  } catch (err) {
    console.log(`# the helper thread runs the TypeScript sources (no compiled bundle: ${err?.message ?? err})`);
    return {};
  }
}

const args = process.argv.slice(2);
const roots = args.length ? args : ['test', 'src', 'packages'];
const files = roots.flatMap((root) => collect(root, []));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
for (const [name, label] of [
  ['TEST_DATABASE_URL', 'PostgreSQL cases'],
  ['TEST_REDIS_URL', 'Redis cases'],
]) {
  if (!process.env[name]) console.log(`# ${name} is not set: ${label} are skipped`);
}
// Test processes allocate fast and keep little: young generations of 64 MB semi-spaces (V8's
// default: 16) scavenge a quarter as often and promote less of what dies soon after. Measured over
// the whole suite on 2 cores: 10 % less CPU (475 → 430 s user and system). Three processes share
// two cores, so the collector works on the main thread alone: its helper threads only took cores
// from the other processes (48.3 → 47.3 s of CPU on a fifth of the suite, two runs each).
// PGlite's WebAssembly (PostgreSQL itself) is compiled by V8's baseline compiler alone
// (--liftoff-only): by default V8 also recompiles every hot function with TurboFan on its helper
// threads, and a test process lives too short for that to pay. A new process's first PGlite and 300
// queries: 2.6 → 1.1 s of CPU; 3,000 statements: 7.2-7.9 → 5.1 s, the later rounds equally fast
// both ways. Whole suite on 2 cores: shards' CPU 393 → 351 s, wall 368 → 339 s (one run each).
// The gateways the tests start as processes run the same way (test/helpers/processes.ts START_ARGS).
const V8_FLAGS = ['--max-semi-space-size=64', '--single-threaded-gc', '--liftoff-only'];

// The whole suite includes the type check, so a type error fails CI like a failing test. It runs
// beside the tests, its output held until they end, and niced: it mostly takes the cores the tests
// leave idle (waiting on Chromium, a child process or a timer). With one checker instead of tsgo's
// four, which each check the declarations all files share again: 12.2-13.2 → 7.1-7.6 s of CPU on
// 2 cores, and no slower alone (6.4-7.0 → 5.7-5.9 s; three runs each).
// The payment page's and the customer portal's browser scripts (ui/pay, ui/portal) are projects of
// their own, checked after the service's; the
// dashboard's check is a test (test/dashboard/openapi-types.test.ts).
const checkTypes = (...project) =>
  run(['node_modules/typescript-7/bin/tsc', '--noEmit', '--checkers', '1', ...project], { quiet: true, nice: 10 });
const typeCheck =
  args.length === 0
    ? checkTypes()
        .then((root) => (root.status !== 0 ? root : checkTypes('-p', 'ui/pay')))
        .then((pay) => (pay.status !== 0 ? pay : checkTypes('-p', 'ui/portal')))
    : undefined;
// The lint and format check (Biome, a native binary: a few seconds of CPU) runs beside them the same
// way: a finding, or a file not as the formatter writes it, fails the run like a failing test. What
// it checks, its rules and why some are off are in biome.jsonc.
const lint =
  args.length === 0
    ? run(['node_modules/@biomejs/biome/bin/biome', 'check', '--error-on-warnings', '--colors=off', '--max-diagnostics=50', '.'], {
        quiet: true,
        nice: 10,
      })
    : undefined;

/**
 * A temporary directory in memory (under /dev/shm) for the test processes, unless TMPDIR is set: the
 * tests' on-disk PGlite clusters, backups and Chromium profiles are thousands of small files made
 * and removed, and a file system's journal made that kernel work. Three such files (backup,
 * data-dir-lock, lifecycle/mode): system CPU 10.5 → 6.3 s. Open to all like /tmp, as the throwaway
 * PostgreSQL clusters run as their own user; removed after the run with what a test left in it.
 */
function memoryTmpdir() {
  if (process.env.TMPDIR || !existsSync('/dev/shm')) return undefined;
  try {
    const dir = mkdtempSync('/dev/shm/cryptogate-tests-');
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined; // not writable here: the system's temporary directory
  }
}
const tmp = memoryTmpdir();

const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY ?? 3));
const isolate = process.env.TEST_ISOLATE === '1' || files.length === 1;
const compiled = isolate || process.env.TEST_COMPILE === '0' ? undefined : await compileTests(files);
// Entries of compiled files are written into the compiled tree, and go with it.
const entries = isolate
  ? files
  : compiled
    ? writeEntries(shard(files, concurrency), compiled.moduleOf, compiled.outdir)
    : writeEntries(shard(files, concurrency), (f) => resolve(f));
// The runner applies --test-timeout to a whole file (here a shard) as well as to each test.
const timeout = isolate ? 300_000 : 1_200_000;
// tsx only where TypeScript is loaded as it is; the compile cache and the runner's hook always.
const preload = [
  ...(compiled ? [] : ['--import', 'tsx']),
  ...(process.env.TEST_TIMELINE ? ['--import', './test/helpers/timeline.mjs'] : []),
];
const result = await run(
  [
    ...V8_FLAGS,
    ...(process.env.TEST_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.TEST_CPU_PROF}`] : []),
    ...preload,
    '--test',
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${timeout}`,
    ...entries,
  ],
  { env: { ...process.env, NODE_ENV: 'test', ...(tmp ? { TMPDIR: tmp } : {}), ...(await compiledWorker()) } },
);
if (compiled) rmSync(compiled.outdir, { recursive: true, force: true });
if (tmp) rmSync(tmp, { recursive: true, force: true });
let status = result.status;
if (typeCheck) {
  const tsc = await typeCheck;
  if (tsc.status !== 0) {
    process.stdout.write(tsc.out);
    console.error('type check failed');
    status ||= tsc.status;
  }
}
if (lint) {
  const biome = await lint;
  if (biome.status !== 0) {
    process.stdout.write(biome.out);
    console.error('lint failed');
    status ||= biome.status;
  }
}
process.exit(status);
