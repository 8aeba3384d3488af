import { randomBytes, randomUUID } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { sql } from 'kysely';
import { chainAdapters } from '../src/chains/registry.ts';
import { SandboxChain } from '../src/chains/sandbox/sandbox-chain.ts';
import type { Engine } from '../src/lib/db/index.ts';
import { auditLedger } from '../src/modules/ledger/service.ts';
import { executeRound } from '../src/modules/withdrawals/execute.ts';
import {
  benchEngines,
  jsonCheck,
  load,
  progress,
  ratio,
  round,
  rounds,
  startBenchGateway,
  type BenchGateway,
  type Figures,
} from './lib.ts';
import { fund, prepareSandbox } from './sandbox.ts';

const ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 1000);
const base58check = createBase58check(sha256);
/** A fresh Tron address for every payout, so each one's payment on the sandbox chain can be counted. */
const tronAddress = () => base58check.encode(new Uint8Array([0x41, ...randomBytes(20)]));
const item = (orderId: string) => ({ cryptoCurrencyCode: 'USDT_TRC20', address: tronAddress(), amount: 5, orderId });

const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** The one side's times of one round, in seconds. */
interface Side {
  quoteS: number;
  commitS: number;
  executeS: number;
}

/** Quotes live a minute: the singles are quoted and committed a hundred at a time, each phase timed. */
const CHUNK = 100;

/** The singles: quotes then their commits over HTTP, 10 at a time (as bench/withdrawals.ts), CHUNK by CHUNK. */
async function singles(gw: BenchGateway, run: string): Promise<{ side: Side; ids: string[] }> {
  const headers = { 'x-tenant-api-key': gw.key };
  const ids: string[] = [];
  let quoteS = 0;
  let commitS = 0;
  for (let from = 0; from < ITEMS; from += CHUNK) {
    const size = Math.min(CHUNK, ITEMS - from);
    const quotes: string[] = [];
    let n = from;
    // Each phase's time from its first request to its last answer (load's rate), not to autocannon's next tick.
    const quoting = await load('single quotes', `${gw.url}/v1/withdrawal/quote`, {
      headers,
      amount: size,
      post: () => item(`${run}-s-${n++}`),
      check: jsonCheck(200, (b) => typeof b.data.quoteId === 'string' && quotes.push(b.data.quoteId) > 0),
    });
    quoteS += size / quoting.requestsPerSec;
    let c = 0;
    const committing = await load('single commits', `${gw.url}/v1/withdrawal/commit`, {
      headers,
      amount: size,
      post: () => ({ quoteId: quotes[c++] ?? randomUUID() }),
      check: jsonCheck(201, (b) => b.data.status === 'created' && ids.push(b.data.id) > 0),
    });
    commitS += size / committing.requestsPerSec;
  }
  if (ids.length !== ITEMS) throw new Error(`${ids.length} single withdrawals of ${ITEMS}`);
  return { side: { quoteS, commitS, executeS: await execute(gw, ids) }, ids };
}

/**
 * One POST over a connection of its own (autocannon's, as the singles'): a kept-alive fetch socket
 * idle through a long execution may be closed by the server just as it is reused. Its answer, and
 * its time to the answer.
 */
async function postOnce(
  gw: BenchGateway,
  label: string,
  path: string,
  body: unknown,
  status: number,
): Promise<{ data: any; seconds: number }> {
  let data: any;
  const r = await load(label, `${gw.url}${path}`, {
    headers: { 'x-tenant-api-key': gw.key },
    amount: 1,
    connections: 1,
    post: () => body,
    check: jsonCheck(status, (b) => (data = b.data) !== undefined),
  });
  return { data, seconds: 1 / r.requestsPerSec };
}

/** The batch: one quote of ITEMS items, its commit, then its execution. */
async function batch(gw: BenchGateway, run: string): Promise<{ side: Side; ids: string[] }> {
  const items = Array.from({ length: ITEMS }, (_, i) => item(`${run}-b-${i}`));
  const quoted = await postOnce(gw, 'batch quote', '/v1/withdrawal/batch/quote', { items }, 200);
  if (quoted.data.items.length !== ITEMS) throw new Error(`${quoted.data.items.length} items quoted of ${ITEMS}`);
  const committed = await postOnce(gw, 'batch commit', '/v1/withdrawal/batch/commit', { batchQuoteId: quoted.data.batchQuoteId }, 201);
  const ids: string[] = committed.data.withdrawals.map((w: { id: string }) => w.id);
  if (ids.length !== ITEMS) throw new Error(`${ids.length} withdrawals in the batch of ${ITEMS}`);
  const executeS = await execute(gw, ids);
  const done = await gw.database.db
    .selectFrom('withdrawal_batches')
    .select('status')
    .where('id', '=', committed.data.id)
    .executeTakeFirstOrThrow();
  if (done.status !== 'completed') throw new Error(`the batch ended ${done.status}`);
  return { side: { quoteS: quoted.seconds, commitS: committed.seconds, executeS }, ids };
}

/**
 * What the worker's withdrawal job does, back to back: execution rounds (sign, record, broadcast,
 * follow), with 20 sandbox blocks mined after each, until every one of `ids` is final.
 */
async function execute(gw: BenchGateway, ids: string[]): Promise<number> {
  const ctx = { config: gw.config, database: gw.database, db: gw.database.db };
  const adapters = chainAdapters(gw.config, gw.database.db);
  const tron = new SandboxChain('TRON', gw.database.db);
  const t0 = performance.now();
  for (let r = 0; ; r++) {
    const out = await executeRound(ctx, adapters);
    if (out.failures.length > 0) throw new Error(`execution round: ${out.failures[0]?.error}`);
    const open = await gw.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('id', 'in', ids)
      .where('status', 'not in', ['completed', 'failed', 'cancelled'])
      .limit(1)
      .execute();
    if (open.length === 0) break;
    if (r > 20 * Math.ceil(ITEMS / 100) + 20) throw new Error(`withdrawals still open after ${r} execution rounds`);
    await tron.mine(20);
  }
  return seconds(t0);
}

/** Every one of `ids` completed and paid once, to its own address, with the amount asked; the journal sums. */
async function checkPaid(gw: BenchGateway, ids: string[]): Promise<void> {
  const rows = await sql<{ status: string; n: string; paid: string | null; amount: string }>`
    select w.status, count(s.tx_hash) as n, sum(s.amount) as paid, w.amount
    from withdrawals w left join sandbox_transfers s on s.network = 'TRON' and s.to_address = w.address
    where w.id in (${sql.join(ids)}) group by w.id, w.status, w.amount`.execute(gw.database.db);
  const wrong = rows.rows.filter((p) => p.status !== 'completed' || Number(p.n) !== 1 || p.paid !== p.amount);
  if (rows.rows.length !== ids.length || wrong.length > 0)
    throw new Error(`${wrong.length} of ${ids.length} withdrawals not paid exactly once: ${JSON.stringify(wrong[0])}`);
  const audit = await auditLedger(gw.database.db);
  if (audit.mismatches.length > 0 || audit.unbalancedCurrencies.length > 0)
    throw new Error(`ledger audit: ${JSON.stringify(audit).slice(0, 300)}`);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;

interface SideFigures {
  quoteS: number;
  commitS: number;
  quoteCommitS: number;
  executeS: number;
  executedPerSec: number;
}

function sideFigures(sides: Side[]): SideFigures {
  const e = median(sides.map((s) => s.executeS));
  return {
    quoteS: round(median(sides.map((s) => s.quoteS)), 2),
    commitS: round(median(sides.map((s) => s.commitS)), 2),
    quoteCommitS: round(median(sides.map((s) => s.quoteS + s.commitS)), 2),
    executeS: round(e, 1),
    executedPerSec: round(ITEMS / e),
  };
}

/** One engine: `rounds()` rounds of the singles then the batch, each paid out in full before the next. */
async function onEngine(engine: Engine) {
  const gw = await startBenchGateway({ engine });
  try {
    await prepareSandbox(gw);
    await fund(gw, String(20 * ITEMS * rounds()));
    const base: Side[] = [];
    const measured: Side[] = [];
    for (let r = 0; r < rounds(); r++) {
      const run = randomUUID().slice(0, 8);
      const one = await singles(gw, run);
      base.push(one.side);
      const many = await batch(gw, run);
      measured.push(many.side);
      await checkPaid(gw, [...one.ids, ...many.ids]);
      progress(`withdrawalBatch (${engine}) round ${r + 1}: singles ${JSON.stringify(one.side)}, batch ${JSON.stringify(many.side)}`);
    }
    const singlesFig = sideFigures(base);
    const batchFig = sideFigures(measured);
    return {
      items: ITEMS,
      rounds: rounds(),
      batch: batchFig,
      singles: singlesFig,
      quoteCommitSpeedup: ratio(singlesFig.quoteCommitS, batchFig.quoteCommitS),
      executeRatio: ratio(singlesFig.executeS, batchFig.executeS),
    };
  } finally {
    await gw.close();
  }
}

function printEngine(engine: string, f: Awaited<ReturnType<typeof onEngine>>): void {
  const { batch: b, singles: s } = f;
  console.log(
    `\n${ITEMS} withdrawals as one batch vs ${ITEMS} single quote + commit (10 connections), ${engine}, median of ${f.rounds} rounds, seconds`,
  );
  const pad = (cells: Array<string | number>) => cells.map((c, i) => String(c).padEnd(i === 0 ? 12 : 11)).join('');
  console.log('  ' + pad(['case', 'quote', 'commit', 'both', 'execute', 'paid/s']));
  console.log('  ' + pad(['batch', b.quoteS, b.commitS, b.quoteCommitS, b.executeS, b.executedPerSec]));
  console.log('  ' + pad(['singles', s.quoteS, s.commitS, s.quoteCommitS, s.executeS, s.executedPerSec]));
  console.log(`  quote + commit: the batch ${f.quoteCommitSpeedup}× as fast; execution: ${f.executeRatio}× the singles' speed`);
}

/**
 * A batch of ITEMS (BENCH_BATCH_ITEMS, default 1,000) withdrawals: its quote, its commit, and its
 * execution on the sandbox chain until every item is final (execution rounds back to back, 20 blocks
 * mined after each, as the worker's job would run them with blocks arriving); against the same
 * number of withdrawals quoted and committed one by one, 10 at a time, and executed the same way,
 * in the same round. Every payout is checked paid exactly once and the journal audited. Per
 * engine; no target.
 */
export async function benchWithdrawalBatch(): Promise<Figures> {
  const out: Figures = {};
  for (const engine of benchEngines()) {
    progress(`withdrawalBatch (${engine}): ${rounds()} rounds of ${ITEMS} singles then a batch of ${ITEMS}`);
    const figures = await onEngine(engine);
    printEngine(engine, figures);
    out[engine] = { ...figures, batch: { ...figures.batch }, singles: { ...figures.singles } };
  }
  return out;
}
