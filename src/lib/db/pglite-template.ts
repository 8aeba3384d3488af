import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMigrations, type Migration } from './migrate.ts';

/**
 * A new embedded database starts from a copy of a cluster made once per installation (`npm ci` runs
 * scripts/prepare.mjs: PGlite's initdb, then the migrations, into node_modules/.cache) instead of
 * running initdb (seconds of CPU, and hundreds of MB of memory held for good by the process) and
 * every migration itself. The copy is exactly what they would have written, its migrations those of
 * the sources (by their hash) or none; without a template (`npm ci --ignore-scripts`, a read-only
 * cache) PGlite runs initdb as before. scripts/prepare.mjs makes the directories through these functions.
 */
export function pgliteTemplateDir(migrated?: string): string {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(dirname(require.resolve('@electric-sql/pglite')));
  const version = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  return join(root, 'node_modules', '.cache', 'cryptogate', `pglite-cluster-${version}${migrated ? `-m${migrated}` : ''}`);
}

/**
 * Names a set of migrations: a cluster they were applied to (by `npm ci`, scripts/prepare.mjs) is
 * kept under it, and a new database starts from it only when the migrations are exactly these.
 */
export function migrationsKey(migrations: Migration[] = loadMigrations()): string {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.version}:${m.name}\n${m.sql}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The empty cluster (initdb's, no migrations) as PGlite's tarball, which an in-memory database
 * (`memory://`) loads instead of running initdb; undefined without one (made by scripts/prepare.mjs).
 */
export function memoryTemplate(): Blob | undefined {
  try {
    return new Blob([readFileSync(`${pgliteTemplateDir()}.tar`)]);
  } catch {
    return undefined;
  }
}

/** The cluster a new database starts from: migrated with exactly the current migrations, else just initdb's. */
function bestTemplate(): string {
  const migrated = pgliteTemplateDir(migrationsKey());
  return existsSync(join(migrated, PG_VERSION)) ? migrated : pgliteTemplateDir();
}

/** Written while a template is copied: a start that finds it knows the copy was cut short. */
const COPYING = '.template-copying';
/** Marks a database directory: PGlite starts an existing cluster when it finds this file. */
const PG_VERSION = 'PG_VERSION';

/**
 * Seeds `dataDir`, holding no database yet, from the template; true if it did. Entries are copied
 * with PG_VERSION last, so a copy cut short is never taken for a database: the next start finds
 * the marker and copies again over exactly the template's own entries (nothing else there is touched).
 */
export function seedFromTemplate(dataDir: string, template = bestTemplate()): boolean {
  if (existsSync(join(dataDir, PG_VERSION))) return false;
  if (!existsSync(join(template, PG_VERSION))) return false;
  const entries = readdirSync(template);
  const interrupted = existsSync(join(dataDir, COPYING));
  // A directory holding anything of a cluster's we did not put there is left to PGlite as it is.
  if (!interrupted && entries.some((e) => existsSync(join(dataDir, e)))) return false;
  writeFileSync(join(dataDir, COPYING), '');
  for (const e of entries) if (interrupted) rmSync(join(dataDir, e), { recursive: true, force: true });
  for (const e of entries) if (e !== PG_VERSION) cpSync(join(template, e), join(dataDir, e), { recursive: true });
  copyFileSync(join(template, PG_VERSION), join(dataDir, PG_VERSION));
  rmSync(join(dataDir, COPYING), { force: true });
  return true;
}
