/**
 * `npm run test:chaos`: crash safety under load. The gateway runs as its own process (ROLE=all:
 * API and workers) on PostgreSQL; several clients create invoices, deposits credited through the
 * sandbox chain and withdrawals (each quote committed twice at once, some as small batches) while,
 * CHAOS_ROUNDS times (default 20), the process is killed with SIGKILL at a random moment and started
 * again, or (every third round) the database itself is restarted under it. Every third round from
 * the first, a batch of CHAOS_BATCH_ITEMS (default 100) is committed first and the kill comes while
 * the worker is paying it out: once a random number of its items are signed, before all are final.
 * Then:
 *   - every object whose creation was answered 201 (or a commit answered 201) exists;
 *   - the journal sums to the balances (ledger audit);
 *   - no quote backs two withdrawals, no batch quote two batches;
 *   - every batch completed, each of its items paid;
 *   - no withdrawal was broadcast twice (each paid exactly once, to its own address);
 *   - every event was delivered at least once to the test receiver;
 *   - no request was answered 5xx other than 503 `exceptions.service.unavailable`.
 * PostgreSQL is a throwaway cluster of the run's own (initdb/pg_ctl), so that it may be restarted;
 * without the server binaries, CHAOS_DATABASE_URL, TEST_DATABASE_URL or the local server is used
 * and the database restarts are left out (the run says so).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../src/lib/db/index.ts';
import { freePort } from '../../src/lib/net.ts';
import { MixedLoad } from '../helpers/load.ts';
import { clusterUnavailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster.ts';
import { api, createScratchDatabase, provisionTenant, startGateway, type GatewayProcess } from '../helpers/processes.ts';
import { startReceiver } from '../helpers/receiver.ts';

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 20);
const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 8);
const BATCH_ITEMS = Number(process.env.CHAOS_BATCH_ITEMS ?? 100);
const ADMIN = `chaos-admin-${randomBytes(16).toString('hex')}`;
const noCluster = clusterUnavailable();
const cluster: PgCluster | undefined = noCluster ? undefined : await startPgCluster();
if (noCluster) console.log(`database restarts left out: ${noCluster}`);
const BASE_URL =
  cluster?.url ?? process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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

const { key, tenantId } = await provisionTenant(url, ADMIN, 'Chaos merchant');
await api(url, 'PATCH', `/admin/tenants/${tenantId}`, { admin: ADMIN, body: { depositWebhookUrl: `${receiver.url}/deposits` } });
const load = new MixedLoad({ url: () => url, key, admin: ADMIN, receiver: receiver.url });
await load.fund();
load.start(CLIENTS);
const { created, tally } = load;
const faults = { kills: 0, dbRestarts: 0, midBatch: 0 };

/**
 * A batch committed, then waited on until at least a random number of its items are signed (left
 * `created`) while some are not final yet: the moment to kill the process paying it. Says what the
 * kill will find, or that no batch is being paid (no commit answered 201).
 */
async function batchUnderWay(round: number): Promise<string> {
  // Tried again if an answer is lost (a 503 while the database comes back from the last round).
  let batch = await load.commitBatch(BATCH_ITEMS, `big-${round}-0`);
  for (let attempt = 1; !batch && attempt < 5; attempt++) batch = await load.commitBatch(BATCH_ITEMS, `big-${round}-${attempt}`);
  if (!batch) return 'its batch was not committed';
  const batchId = batch.id;
  const target = randomInt(1, BATCH_ITEMS + 1);
  const counts = async () => {
    const rows = await sql<{ signed: string; open: string }>`
      select count(*) filter (where status <> 'created') as signed, count(*) filter (where status in ('created', 'processing')) as open
      from withdrawals where batch_id = ${batchId}`.execute(db);
    return { signed: Number(rows.rows[0]?.signed), open: Number(rows.rows[0]?.open) };
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const c = await counts();
    if (c.open === 0) return `its batch of ${BATCH_ITEMS} was all final before the kill`;
    if (c.signed >= Math.min(target, BATCH_ITEMS) || Date.now() > deadline) {
      if (c.signed > 0) faults.midBatch++;
      return `its batch of ${BATCH_ITEMS} killed with ${c.signed} signed, ${c.open} not final`;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

const restartMs: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  await new Promise((r) => setTimeout(r, randomInt(300, 2500)));
  if (cluster && round % 3 === 0) {
    // The database restarted under the running gateway: it answers 503 meanwhile and resumes.
    await cluster.restart();
    faults.dbRestarts++;
    console.log(
      `round ${round}/${ROUNDS}: database restarted; ${created.invoices.size} invoices, ${created.deposits.size} deposits, ${created.withdrawals.size} withdrawals answered so far`,
    );
    continue;
  }
  const batchNote = round % 3 === 1 ? `; ${await batchUnderWay(round)}` : '';
  load.pause();
  await gateway.kill();
  faults.kills++;
  const t0 = Date.now();
  gateway = await start();
  restartMs.push(Date.now() - t0);
  load.resume();
  console.log(
    `round ${round}/${ROUNDS}: killed and restarted; ${created.invoices.size} invoices, ${created.deposits.size} deposits, ${created.withdrawals.size} withdrawals answered so far${batchNote}`,
  );
}
await load.stop();

// Let the workers finish: confirm every transfer, pay every withdrawal, deliver every event.
await load.settle(db);
const byStatus = async (table: string) =>
  (
    await sql<{ status: string; n: string }>`select status, count(*) as n from ${sql.table(table)} group by status order by status`.execute(
      db,
    )
  ).rows
    .map((r) => `${r.status} ${r.n}`)
    .join(', ');
console.log(
  `\nfinal state: deposits ${await byStatus('deposits')}; invoices ${await byStatus('invoices')}; withdrawals ${await byStatus('withdrawals')}; deliveries ${await byStatus('webhook_deliveries')}`,
);
const verdict = await load.verify(db, receiver.received);
const errorsOk = tally.errors === 0;
verdict.lines.push(`${errorsOk ? 'ok  ' : 'FAIL'} no 5xx other than 503 service.unavailable (${tally.unavailable} honest 503s)`);
if (!errorsOk) verdict.failures.push('5xx answers');
const batchRounds = Math.ceil(ROUNDS / 3);
const midBatchOk = faults.midBatch === batchRounds;
verdict.lines.push(
  `${midBatchOk ? 'ok  ' : 'FAIL'} every batch round killed the process while it paid the batch out (${faults.midBatch} of ${batchRounds})`,
);
if (!midBatchOk) verdict.failures.push('batch kills');
for (const line of verdict.lines) console.log(line);
for (const sample of load.samples) console.log(`  ${sample}`);
const failures = verdict.failures;

console.log(
  `\nchaos tally: ${ROUNDS} rounds, ${faults.kills} SIGKILLs (restart to ready: median ${restartMs.sort((a, b) => a - b)[Math.floor(restartMs.length / 2)]} ms), ${faults.dbRestarts} database restarts, ${faults.midBatch} kills amid a batch's payouts; ` +
    `${tally.answered} requests answered, ${tally.unavailable} answered 503 while the database was away, ${tally.errors} other 5xx, ${tally.unanswered} cut off by a kill; ` +
    `${verdict.repeats} webhook requests were repeats of a delivery interrupted by a fault`,
);
console.log(failures.length === 0 ? 'chaos: PASS' : `chaos: FAIL (${failures.length})`);
await gateway.stop();
await receiver.close();
await database.close();
await scratch.drop();
await cluster?.destroy();
process.exit(failures.length === 0 ? 0 : 1);
