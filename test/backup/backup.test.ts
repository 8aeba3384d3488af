/**
 * Backup and restore of the embedded database, and the move of a trial to PostgreSQL, as an operator
 * runs them: the gateway is its own process on a temporary DATA_DIR, under a mixed merchant load
 * (invoices, deposits paid through the sandbox chain, withdrawals), and the commands are spawned
 * through npm. `npm run backup` is taken in the middle of the load; everything the API acknowledged
 * (201) before it began must be found, through the API, on the restored copy and on PostgreSQL,
 * and the ledger audit of both must be clean.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/lib/db/index.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { MixedLoad } from '../helpers/load.ts';
import { api, createScratchDatabase, provisionTenant, startGateway } from '../helpers/processes.ts';
import { startReceiver } from '../helpers/receiver.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN = `backup-admin-${randomBytes(16).toString('hex')}`;
const ENV = { ADMIN_TOKEN: ADMIN, RATE_LIMIT: '1000000/60', WEBHOOK_ALLOW_PRIVATE: 'true', WATCH_INTERVAL_MS: '50' };

/** Runs `npm run <script> -- …args` as an operator would; resolves with its exit code and output. */
function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', X402_NETWORK: 'eip155:8453', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Acknowledged {
  invoices: string[];
  deposits: string[];
  withdrawals: string[];
}

/** Every acknowledged object is there through the API, with its id. */
async function assertAllFound(url: string, key: string, acked: Acknowledged, where: string): Promise<void> {
  const paths = [
    ...acked.invoices.map((id) => `/v1/invoice?id=${id}`),
    ...acked.deposits.map((id) => `/v1/deposit?id=${id}`),
    ...acked.withdrawals.map((id) => `/v1/withdrawal?id=${id}`),
  ];
  const missing: string[] = [];
  for (let i = 0; i < paths.length; i += 16) {
    await Promise.all(
      paths.slice(i, i + 16).map(async (path) => {
        const r = await api(url, 'GET', path, { key });
        if (r.status !== 200 || r.body?.data?.id !== path.split('=')[1]) missing.push(`${path} → ${r.status}`);
      }),
    );
  }
  assert.deepEqual(missing, [], `acknowledged objects missing ${where}`);
}

/**
 * Rows the load does not make: a logo (bytea), and an invoice whose currency was chosen (the
 * invoice and its quote refer to each other) and which was paid in full. Returns the invoice's id.
 */
async function seedOtherRows(url: string, key: string, tenantId: string): Promise<string> {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  // The brand is the whole tenant's: set with a tenant-wide key.
  const wide = await api(url, 'POST', '/admin/api-keys', { admin: ADMIN, body: { tenantId, scopes: ['*'] } });
  const brand = await api(url, 'PATCH', '/v1/settings', {
    key: wide.body.data.key,
    body: { brandColor: '#12ab34', logo: `data:image/png;base64,${png}` },
  });
  assert.equal(brand.status, 200, JSON.stringify(brand.body));
  const invoice = await api(url, 'POST', '/v1/invoice', { key, body: { amount: 40, fiatCurrencyCode: 'USD', orderId: 'quoted-and-paid' } });
  assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
  const id = invoice.body.data.id as string;
  for (const [path, body] of [
    ['select', { cryptoCurrencyCode: 'USDT_TRC20' }],
    ['simulate', { amount: 'exact' }],
  ] as const) {
    const r = await api(url, 'POST', `/pay/${id}/${path}`, { body });
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
  }
  await api(url, 'POST', '/admin/sandbox/mine', { admin: ADMIN, body: { network: 'Tron', blocks: 3 } });
  return id;
}

async function assertAuditClean(open: () => ReturnType<typeof openDatabase>, where: string): Promise<void> {
  const database = await open();
  try {
    assert.deepEqual(await auditLedger(database.db), { mismatches: [], unbalancedCurrencies: [] }, `ledger audit ${where}`);
  } finally {
    await database.close();
  }
}

describe('backup, restore and the move to PostgreSQL [pglite, processes]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cg-backup-'));
  const dataDir = join(dir, 'data');
  const backupFile = join(dir, 'gateway-backup.tar.gz');
  let key = '';
  let acked: Acknowledged = { invoices: [], deposits: [], withdrawals: [] };
  const receiverP = startReceiver(() => ({ status: 204 }));
  after(async () => {
    await (await receiverP).close();
    rmSync(dir, { recursive: true, force: true });
  });

  before(async () => {
    const receiver = await receiverP;
    const gateway = await startGateway({ role: 'all', env: { ...ENV, DATA_DIR: dataDir }, readyTimeoutMs: 60_000 });
    try {
      const tenant = await provisionTenant(gateway.url, ADMIN, 'Backup merchant');
      key = tenant.key;
      // The route is hidden from the OpenAPI document (so no route test lists it), not open.
      for (const auth of [{}, { key }, { admin: 'wrong' }]) {
        const r = await api(gateway.url, 'POST', '/admin/backup', auth);
        assert.equal(r.status, 401, `POST /admin/backup with ${JSON.stringify(auth)}`);
        assert.equal(r.body.code, 'exceptions.admin.invalidToken');
      }
      const load = new MixedLoad({ url: () => gateway.url, key, admin: ADMIN, receiver: receiver.url });
      await load.fund();
      const paid = await seedOtherRows(gateway.url, key, tenant.tenantId);
      load.start(6);
      // 2.5 s of load, longer (at most 30 s) on a busy machine until it acknowledged what the checks below need.
      const { created } = load;
      const enough = () => created.invoices.size + 1 >= 5 && created.deposits.size >= 5 && created.withdrawals.size >= 3;
      const loadStarted = Date.now();
      while (Date.now() - loadStarted < 2500 || (!enough() && Date.now() - loadStarted < 30_000))
        await new Promise((r) => setTimeout(r, 100));
      // What was acknowledged before the backup began; the load goes on while it is taken.
      const { invoices, deposits, withdrawals } = load.created;
      acked = { invoices: [paid, ...invoices], deposits: [...deposits], withdrawals: [...withdrawals] };
      const backup = await npmRun('backup', [backupFile], { DATA_DIR: dataDir, PORT: String(gateway.port), ADMIN_TOKEN: ADMIN });
      await new Promise((r) => setTimeout(r, 500));
      await load.stop();
      assert.equal(backup.code, 0, `npm run backup: ${backup.stdout}${backup.stderr}`);
      assert.match(backup.stdout, /backup written to .*taken from the running service/);
      console.log(
        `acknowledged before the backup: ${acked.invoices.length} invoices, ${acked.deposits.length} deposits, ${acked.withdrawals.length} withdrawals; ${backup.stdout.trim()}`,
      );
      assert.equal(load.tally.errors, 0, `5xx answers while the backup ran: ${load.samples.join('; ')}`);
      assert.ok(load.created.invoices.size > acked.invoices.length, 'the load went on during the backup');
      assert.ok(
        acked.invoices.length >= 5 && acked.deposits.length >= 5 && acked.withdrawals.length >= 3,
        `too little load: ${JSON.stringify({ i: acked.invoices.length, d: acked.deposits.length, w: acked.withdrawals.length })}`,
      );
    } finally {
      await gateway.stop();
    }
  });

  it('restores only into an empty DATA_DIR; the service starts on the copy and finds every acknowledged object', async () => {
    const refused = await npmRun('restore', [backupFile], { DATA_DIR: dataDir });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /^restore: DATA_DIR .* is not empty: a backup is restored only into an empty directory/m);
    assert.equal(refused.stderr.split('\n').filter((l) => l.startsWith('restore:')).length, 1, 'one line');

    const restoredDir = join(dir, 'restored');
    const restored = await npmRun('restore', [backupFile], { DATA_DIR: restoredDir });
    assert.equal(restored.code, 0, restored.stderr);
    assert.ok(!existsSync(join(restoredDir, '.cryptogate.lock')), "the source's lock does not come along");
    const gateway = await startGateway({ role: 'all', env: { ...ENV, DATA_DIR: restoredDir }, readyTimeoutMs: 60_000 });
    try {
      await assertAllFound(gateway.url, key, acked, 'after the restore');
    } finally {
      await gateway.stop();
    }
    await assertAuditClean(() => openDatabase({ dataDir: restoredDir }), 'of the restored copy');
  });

  it('backs a stopped service up from DATA_DIR itself; a non-backup is refused in one line', async () => {
    const offline = join(dir, 'offline.tar.gz');
    const r = await npmRun('backup', [offline], { DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\(the service is not running\)/);
    const bad = await npmRun('restore', [join(ROOT, 'package.json')], { DATA_DIR: join(dir, 'never') });
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /^restore: .*package\.json is not a backup of the embedded database/m);
    assert.ok(!existsSync(join(dir, 'never')), 'a failed restore leaves nothing behind');
  });

  const base = process.env.TEST_DATABASE_URL;
  it('moves the trial to an empty PostgreSQL database exactly, once', { skip: base ? false : 'TEST_DATABASE_URL is not set' }, async () => {
    const scratch = await createScratchDatabase(base!, 'cg_move');
    try {
      const moved = await npmRun('move-to-postgres', [backupFile], { DATABASE_URL: scratch.url });
      assert.equal(moved.code, 0, moved.stderr);
      console.log(`${moved.stdout.trim()}`);
      assert.match(moved.stdout, /every table matches the source and the ledger audit is clean/);
      const again = await npmRun('move-to-postgres', [backupFile], { DATABASE_URL: scratch.url });
      assert.notEqual(again.code, 0);
      assert.match(again.stderr, /^move-to-postgres: refused: the target database is not empty/m);

      const gateway = await startGateway({ role: 'all', env: { ...ENV, DATABASE_URL: scratch.url }, readyTimeoutMs: 60_000 });
      try {
        await assertAllFound(gateway.url, key, acked, 'on PostgreSQL');
        // Sequences stand past the copied ids: new rows (and their outbox events) insert cleanly.
        const invoice = await api(gateway.url, 'POST', '/v1/invoice', {
          key,
          body: { amount: 12, fiatCurrencyCode: 'USD', orderId: 'after-move' },
        });
        assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
      } finally {
        await gateway.stop();
      }
      await assertAuditClean(() => openDatabase({ databaseUrl: scratch.url, poolSize: 1 }), 'on PostgreSQL');
      // The foreign keys deferred for the copy are as the migrations made them again.
      const pgdb = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
      try {
        const deferrable = await sql<{ n: string }>`select count(*) as n from pg_constraint where contype = 'f' and condeferrable`.execute(
          pgdb.db,
        );
        assert.equal(deferrable.rows[0]!.n, '0');
      } finally {
        await pgdb.close();
      }
    } finally {
      await scratch.drop();
    }
  });
});
