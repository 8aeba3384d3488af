// The gateway restarted on its DATA_DIR the way a supervisor restarts it. A
// start right after a SIGKILL, while the killed process is still an unreaped zombie, opens the
// directory; a start while the holder lives waits a few seconds for it, then refuses with exit 2.
// The lock belongs to the embedded database's DATA_DIR: with PostgreSQL there is none to test.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { LOCK_FILE, processStat } from '../../src/lib/db/data-dir-lock.ts';
import { freePort } from '../../src/lib/net.ts';
import { api, startGateway, type GatewayProcess } from '../helpers/processes.ts';

const ADMIN_TOKEN = 'supervisor-restart-admin-token-'.padEnd(40, 'x');
const WAITING = /^DATA_DIR .* is in use by process (\d+); waiting up to (\S+) s for it to exit$/m;

function lockHolder(dataDir: string): number | null {
  try {
    return (JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;
  } catch {
    return null;
  }
}

/** Sleeps without yielding to the event loop, so no child of this process is reaped meanwhile. */
function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Holds this process's event loop (so the killed predecessor stays a zombie) until `proc` has
 * taken the lock or has exited (then a zombie itself, or gone).
 */
function holdUntilLockedOrExited(dataDir: string, proc: ChildProcess): void {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (lockHolder(dataDir) === proc.pid) return;
    const state = processStat(proc.pid!)?.state;
    if (state === undefined || state === 'Z') return;
    if (Date.now() > deadline) throw new Error(`process ${proc.pid} neither locked ${dataDir} nor exited`);
    blockFor(20);
  }
}

describe('restarts on one DATA_DIR, as a supervisor does them', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-supervise-'));
  const env = { DATA_DIR: dataDir, ADMIN_TOKEN };
  const running: GatewayProcess[] = [];
  let holder: GatewayProcess;
  let tenantId: string;
  after(async () => {
    for (const g of running) await g.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second gateway (exit 2) after waiting for a holder that lives on', async () => {
    holder = await startGateway({ role: 'all', env });
    running.push(holder);
    tenantId = (await api(holder.url, 'POST', '/admin/tenants', { admin: ADMIN_TOKEN, body: { name: 'Before the crash' } })).body.data.id;

    let second: ChildProcess | undefined;
    // startGateway's error carries what the process wrote.
    const out = await startGateway({ role: 'all', env, onSpawn: (p) => (second = p) }).then(
      () => assert.fail('a second gateway started on a held DATA_DIR'),
      (err: Error) => err.message,
    );
    assert.match(out, /exited before it was ready/);
    assert.equal(second!.exitCode, 2);
    assert.deepEqual(WAITING.exec(out)?.slice(1), [String(holder.proc.pid), '5'], `it waited DATA_DIR_LOCK_WAIT_MS' default:\n${out}`);
    assert.match(out, new RegExp(`^configuration error: DATA_DIR .* is in use by process ${holder.proc.pid} `, 'm'));
    assert.equal((await api(holder.url, 'GET', '/healthz')).status, 200, 'the holder serves on');
    assert.equal(lockHolder(dataDir), holder.proc.pid, 'and keeps its lock');
  });

  it('starts once a holder that is shutting down lets go during the wait', async () => {
    const stopping = holder;
    let stopped: Promise<void> | undefined;
    holder = await startGateway({
      role: 'all',
      // Long enough for any graceful shutdown on a busy machine.
      env: { ...env, DATA_DIR_LOCK_WAIT_MS: '60000' },
      onOutput: (out) => {
        if (!stopped && WAITING.test(out)) stopped = stopping.stop();
      },
    });
    running.push(holder);
    assert.ok(stopped, `the start waited:\n${holder.output()}`);
    await stopped;
    assert.equal(await stopping.exited, 0);
    assert.equal(lockHolder(dataDir), holder.proc.pid);
  });

  const LINUX = { skip: process.platform === 'linux' ? false : 'process states are read from /proc on Linux' };
  it('starts right after a SIGKILL, while the killed gateway is still an unreaped zombie', LINUX, async () => {
    const killed = holder;
    const port = await freePort();
    // Nothing yields to the event loop from the kill until the new gateway has the lock: the
    // killed one cannot be reaped before, as a supervisor that has not collected its exit status.
    killed.proc.kill('SIGKILL');
    let zombie: string | undefined;
    const starting = startGateway({
      role: 'all',
      env,
      port,
      onSpawn: (p) => {
        holdUntilLockedOrExited(dataDir, p);
        zombie = processStat(killed.proc.pid!)?.state;
      },
    });
    assert.equal(zombie, 'Z', 'the killed gateway was a zombie when its successor opened the directory');
    holder = await starting;
    running.push(holder);
    assert.equal((await api(holder.url, 'GET', '/healthz')).status, 200);
    const tenant = await api(holder.url, 'GET', `/admin/tenants/${tenantId}`, { admin: ADMIN_TOKEN });
    assert.equal(tenant.body.data?.name, 'Before the crash', 'the same database, opened again');
    assert.equal(await killed.exited, 'SIGKILL');
  });
});
