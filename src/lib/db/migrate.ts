import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** Versioned SQL files, `NNNN_name.sql`, the same on PGlite and PostgreSQL. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(dir + file, 'utf8'),
    }));
}

// Any constant works; it only has to be the same for every instance of the service.
const MIGRATION_LOCK_KEY = 7_341_902_118;

/**
 * Applies every pending migration in one transaction, under an advisory lock so that several
 * instances starting at once apply each file exactly once. Returns the versions applied.
 */
export async function migrate(db: Kysely<DB>, migrations = loadMigrations()): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await sql.raw(m.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: m.version, name: m.name }).execute();
      applied.push(m.version);
    }
    return applied;
  });
}
