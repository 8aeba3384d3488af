import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { freePort } from '../../src/lib/net.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { START_ARGS } from '../helpers/processes.ts';

interface Running {
  proc: ChildProcess;
  stdout: () => string;
  exited: Promise<number | null>;
}

/** Starts the real service (`npm start`'s command) and waits until it listens. */
async function startService(env: Record<string, string>): Promise<Running> {
  const proc = spawn(process.execPath, START_ARGS, {
    env: { ...process.env, ADMIN_TOKEN: '', DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!out.includes('Server listening')) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`service did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, stdout: () => out, exited };
}

function field(out: string, label: string): string {
  const m = new RegExp(`${label}.*:\\s+(\\S+)$`, 'm').exec(out);
  assert.ok(m, `"${label}" not printed:\n${out}`);
  return m[1]!;
}

describe('the service process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-restart-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints credentials once, keeps its data across a restart, and drains in-flight requests on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };

    const first = await startService(env);
    const adminToken = field(first.stdout(), 'Admin token');
    const tenantId = field(first.stdout(), 'Demo tenant id');
    const accountId = field(first.stdout(), 'Demo account id');
    const apiKey = field(first.stdout(), 'Demo API key');
    assert.match(apiKey, /^cgk_/);

    const created = await fetch(`${base}/v1/accounts`, {
      method: 'POST',
      headers: { 'x-tenant-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Before restart' }),
    });
    assert.equal(created.status, 201);
    // Secrets never reach the logs.
    const logs = first.stdout().split('First start')[0]! + first.stdout().split('Docs:')[1];
    assert.ok(!logs.includes(apiKey) && !logs.includes(adminToken));

    // A request still uploading its body when SIGTERM arrives must be answered, not cut.
    const body = JSON.stringify({ name: 'In flight' });
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/v1/accounts`, {
        method: 'POST',
        headers: { 'x-tenant-api-key': apiKey, 'content-type': 'application/json', 'content-length': body.length },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => first.proc.kill('SIGTERM'), 200);
      setTimeout(() => req.end(body.slice(5)), 700);
    });
    const answered = await inFlight;
    assert.equal(answered.status, 201, answered.body);
    assert.equal(await first.exited, 0);
    assert.ok(first.stdout().includes('shutting down'));

    const second = await startService(env);
    try {
      assert.ok(!second.stdout().includes('First start'), 'credentials are printed only on the first start');
      const list = await fetch(`${base}/v1/accounts`, { headers: { 'x-tenant-api-key': apiKey } });
      assert.equal(list.status, 200);
      const names = ((await list.json()) as { data: Array<{ id: string; name: string }> }).data;
      assert.ok(names.some((a) => a.id === accountId));
      assert.deepEqual(names.map((a) => a.name).sort(), ['Before restart', 'In flight', 'Main']);
      const tenant = await fetch(`${base}/admin/tenants/${tenantId}`, { headers: { authorization: `Bearer ${adminToken}` } });
      assert.equal(tenant.status, 200);
    } finally {
      second.proc.kill('SIGTERM');
      assert.equal(await second.exited, 0);
    }
  });
});

describe('an in-memory installation (DATA_DIR=memory://)', () => {
  it('starts with its x402 devnet, answers /healthz, and stops leaving no file behind', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The devnet's chain was kept in a file beside DATA_DIR: `memory:/.devnet-state.json` could not
    // be written and the process exited 1 before it listened.
    const service = await startService({ DATA_DIR: 'memory://', PORT: String(port), HOST: '127.0.0.1', X402_NETWORK: 'eip155:84532' });
    try {
      assert.equal((await fetch(`${base}/healthz`)).status, 200);
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
      const apiKey = field(service.stdout(), 'Demo API key');
      const supported = await fetch(`${base}/v1/x402/supported`, { headers: { 'x-tenant-api-key': apiKey } });
      assert.equal(supported.status, 200);
      assert.match(JSON.stringify(await supported.json()), /eip155:84532/, 'the sandbox facilitator runs on its devnet');
    } finally {
      service.proc.kill('SIGTERM');
      assert.equal(await service.exited, 0, service.stdout());
    }
    assert.ok(!existsSync('memory:'), 'nothing was written under a directory named after the URL');
  });
});
