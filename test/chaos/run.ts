/**
 * `npm run test:chaos`: crash safety under load. The gateway runs as its own process (ROLE=all:
 * API and workers) on PostgreSQL; several clients create invoices, deposits credited through the
 * sandbox chain and withdrawals (each quote committed twice at once) while the process is killed
 * with SIGKILL at random moments and started again, CHAOS_ROUNDS times (default 20). Then:
 *   - every object whose creation was answered 201 (or a commit answered 200) exists;
 *   - the journal sums to the balances (ledger audit);
 *   - no quote backs two withdrawals;
 *   - no withdrawal was broadcast twice (each paid exactly once, to its own address);
 *   - every event was delivered at least once to the test receiver.
 * PostgreSQL from CHAOS_DATABASE_URL, else TEST_DATABASE_URL, else the local server.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { openDatabase } from '../../src/lib/db/index.ts';
import { freePort } from '../../src/lib/net.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { api, createScratchDatabase, provisionTenant, startGateway, type GatewayProcess } from '../helpers/processes.ts';
import { startReceiver, until } from '../helpers/receiver.ts';

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 20);
const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 8);
const BASE_URL = process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = `chaos-admin-${randomBytes(16).toString('hex')}`;
const base58check = createBase58check(sha256);
/** A fresh, valid Tron address: every withdrawal pays its own, so each payment can be counted. */
const tronAddress = () => base58check.encode(new Uint8Array([0x41, ...randomBytes(20)]));

const scratch = await createScratchDatabase(BASE_URL, 'cg_chaos');
const receiver = await startReceiver(() => ({ status: 204 }));
const port = await freePort();
const env = {
  DATABASE_URL: scratch.url,
  ADMIN_TOKEN: ADMIN,
  RATE_LIMIT: '1000000/60',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WATCH_INTERVAL_MS: '50',
};
const start = () => startGateway({ role: 'all', env, port, readyTimeoutMs: 60_000 });
let gateway: GatewayProcess = await start();
const url = gateway.url;
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
const db = database.db;

const created = { invoices: new Set<string>(), deposits: new Set<string>(), withdrawals: new Set<string>() };
const tally = { rounds: 0, kills: 0, answered: 0, refused: 0, unanswered: 0, doubleCommits: 0 };

async function call(method: string, path: string, opts: { key?: string; admin?: boolean; body?: unknown } = {}) {
  try {
    const r = await api(url, method, path, { key: opts.key, admin: opts.admin ? ADMIN : undefined, body: opts.body, timeoutMs: 5000 });
    if (r.status < 500) tally.answered++;
    else {
      tally.refused++;
      if (tally.refused <= 5) console.log(`  5xx: ${method} ${path} → ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    }
    return r;
  } catch {
    tally.unanswered++; // killed mid-request: the outcome is unknown, so nothing is asserted of it
    return null;
  }
}

const { key, tenantId } = await provisionTenant(url, ADMIN, 'Chaos merchant');
await api(url, 'PATCH', `/admin/tenants/${tenantId}`, { admin: ADMIN, body: { depositWebhookUrl: `${receiver.url}/deposits` } });
// A balance for the withdrawals: one large deposit, confirmed before the chaos starts.
const funding = (await api(url, 'POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'funding' } })).body.data;
created.deposits.add(funding.id);
await api(url, 'POST', '/admin/sandbox/transfers', { admin: ADMIN, body: { cryptoCurrencyCode: 'USDT_TRC20', to: funding.address, amount: '1000000' } });
await api(url, 'POST', '/admin/sandbox/mine', { admin: ADMIN, body: { network: 'Tron', blocks: 3 } });
await until(async () => (await api(url, 'GET', `/v1/deposit?id=${funding.id}`, { key })).body.data.status === 'completed', 30_000, 'funding deposit');

let seq = 0;
async function oneOperation(): Promise<void> {
  const n = seq++;
  const kind = n % 4;
  if (kind === 0) {
    const r = await call('POST', '/v1/invoice', { key, body: { amount: 5 + (n % 50), fiatCurrencyCode: 'USD', orderId: `inv-${n}`, webhookUrl: `${receiver.url}/invoices` } });
    if (r?.status === 201) created.invoices.add(r.body.data.id);
  } else if (kind === 1) {
    const r = await call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `dep-${n}` } });
    if (r?.status !== 201) return;
    created.deposits.add(r.body.data.id);
    await call('POST', '/admin/sandbox/transfers', { admin: true, body: { cryptoCurrencyCode: 'USDT_TRC20', to: r.body.data.address, amount: `${1 + (n % 9)}.25` } });
  } else if (kind === 2) {
    const q = await call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', address: tronAddress(), amount: 5, orderId: `wd-${n}` } });
    if (q?.status !== 200) return;
    // The same quote committed twice at once: at most one withdrawal may come of it.
    const commits = await Promise.all([0, 1].map(() => call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId, webhookUrl: `${receiver.url}/withdrawals` } })));
    const ok = commits.filter((c) => c && c.status < 300);
    if (ok.length > 1) tally.doubleCommits++;
    for (const c of ok) created.withdrawals.add(c!.body.data.id);
  } else if (n % 8 === 3) {
    await call('POST', '/admin/sandbox/mine', { admin: true, body: { network: 'Tron', blocks: 1 } });
  } else {
    await call('GET', '/v1/invoice/list', { key });
  }
}

let loadRunning = true;
/** Resolved while the gateway is up; clients wait on it while it restarts. */
let up: Promise<void> = Promise.resolve();
const clients = Array.from({ length: CLIENTS }, async () => {
  while (loadRunning) {
    await up;
    await oneOperation();
  }
});

const restartMs: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  await new Promise((r) => setTimeout(r, randomInt(300, 2500)));
  let back!: () => void;
  up = new Promise((r) => (back = r));
  await gateway.kill();
  tally.kills++;
  const t0 = Date.now();
  gateway = await start();
  restartMs.push(Date.now() - t0);
  back();
  tally.rounds++;
  console.log(`round ${round}/${ROUNDS}: killed and restarted; ${created.invoices.size} invoices, ${created.deposits.size} deposits, ${created.withdrawals.size} withdrawals answered so far`);
}
loadRunning = false;
await Promise.all(clients);

// Let the workers finish: confirm every transfer, pay every withdrawal, deliver every event.
const count = async (q: string) => Number((await sql<{ n: string }>`${sql.raw(q)}`.execute(db)).rows[0]!.n);
await until(
  async () => {
    await api(url, 'POST', '/admin/sandbox/mine', { admin: ADMIN, body: { network: 'Tron', blocks: 1 } });
    return (
      (await count(`select count(*) as n from withdrawals where status in ('created', 'processing')`)) === 0 &&
      (await count(`select count(*) as n from outbox_events where processed_at is null`)) === 0 &&
      (await count(`select count(*) as n from webhook_deliveries where status <> 'delivered'`)) === 0
    );
  },
  120_000,
  'withdrawals paid and every event delivered',
);

const byStatus = async (table: string) =>
  (await sql<{ status: string; n: string }>`select status, count(*) as n from ${sql.table(table)} group by status order by status`.execute(db)).rows.map((r) => `${r.status} ${r.n}`).join(', ');
console.log(`\nfinal state: deposits ${await byStatus('deposits')}; invoices ${await byStatus('invoices')}; withdrawals ${await byStatus('withdrawals')}; deliveries ${await byStatus('webhook_deliveries')}`);
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const existing = async (table: string, ids: Set<string>) =>
  ids.size === 0 ? 0 : Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where id in (${sql.join([...ids])})`.execute(db)).rows[0]!.n);
check((await existing('invoices', created.invoices)) === created.invoices.size, `every invoice answered 201 exists (${created.invoices.size})`);
check((await existing('deposits', created.deposits)) === created.deposits.size, `every deposit answered 201 exists (${created.deposits.size})`);
check((await existing('withdrawals', created.withdrawals)) === created.withdrawals.size, `every withdrawal answered 200 exists (${created.withdrawals.size})`);
const audit = await auditLedger(db);
check(audit.mismatches.length === 0 && audit.unbalancedCurrencies.length === 0, 'the journal sums to the balances');
check(tally.doubleCommits === 0 && (await count(`select count(*) as n from (select quote_id from withdrawals group by quote_id having count(*) > 1) d`)) === 0, 'no quote backs two withdrawals');
const payments = await sql<{ id: string; n: string; paid: string | null; amount: string }>`
  select w.id, count(s.tx_hash) as n, sum(s.amount) as paid, w.amount
  from withdrawals w left join sandbox_transfers s on s.network = 'TRON' and s.to_address = w.address
  where w.status = 'completed' group by w.id, w.amount`.execute(db);
check(
  payments.rows.length > 0 && payments.rows.every((p) => Number(p.n) === 1 && p.paid === p.amount),
  `no withdrawal broadcast twice (${payments.rows.length} completed, each paid exactly once)`,
);
const deliveries = await sql<{ id: string }>`select id from webhook_deliveries`.execute(db);
const received = new Set(receiver.received.map((r) => String(r.headers['x-webhook-id'])));
const undelivered = deliveries.rows.filter((d) => !received.has(d.id)).length;
const eventsWithout = await count(`select count(*) as n from outbox_events e where not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`);
check(deliveries.rows.length > 0 && undelivered === 0 && eventsWithout === 0, `every event delivered at least once (${deliveries.rows.length} deliveries, ${receiver.received.length} requests received)`);

console.log(
  `\nchaos tally: ${tally.rounds} rounds, ${tally.kills} SIGKILLs (restart to ready: median ${restartMs.sort((a, b) => a - b)[Math.floor(restartMs.length / 2)]} ms); ` +
    `${tally.answered} requests answered, ${tally.refused} answered 5xx, ${tally.unanswered} cut off by a kill; ` +
    `${receiver.received.length - deliveries.rows.length} webhook requests were repeats of a delivery interrupted by a kill`,
);
console.log(failures.length === 0 ? 'chaos: PASS' : `chaos: FAIL (${failures.length})`);
await gateway.stop();
await receiver.close();
await database.close();
await scratch.drop();
process.exit(failures.length === 0 ? 0 : 1);
