import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DataDirLockedError, LOCK_FILE, dataDirHolder, lockDataDir, processStat } from '../../src/lib/db/data-dir-lock.ts';
import { openDatabase } from '../../src/lib/db/index.ts';

describe('the data directory lock', () => {
  const root = mkdtempSync(join(tmpdir(), 'cg-lock-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const dirOf = (name: string) => {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const writeLock = (dir: string, record: Record<string, unknown>) =>
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ host: hostname(), dir: realpathSync(dir), started: null, ...record }));

  it('refuses a directory a live process holds, and takes over one whose process is gone', async () => {
    const dir = dirOf('held');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeLock(dir, { pid: child.pid });
      assert.deepEqual(dataDirHolder(dir), { pid: child.pid, host: hostname() });
      assert.throws(
        () => lockDataDir(dir),
        (err: Error) => err instanceof DataDirLockedError && err.message.includes(`in use by process ${child.pid}`),
      );
      // After its wait: the holder lives on.
      await assert.rejects(openDatabase({ dataDir: dir, lockWaitMs: 300 }), DataDirLockedError);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    assert.equal(dataDirHolder(dir), null, 'the holder is gone: the lock is stale');
    const release = lockDataDir(dir);
    assert.equal(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid, process.pid);
    release();
    assert.ok(!existsSync(join(dir, LOCK_FILE)), 'released on close');
  });

  const LINUX = { skip: process.platform === 'linux' ? false : 'process states are read from /proc on Linux' };

  it('takes over the lock of a killed holder that is still a zombie, not yet reaped by its parent', LINUX, () => {
    const dir = dirOf('zombie');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const pid = child.pid!;
    writeLock(dir, { pid, started: processStat(pid)!.started });
    assert.deepEqual(dataDirHolder(dir), { pid, host: hostname() });
    // From the kill to the checks nothing yields to the event loop, so Node cannot reap the child:
    // it stays a zombie, which signal 0 still reaches.
    child.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (processStat(pid)?.state !== 'Z') {
      assert.ok(Date.now() < deadline, `pid ${pid} never became a zombie: ${JSON.stringify(processStat(pid))}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
    process.kill(pid, 0); // a zombie answers signal 0 like a live process
    assert.equal(dataDirHolder(dir), null, 'an exited process holds nothing');
    assert.equal(dataDirHolder(dir, true), null, 'not for the strict commands either');
    const release = lockDataDir(dir);
    assert.equal(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid, process.pid);
    release();
  });

  it('does not take a live process that was given the pid of an older holder for that holder', LINUX, () => {
    const dir = dirOf('reused');
    // This test's own process is alive, but started at another time than the lock says.
    writeLock(dir, { pid: process.ppid, started: String(Number(processStat(process.ppid)!.started) - 1) });
    assert.equal(dataDirHolder(dir), null);
    writeLock(dir, { pid: process.ppid, started: processStat(process.ppid)!.started });
    assert.deepEqual(dataDirHolder(dir), { pid: process.ppid, host: hostname() });
  });

  it('waits for a live holder to let go before it opens the directory', LINUX, async () => {
    const dir = dirOf('waited');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const exited = new Promise((r) => child.once('exit', r));
    writeLock(dir, { pid: child.pid, started: processStat(child.pid!)!.started });
    const waits: number[] = [];
    // The holder exits once the wait has begun, as a gateway does that is finishing its shutdown.
    const database = await openDatabase({
      dataDir: dir,
      lockWaitMs: 60_000,
      onLockWait: (holder, waitMs) => {
        waits.push(holder.pid);
        assert.equal(waitMs, 60_000);
        child.kill('SIGTERM');
      },
    });
    try {
      assert.deepEqual(waits, [child.pid], 'told once');
      assert.equal(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid, process.pid);
    } finally {
      await database.close();
      await exited;
    }
  });

  it('ignores a lock copied from another directory; a lock from another host holds only for the strict commands', () => {
    const copied = dirOf('copied');
    writeLock(copied, { pid: process.ppid, dir: '/somewhere/else' });
    assert.equal(dataDirHolder(copied), null);
    const shared = dirOf('shared');
    writeLock(shared, { pid: 1, host: 'another-host' });
    assert.equal(dataDirHolder(shared), null, 'the service takes it over (a replaced pod must start)');
    assert.deepEqual(dataDirHolder(shared, true), { pid: 1, host: 'another-host' });
  });

  it('is taken by openDatabase and given back by close', async () => {
    const dir = dirOf('open');
    const database = await openDatabase({ dataDir: dir });
    assert.equal(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid, process.pid);
    await database.close();
    assert.ok(!existsSync(join(dir, LOCK_FILE)));
  });
});
