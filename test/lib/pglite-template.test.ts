// A new embedded database starts from the installation's empty cluster (scripts/prepare.mjs, run by
// `npm ci`) instead of running initdb: a new data directory is a copy of it, and an in-memory
// database loads its tarball. initdb gives every cluster a new random system identifier, so a
// database carrying the template's identifier was not made by initdb.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from '../../src/lib/db/index.ts';
import { migrationsKey, pgliteTemplateDir } from '../../src/lib/db/pglite-template.ts';

const template = pgliteTemplateDir();
const missing =
  existsSync(join(template, 'PG_VERSION')) && existsSync(`${template}.tar`)
    ? false
    : `no cluster template at ${template} (npm ci makes it)`;

/** A cluster's identifier, read from its control file (whose first field it is) without starting it. */
const identifierOf = (cluster: string) =>
  readFileSync(join(cluster, 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString();
/** A new data directory is copied from the migrated template when it has the current migrations. */
const migrated = pgliteTemplateDir(migrationsKey());
const directoryTemplate = existsSync(join(migrated, 'PG_VERSION')) ? migrated : template;
const identifier = async (pg: PGlite) =>
  (await pg.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')).rows[0]!.id;

describe('new embedded databases start from the installation cluster [pglite]', { skip: missing }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cg-template-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('an in-memory database and a new data directory are the template cluster, not a new initdb', async () => {
    mkdirSync(join(dir, 'data'));
    for (const [dataDir, cluster] of [
      ['memory://', template],
      ['memory://', template],
      [join(dir, 'data'), directoryTemplate],
    ] as const) {
      const pg = await createPglite(dataDir, {});
      try {
        assert.equal(await identifier(pg), identifierOf(cluster), dataDir);
        // A whole cluster: its template databases are there, and it takes writes.
        assert.deepEqual(
          (await pg.query<{ datname: string }>('select datname from pg_database order by 1')).rows.map((r) => r.datname),
          ['postgres', 'template0', 'template1'],
        );
        await pg.exec('create table t (x int); insert into t values (1)');
      } finally {
        await pg.close();
      }
    }
  });
});
