import { hostname } from 'node:os';
import { closeSync, openSync, readFileSync, realpathSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database (PGlite) has no lock of its own: two processes that open one data directory
 * both write to it and ruin it. Whoever opens a DATA_DIR (the service, `npm run backup` when the
 * service is stopped, `npm run move-to-postgres`) therefore first writes this file in it, naming
 * the process, and removes it on close. A lock whose process is gone (killed, crashed) is stale
 * and taken over.
 *
 * A process is told apart from a later one given the same pid by its start time (Linux,
 * /proc/<pid>/stat), so a service restarted after a crash, in a container where pids repeat, is
 * not locked out by its own predecessor. A lock written on another host (a data directory on a
 * shared volume) cannot be checked: the service takes it over (a replaced pod must start), but
 * the commands are strict and refuse it.
 */
export const LOCK_FILE = '.cryptogate.lock';

interface LockRecord {
  pid: number;
  host: string;
  /** The directory locked (its real path): a copied directory (a restore) carries no lock. */
  dir: string;
  /** Linux: the process's start time in clock ticks since boot; null elsewhere. */
  started: string | null;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; host: string },
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid} on ${holder.host} (a running gateway, backup or move); ` +
        `stop it first, or remove ${join(dataDir, LOCK_FILE)} if no such process uses this directory`,
    );
  }
}

function procStart(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(record: LockRecord): boolean {
  try {
    process.kill(record.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return record.started === null || procStart(record.pid) === record.started;
}

function readLock(path: string): LockRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as LockRecord;
    return typeof parsed.pid === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Who holds `dataDir`, or null when nobody does (no lock, or a stale one). `strict`: a lock written
 * on another host counts as held, since whether its process lives cannot be known from here.
 */
export function dataDirHolder(dataDir: string, strict = false): { pid: number; host: string } | null {
  const record = readLock(join(dataDir, LOCK_FILE));
  if (!record) return null;
  let dir: string;
  try {
    dir = realpathSync(dataDir);
  } catch {
    return null;
  }
  if (record.dir !== dir) return null;
  if (record.host !== hostname()) return strict ? { pid: record.pid, host: record.host } : null;
  if (record.pid === process.pid || !alive(record)) return null;
  return { pid: record.pid, host: record.host };
}

/** Takes the lock of `dataDir` (an existing directory) or throws DataDirLockedError; returns the release. */
export function lockDataDir(dataDir: string, strict = false): () => void {
  const path = join(dataDir, LOCK_FILE);
  const record: LockRecord = { pid: process.pid, host: hostname(), dir: realpathSync(dataDir), started: procStart(process.pid) };
  for (let attempt = 0; ; attempt++) {
    const holder = dataDirHolder(dataDir, strict);
    if (holder) throw new DataDirLockedError(dataDir, holder);
    if (attempt > 0) removeDataDirLock(dataDir); // stale
    let fd: number;
    try {
      // Created exclusively: of two processes starting at once, one writes it and the other looks again.
      fd = openSync(path, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 3) continue;
      throw err;
    }
    try {
      writeSync(fd, JSON.stringify(record));
    } finally {
      closeSync(fd);
    }
    return () => {
      const now = readLock(path);
      if (now && now.pid === record.pid && now.host === record.host) removeDataDirLock(dataDir);
    };
  }
}

/** Removes the lock file whatever it says (a restored directory must not carry its source's). */
export function removeDataDirLock(dataDir: string): void {
  try {
    unlinkSync(join(dataDir, LOCK_FILE));
  } catch {
    /* none */
  }
}
