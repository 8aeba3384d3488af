// Run by `npm ci` / `npm install` (the `prepare` script): readies what makes `npm start` quick.
//  - the gateway's compiled bundle (scripts/gateway-bundle.mjs);
//  - an empty PGlite cluster, node_modules/.cache/cryptogate/pglite-cluster-<version>, from which a
//    new embedded database is copied instead of running initdb (src/lib/db/pglite-template.ts), and
//    the same as a tarball (`.tar`), which an in-memory one loads;
//  - the dashboard's and the payment page's browser bundles, in the build cache lib/http/ui-bundle.ts reads.
// Never fails the install: whatever cannot be made now is made (or done without) at start.
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, gatewayBundle, ownUrlPlugin } from './gateway-bundle.mjs';

async function clusterTemplate() {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(dirname(require.resolve('@electric-sql/pglite')));
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const target = join(ROOT, 'node_modules', '.cache', 'cryptogate', `pglite-cluster-${version}`);
  // The same cluster as PGlite's own tarball: an in-memory database (DATA_DIR=memory://, the
  // tests' scratch databases) loads it instead of running initdb.
  const tarball = `${target}.tar`;
  if (existsSync(join(target, 'PG_VERSION')) && existsSync(tarball)) return target;
  const { PGlite } = await import('@electric-sql/pglite');
  const made = !existsSync(join(target, 'PG_VERSION'));
  const work = made ? mkdtempSync(`${target}.tmp-`) : target;
  try {
    const pg = await PGlite.create({ dataDir: work });
    await pg.query('select 1');
    const dump = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
    await pg.close();
    writeFileSync(`${tarball}.${process.pid}`, dump);
    renameSync(`${tarball}.${process.pid}`, tarball);
    if (made) {
      rmSync(target, { recursive: true, force: true });
      renameSync(work, target);
    }
  } finally {
    if (made) rmSync(work, { recursive: true, force: true });
    rmSync(`${tarball}.${process.pid}`, { force: true });
  }
  return target;
}

/** The gateway's own code this script runs (the database's, the browser bundles'), compiled for it. */
async function databaseCode() {
  const esbuild = await import('esbuild');
  const outfile = join(ROOT, 'node_modules', '.cache', 'cryptogate', `prepare-${process.pid}.mjs`);
  await esbuild.build({
    stdin: {
      contents: [
        "export { openDatabase } from './src/lib/db/index.ts';",
        "export { migrate } from './src/lib/db/migrate.ts';",
        "export { migrationsKey, pgliteTemplateDir } from './src/lib/db/pglite-template.ts';",
        "export { dashboardBundle } from './src/modules/dashboard/bundle.ts';",
        "export { payBundle } from './src/modules/pay/bundle.ts';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    plugins: [ownUrlPlugin],
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}

/** The empty cluster with the current migrations applied (node_modules/.cache/cryptogate/pglite-cluster-<version>-m<hash>). */
async function migratedTemplate() {
  const { openDatabase, migrate, migrationsKey, pgliteTemplateDir } = await databaseCode();
  const target = pgliteTemplateDir(migrationsKey());
  if (!existsSync(join(target, 'PG_VERSION'))) {
    const work = mkdtempSync(`${target}.tmp-`);
    try {
      const database = await openDatabase({ dataDir: work });
      await migrate(database.db);
      await database.close();
      rmSync(target, { recursive: true, force: true });
      renameSync(work, target);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  // Templates of older migrations are of no more use.
  const base = basename(pgliteTemplateDir());
  for (const name of readdirSync(dirname(target))) {
    if (name.startsWith(`${base}-m`) && name !== basename(target)) rmSync(join(dirname(target), name), { recursive: true, force: true });
  }
  return target;
}

for (const [what, make] of [
  ['gateway bundle', gatewayBundle],
  ['embedded database template', clusterTemplate],
  ['migrated embedded database template', migratedTemplate],
  // Built into the cache now, so a process that cannot write there (an image's unprivileged user) serves them at once.
  ['dashboard bundle', async () => (await (await databaseCode()).dashboardBundle()) && 'in the build cache'],
  ['payment page scripts', async () => (await (await databaseCode()).payBundle()).size + ' files in the build cache'],
]) {
  try {
    const t = performance.now();
    const path = await make();
    console.log(`prepare: ${what} ready (${((performance.now() - t) / 1000).toFixed(1)} s): ${path}`);
  } catch (err) {
    console.warn(`prepare: no ${what} now (${err?.message ?? err}); npm start does without it`);
  }
}
