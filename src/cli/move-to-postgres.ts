/**
 * `DATABASE_URL=postgres://… npm run move-to-postgres -- [FILE | DIRECTORY]`: moves a trial from the
 * embedded database to PostgreSQL. The source is a backup file (`npm run backup`), or a data
 * directory no service runs on (by default DATA_DIR); it is read into memory and never changed.
 * The target, DATABASE_URL, must be a new, empty database: it is migrated, and every row of every
 * table is copied into it exactly, in one transaction (lib/db/copy-database.ts), which commits only
 * when every table matches the source by row count and checksum and the ledger audit is clean.
 * Anything else rolls it back: the target then holds the empty schema and nothing else.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { CopyRefusedError, copyDatabase } from '../lib/db/copy-database.ts';
import { tablesOf } from '../lib/db/catalog.ts';
import { dataDirHolder } from '../lib/db/data-dir-lock.ts';
import { openDatabase, type Database } from '../lib/db/index.ts';
import { migrate } from '../lib/db/migrate.ts';
import { NotABackupError, openBackup, snapshotTar } from '../lib/db/snapshot.ts';
import { auditLedger } from '../modules/ledger/service.ts';
import { commandConfig, describeDatabase, fail, isEmptyDir, redactUrl, runCommand } from './common.ts';

async function main(): Promise<void> {
  const config = commandConfig();
  if (!config.databaseUrl) fail('set DATABASE_URL to the new, empty PostgreSQL database to move into', 2);
  const from = process.argv[2] && !process.argv[2].startsWith('-') ? process.argv[2] : config.dataDir;
  const source = await openSource(from);
  try {
    // A backup from an older version is brought up to this version's schema (in memory only).
    await migrate(source.db);
    const target = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    try {
      await refuseForeignTables(source, target);
      await migrate(target.db);
      const summary = await describeDatabase(source);
      const report = await copyDatabase(source.db, target.db, async (trx) => {
        const audit = await auditLedger(trx);
        if (audit.mismatches.length || audit.unbalancedCurrencies.length) {
          throw new Error(
            `the ledger audit of the copy is not clean (${audit.mismatches.length} balances differ from the journal; unbalanced: ${audit.unbalancedCurrencies.join(', ') || 'none'}); nothing was copied`,
          );
        }
      });
      const rows = report.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `moved ${from} into ${redactUrl(config.databaseUrl)}: ${rows} rows in ${report.tables.length} tables, ${report.sequences} sequences (${summary}); ` +
          'every table matches the source and the ledger audit is clean. Start the service with this DATABASE_URL (DATA_DIR is no longer used).',
      );
    } catch (err) {
      if (err instanceof CopyRefusedError) fail(`refused: ${err.message}; nothing was copied`);
      throw err;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** The source, opened in memory: a backup file, or a snapshot of a data directory nobody holds. */
async function openSource(from: string): Promise<Database> {
  if (from.startsWith('memory://') || !existsSync(from)) fail(`no backup file or data directory at ${from}`);
  let archive: Uint8Array;
  if (statSync(from).isDirectory()) {
    if (isEmptyDir(from)) fail(`${from} holds no database`);
    const holder = dataDirHolder(from, true);
    if (holder) {
      fail(
        `the service is running on ${from} (process ${holder.pid}): stop it first, or move a backup of it (npm run backup -- FILE, then npm run move-to-postgres -- FILE)`,
      );
    }
    const dir = await openDatabase({ dataDir: from });
    try {
      archive = new Uint8Array(await (await snapshotTar(dir)).arrayBuffer());
    } finally {
      await dir.close();
    }
  } else {
    archive = readFileSync(from);
  }
  try {
    return await openBackup(archive);
  } catch (err) {
    if (err instanceof NotABackupError) fail(`${from} is not a backup of the embedded database: ${err.message}`);
    throw err;
  }
}

/** A database that holds tables other than the gateway's belongs to something else: never migrated into. */
async function refuseForeignTables(source: Database, target: Database): Promise<void> {
  const ours = new Set(await tablesOf(source.db));
  const foreign = (await tablesOf(target.db)).filter((t) => !ours.has(t));
  if (foreign.length)
    fail(
      `the target database holds other tables (${foreign.slice(0, 5).join(', ')}): give the move a new, empty database; nothing was copied`,
    );
}

runCommand('move-to-postgres', main);
