/**
 * Backups of the embedded database (PGlite): a snapshot is the tarball of its data directory, as
 * `PGlite.dumpDataDir` writes it, gzipped. PGlite reads it back (`loadDataDir`), which is how a
 * backup is restored, verified, or moved to PostgreSQL.
 *
 * Why this is a consistent snapshot while the service runs. PGlite is one PostgreSQL backend in the
 * service's process: no second process may open its directory (see data-dir-lock.ts), so a backup
 * of a running service is asked of the service itself (`POST /admin/backup`). There, the snapshot
 * is taken holding the database's only connection (`PGliteDialect` hands it to one caller at a
 * time, and a transaction holds it from BEGIN to COMMIT): every transaction that had begun has
 * committed or rolled back, and none can begin until the copy is made. Within that hold,
 * `CHECKPOINT` writes every committed change into the data files, and `dumpDataDir` copies the
 * files under PGlite's own query lock. The copy is therefore the database exactly as of one
 * instant between two transactions: everything acknowledged before the backup began is in it,
 * nothing half done is. The service pauses only for the copy (about 0.2 s for a trial's 40 MB);
 * compressing (off the event loop) and sending happen after the hold is released. A logical dump
 * inside one REPEATABLE READ transaction would be just as consistent, but on a one-connection
 * database it would hold every request for the whole dump, and restore would rebuild the schema.
 */
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { removeDataDirLock, lockDataDir } from './data-dir-lock.ts';
import { openDatabase, type Database } from './index.ts';

const gzipAsync = promisify(gzip);

/** The raw tarball of the data directory, taken at one instant between two transactions. */
export async function snapshotTar(database: Database): Promise<Blob> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('only the embedded database is snapshotted this way; back PostgreSQL up with pg_dump');
  return database.db.connection().execute(async (conn) => {
    await sql`checkpoint`.execute(conn);
    return pglite.dumpDataDir('none');
  });
}

/**
 * A snapshot as the backup file's bytes (gzipped), compressed on libuv's thread pool. PGlite runs
 * queries on the main thread, and Node's zlib comes back to the main thread after every output
 * chunk (16 KiB by default), so under load a default gzip crawls behind the queries (seconds for
 * a 40 MB directory); output chunks of 16 MiB take it in one or two rounds.
 */
export async function snapshotGzip(database: Database): Promise<Buffer> {
  const tar = await snapshotTar(database);
  return gzipAsync(new Uint8Array(await tar.arrayBuffer()), { chunkSize: 16 * 1024 * 1024 });
}

export class NotABackupError extends Error {}

/** The tarball inside a backup file (gzipped or not); refuses anything else. */
export function backupTar(archive: Uint8Array): Uint8Array {
  let tar = archive;
  if (archive[0] === 0x1f && archive[1] === 0x8b) {
    try {
      tar = gunzipSync(archive);
    } catch (err) {
      throw new NotABackupError(`it is not a complete gzip file (${(err as Error).message})`);
    }
  }
  if (tar.length < 512 || Buffer.from(tar.subarray(257, 262)).toString('latin1') !== 'ustar') {
    throw new NotABackupError('it is not a tarball of a data directory (npm run backup writes one)');
  }
  return tar;
}

/** The newest migration a database has applied, or throws when it has none. */
export async function schemaVersion(database: Database): Promise<number> {
  const row = await sql<{ v: number | null }>`select max(version) as v from schema_migrations`.execute(database.db);
  const v = row.rows[0]?.v;
  if (v === null || v === undefined) throw new NotABackupError('it holds no gateway database (no migrations applied)');
  return Number(v);
}

/** A backup opened in memory (nothing on disk changes): to verify it, or to move it elsewhere. */
export async function openBackup(archive: Uint8Array): Promise<Database> {
  const tar = backupTar(archive);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([tar]) });
  } catch (err) {
    throw new NotABackupError(`the embedded database could not open it (${(err as Error).message})`);
  }
  try {
    await schemaVersion(database);
  } catch (err) {
    await database.close();
    throw err instanceof NotABackupError ? err : new NotABackupError(`it holds no gateway database (${(err as Error).message})`);
  }
  return database;
}

/**
 * Writes a backup into `dataDir`, an empty directory (the caller checks), and checks that the
 * database opens there and holds the gateway's schema. Returns its schema version. The lock file of
 * the process the backup was taken from, which came with the tarball, is removed.
 */
export async function restoreInto(archive: Uint8Array, dataDir: string): Promise<number> {
  const tar = backupTar(archive);
  const unlock = lockDataDir(dataDir, true);
  try {
    let pglite: PGlite;
    try {
      pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([tar]) });
    } catch (err) {
      throw new NotABackupError(`the embedded database could not open it (${(err as Error).message})`);
    }
    try {
      const row = await pglite.query<{ v: number | null }>('select max(version) as v from schema_migrations').catch(() => null);
      const v = row?.rows[0]?.v;
      if (v === null || v === undefined) throw new NotABackupError('it holds no gateway database (no migrations applied)');
      return Number(v);
    } finally {
      await pglite.close();
    }
  } finally {
    unlock();
    removeDataDirLock(dataDir);
  }
}
