#!/usr/bin/env node
// Measures what each test file costs, for scripts/run-tests.mjs to balance its shards by:
// every file is run alone (`node scripts/run-tests.mjs <file>`, two at a time) under GNU time,
// and the CPU seconds of its whole process tree (test process, browsers, gateways it starts), less
// the start-up that a file pays alone and a shard pays once (measured on an empty test file), are
// written to scripts/test-costs.json. Run it with the suite's services up (TEST_DATABASE_URL,
// TEST_REDIS_URL), as .ci/run has them: `node scripts/test-costs.mjs [files…]`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const TIME = '/usr/bin/time';
const OUT = join(ROOT, 'scripts', 'test-costs.json');
if (!existsSync(TIME)) {
  console.error(`${TIME} (GNU time) is needed: apt-get install time`);
  process.exit(2);
}

function collect(path, out = []) {
  if (statSync(path).isFile()) return /\.test\.m?ts$/.test(path) ? [...out, path] : out;
  for (const name of readdirSync(path).sort()) if (name !== 'node_modules' && !name.startsWith('.')) out = collect(join(path, name), out);
  return out;
}

/** CPU seconds (user + system) of `node scripts/run-tests.mjs file` and its children, and whether it passed. */
function measure(file) {
  return new Promise((done) => {
    const child = spawn(TIME, ['-f', '%U %S', process.execPath, 'scripts/run-tests.mjs', file], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      const [user, sys] = err.trim().split('\n').at(-1).split(' ').map(Number);
      done({ cpu: user + sys, ok: code === 0 });
    });
  });
}

const args = process.argv.slice(2);
const files = (args.length ? args : ['test', 'src', 'packages']).flatMap((p) => collect(p)).map((f) => relative(ROOT, resolve(f)));

const scratch = mkdtempSync(join(tmpdir(), 'cg-costs-'));
const empty = join(scratch, 'empty.test.ts');
writeFileSync(empty, "import { it } from 'node:test';\nimport '" + join(ROOT, 'test/helpers/harness.ts') + "';\nit('starts', () => {});\n");
const startup = Math.min(...(await Promise.all([measure(empty), measure(empty)])).map((r) => r.cpu));
rmSync(scratch, { recursive: true, force: true });
console.log(`start-up of a file alone: ${startup.toFixed(1)} s of CPU`);

const previous = existsSync(OUT) ? (JSON.parse(readFileSync(OUT, 'utf8')).files ?? {}) : {};
const costs = { ...previous };
const queue = [...files];
const parallel = Math.max(1, Math.min(2, cpus().length));
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const { cpu, ok } = await measure(file);
      costs[file] = Math.max(0.1, Math.round((cpu - startup) * 10) / 10);
      console.log(`${ok ? '' : 'FAILED '}${file}: ${cpu.toFixed(1)} s, cost ${costs[file]}`);
    }
  }),
);
const sorted = Object.fromEntries(
  Object.keys(costs)
    .filter((f) => existsSync(join(ROOT, f)))
    .sort()
    .map((f) => [f, costs[f]]),
);
writeFileSync(
  OUT,
  JSON.stringify(
    {
      '//': `CPU seconds each test file costs inside a shard (both engines and Redis), less the start-up a shard pays once; scripts/run-tests.mjs balances its shards by these. Written by scripts/test-costs.mjs (each file alone, ${cpus()[0]?.model?.trim() ?? 'unknown CPU'}, ${new Date().toISOString().slice(0, 10)}). Files missing here are estimated from their size.`,
      files: sorted,
    },
    null,
    2,
  ) + '\n',
);
console.log(
  `${Object.keys(sorted).length} files, ${Object.values(sorted)
    .reduce((a, b) => a + b, 0)
    .toFixed(0)} s in all`,
);
