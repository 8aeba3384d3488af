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
 * not locked out by its own predecessor. Nor by a predecessor that was killed but not yet reaped:
 * a zombie answers signal 0 like a live process, but has exited and holds no file, so its state
 * (also in /proc/<pid>/stat) is read too; a supervisor restarts a crashed service before it has
 * collected the exit status, and a container without an init never collects it. A lock written on
 * another host (a data directory on a shared volume) cannot be checked: the service takes it over
 * (a replaced pod must start), but the commands are strict and refuse it.
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

/**
 * Linux: a process's state letter and start time in clock ticks since boot, fields 3 and 22 of
 * /proc/<pid>/stat; null where there is no such file (another system, or no such process).
 */
export function processStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses, so count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, started] = [fields[0], fields[19]];
    return state === undefined || started === undefined ? null : { state, started };
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
  const stat = processStat(record.pid);
  if (stat === null) return record.started === null;
  // Z: exited, waiting to be reaped (a zombie); X: being reaped.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return record.started === null || stat.started === record.started;
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
  const record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    dir: realpathSync(dataDir),
    started: processStat(process.pid)?.started ?? null,
  };
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

/**
 * lockDataDir for the service's start: a live holder is given `waitMs` to exit (`onWait` hears of
 * it once), and only then is DataDirLockedError thrown. A predecessor still finishing its
 * in-flight requests and closing the database after SIGTERM lets go within a second or two; a
 * start that comes while it does need not fail. The service waits DATA_DIR_LOCK_WAIT_MS (5 s).
 */
export async function lockDataDirWhenFree(
  dataDir: string,
  opts: { waitMs?: number; onWait?: (holder: DataDirLockedError['holder'], waitMs: number) => void } = {},
): Promise<() => void> {
  const waitMs = opts.waitMs ?? 0;
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      return lockDataDir(dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || Date.now() >= deadline) throw err;
      if (!told) opts.onWait?.(err.holder, waitMs);
      told = true;
      await new Promise((r) => setTimeout(r, 100));
    }
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
