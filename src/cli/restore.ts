/**
 * `npm run restore -- FILE`: brings a backup (`npm run backup`) back into DATA_DIR, which must be
 * empty or not exist: a restore never mixes with, or overwrites, a database. The restored database
 * is opened once to check it, and `npm start` then runs on it (applying any newer migrations, as on
 * every start). With DATABASE_URL set, PostgreSQL restores with pg_restore instead.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NotABackupError, restoreInto } from '../lib/db/snapshot.ts';
import { commandConfig, fail, isEmptyDir, runCommand } from './common.ts';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) fail('usage: npm run restore -- FILE', 2);
  const config = commandConfig();
  if (config.databaseUrl)
    fail('DATABASE_URL is set: a PostgreSQL database is restored with pg_restore (docs/operating.md, "Backup and restore")', 2);
  const dataDir = config.dataDir;
  if (dataDir.startsWith('memory://')) fail('DATA_DIR is memory://: set DATA_DIR to the directory to restore into', 2);
  if (!existsSync(file) || !statSync(file).isFile()) fail(`no backup file at ${file}`);
  if (!isEmptyDir(dataDir)) {
    fail(
      `DATA_DIR ${dataDir} is not empty: a backup is restored only into an empty directory (move this one aside, or set DATA_DIR to a new one)`,
    );
  }
  const created = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true });
  let version: number;
  try {
    version = await restoreInto(readFileSync(file), dataDir);
  } catch (err) {
    // The directory was empty: whatever is in it now came from this attempt.
    if (created) rmSync(dataDir, { recursive: true, force: true });
    else for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    if (err instanceof NotABackupError) fail(`${file} is not a backup of the embedded database: ${err.message}`);
    throw err;
  }
  console.log(`restored ${file} into ${dataDir} (schema ${version}); start the service on it with npm start`);
}

runCommand('restore', main);
