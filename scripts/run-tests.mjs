#!/usr/bin/env node
// Runs every *.test.ts under test/ and src/ with Node's built-in test runner (TypeScript via tsx).
// Database tests run on the embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL
// is set; Redis cases run when TEST_REDIS_URL is set. Extra arguments name files or directories.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(path, out) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return out;
  }
  if (st.isFile()) {
    if (path.endsWith('.test.ts')) out.push(path);
    return out;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    collect(join(path, name), out);
  }
  return out;
}

const args = process.argv.slice(2);
const roots = args.length ? args : ['test', 'src'];
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
if (args.length === 0) {
  // The whole suite starts with the type check, so a type error fails CI like a failing test.
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit'], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('type check failed');
    process.exit(tsc.status ?? 1);
  }
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=300000', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
