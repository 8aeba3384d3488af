import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DataDirLockedError, LOCK_FILE, dataDirHolder, lockDataDir } from '../../src/lib/db/data-dir-lock.ts';
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
      assert.throws(() => lockDataDir(dir), (err: Error) => err instanceof DataDirLockedError && err.message.includes(`in use by process ${child.pid}`));
      await assert.rejects(openDatabase({ dataDir: dir }), DataDirLockedError);
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
