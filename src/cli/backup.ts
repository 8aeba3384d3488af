/**
 * `npm run backup -- FILE`: a consistent snapshot of the embedded database, written to FILE (a
 * gzipped tarball of the data directory) and verified before it is kept.
 *
 * - The service running on DATA_DIR (its lock file names a live process): PGlite is one process, so
 *   the snapshot is asked of the service, `POST /admin/backup` on http://HOST:PORT with ADMIN_TOKEN,
 *   which takes it between two transactions (lib/db/snapshot.ts says why that is consistent).
 * - The service stopped: the command opens DATA_DIR itself (taking its lock, so a service started
 *   meanwhile refuses instead of writing beside it) and takes the same snapshot.
 *
 * FILE is written under a temporary name and renamed once the backup opened and showed its schema,
 * so FILE is never a partial backup; it is readable by its owner only, since it holds the whole
 * database. With DATABASE_URL set there is nothing embedded to back up: PostgreSQL has pg_dump and
 * point-in-time recovery (docs/operating.md, "Backup and restore").
 */
import { createWriteStream, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dataDirHolder } from '../lib/db/data-dir-lock.ts';
import { openDatabase } from '../lib/db/index.ts';
import { NotABackupError, openBackup, snapshotGzip } from '../lib/db/snapshot.ts';
import type { Config } from '../config.ts';
import { commandConfig, describeDatabase, fail, isEmptyDir, megabytes, runCommand } from './common.ts';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) fail('usage: npm run backup -- FILE', 2);
  const config = commandConfig();
  if (config.databaseUrl) {
    fail(
      'DATABASE_URL is set: this installation keeps its data in PostgreSQL; back it up with pg_dump (docs/operating.md, "Backup and restore")',
      2,
    );
  }
  const dataDir = config.dataDir;
  if (dataDir.startsWith('memory://')) fail('DATA_DIR is memory://: an in-memory database has nothing on disk to back up', 2);
  if (isEmptyDir(dataDir)) fail(`DATA_DIR ${dataDir} holds no database: nothing to back up`);

  const partial = `${file}.partial-${process.pid}`;
  const holder = dataDirHolder(dataDir, true);
  let source: string;
  try {
    source = holder ? await fromService(config, partial, holder.pid) : await fromDirectory(dataDir, partial);
    const summary = await verify(partial);
    renameSync(partial, file);
    console.log(`backup written to ${file} (${megabytes(statSync(file).size)}; ${summary}), taken ${source}`);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

/** The running service's snapshot, streamed into `partial`. */
async function fromService(config: Config, partial: string, pid: number): Promise<string> {
  const host =
    config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${config.port}/admin/backup`;
  if (!config.adminToken) {
    fail(
      `the service is running on DATA_DIR (process ${pid}): set ADMIN_TOKEN to its operator token, and it hands over a consistent snapshot`,
      2,
    );
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.adminToken}` },
      signal: AbortSignal.timeout(600_000),
    });
  } catch (err) {
    const why = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    fail(`the service holds DATA_DIR (process ${pid}) but does not answer at ${url} (${why}); run this with the service's HOST and PORT`);
  }
  if (res.status === 401) fail(`the service at ${url} refused ADMIN_TOKEN (401): give the operator token it was started with`);
  if (res.status !== 200 || !res.body) {
    fail(
      `the service at ${url} answered ${res.status} (${(await res.text()).slice(0, 200)}); is it this DATA_DIR's gateway, on the embedded database?`,
    );
  }
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(partial, { mode: 0o600 }));
  return `from the running service at ${url.replace(/\/admin\/backup$/, '')}`;
}

/** The snapshot of a data directory no process holds. */
async function fromDirectory(dataDir: string, partial: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    writeFileSync(partial, await snapshotGzip(database), { mode: 0o600 });
  } finally {
    await database.close();
  }
  return `from ${dataDir} (the service is not running)`;
}

/** Opens the written backup in memory: a backup is kept only once it is known to restore. */
async function verify(path: string): Promise<string> {
  let database: Awaited<ReturnType<typeof openBackup>>;
  try {
    database = await openBackup(readFileSync(path));
  } catch (err) {
    if (err instanceof NotABackupError) fail(`the snapshot did not verify, nothing was written: ${err.message}`);
    throw err;
  }
  try {
    return await describeDatabase(database);
  } finally {
    await database.close();
  }
}

runCommand('backup', main);
