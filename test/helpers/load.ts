/**
 * A light, mixed merchant load against a running gateway, and the checks that nothing it was
 * told happened got lost or happened twice. Shared by the chaos run (processes killed) and the
 * database fault test (the database restarted, stopped, cut off).
 *
 * The load: invoices; deposits paid through the sandbox Tron chain; withdrawals to a fresh address
 * each (every quote committed twice at once), one in four of them a batch of three; blocks mined
 * now and then; lists read.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import type { Db } from '../../src/lib/db/index.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { api } from './processes.ts';
import { until, type Received } from './receiver.ts';

const base58check = createBase58check(sha256);
/** A fresh, valid Tron address: every withdrawal pays its own, so each payment can be counted. */
const tronAddress = () => base58check.encode(new Uint8Array([0x41, ...randomBytes(20)]));

/** The one number a `select count(*) as n …` returns. */
async function count(db: Db, query: string): Promise<number> {
  return Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(db)).rows[0]!.n);
}

export interface LoadTally {
  /** Answered below 500. */
  answered: number;
  /** Answered 503 `exceptions.service.unavailable` with Retry-After: an honest "not now". */
  unavailable: number;
  /** Any other 5xx: a bug. */
  errors: number;
  /** No answer at all (the process was killed mid-request, or the request timed out). */
  unanswered: number;
  /** Quotes (or batch quotes) that two commits at once both got a 201 for. */
  doubleCommits: number;
}

/** A batch committed through the load: its id and its withdrawals' ids. */
export interface CommittedBatch {
  id: string;
  withdrawals: string[];
}

export class MixedLoad {
  readonly created = {
    invoices: new Set<string>(),
    deposits: new Set<string>(),
    withdrawals: new Set<string>(),
    batches: new Set<string>(),
  };
  readonly tally: LoadTally = { answered: 0, unavailable: 0, errors: 0, unanswered: 0, doubleCommits: 0 };
  /** A few of the unexpected answers, for the report: up to five 5xx and five unanswered requests. */
  readonly samples: string[] = [];
  private sampled = { errors: 0, unanswered: 0 };
  private seq = 0;
  private running = false;
  private clients: Promise<void>[] = [];
  private gate: Promise<void> = Promise.resolve();
  private open: (() => void) | undefined;

  constructor(
    private readonly opts: {
      /** The gateway's base URL (a function: a restarted gateway may move). */
      url: () => string;
      key: string;
      admin: string;
      /** The webhook receiver's base URL. */
      receiver: string;
    },
  ) {}

  /** One call; tallies the outcome and returns the answer, or null when none came. */
  async call(method: string, path: string, opts: { key?: boolean; admin?: boolean; body?: unknown } = {}) {
    try {
      const r = await api(this.opts.url(), method, path, {
        key: opts.key ? this.opts.key : undefined,
        admin: opts.admin ? this.opts.admin : undefined,
        body: opts.body,
        timeoutMs: 8000,
      });
      if (r.status < 500) this.tally.answered++;
      else if (r.status === 503 && r.body?.code === 'exceptions.service.unavailable' && Number(r.headers['retry-after']) > 0)
        this.tally.unavailable++;
      else {
        this.tally.errors++;
        if (this.sampled.errors++ < 5) this.samples.push(`${method} ${path} → ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      }
      return r;
    } catch (err) {
      this.tally.unanswered++;
      if (this.sampled.unanswered++ < 5) this.samples.push(`${method} ${path} → no answer (${(err as Error).message})`);
      return null;
    }
  }

  /** A balance for the withdrawals: one large deposit, confirmed before the load starts. */
  async fund(): Promise<void> {
    const { url, key, admin } = this.opts;
    const funding = (await api(url(), 'POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'funding' } })).body
      .data;
    this.created.deposits.add(funding.id);
    await api(url(), 'POST', '/admin/sandbox/transfers', {
      admin,
      body: { cryptoCurrencyCode: 'USDT_TRC20', to: funding.address, amount: '1000000' },
    });
    await api(url(), 'POST', '/admin/sandbox/mine', { admin, body: { network: 'Tron', blocks: 3 } });
    await until(
      async () => (await api(url(), 'GET', `/v1/deposit?id=${funding.id}`, { key })).body.data.status === 'completed',
      30_000,
      'funding deposit',
    );
  }

  private async operation(): Promise<void> {
    const n = this.seq++;
    const receiver = this.opts.receiver;
    const kind = n % 4;
    if (kind === 0) {
      const r = await this.call('POST', '/v1/invoice', {
        key: true,
        body: { amount: 5 + (n % 50), fiatCurrencyCode: 'USD', orderId: `inv-${n}`, webhookUrl: `${receiver}/invoices` },
      });
      if (r?.status === 201) this.created.invoices.add(r.body.data.id);
    } else if (kind === 1) {
      const r = await this.call('POST', '/v1/deposit', { key: true, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `dep-${n}` } });
      if (r?.status !== 201) return;
      this.created.deposits.add(r.body.data.id);
      await this.call('POST', '/admin/sandbox/transfers', {
        admin: true,
        body: { cryptoCurrencyCode: 'USDT_TRC20', to: r.body.data.address, amount: `${1 + (n % 9)}.25` },
      });
    } else if (kind === 2 && n % 16 === 2) {
      await this.commitBatch(3, `bt-${n}`);
    } else if (kind === 2) {
      const q = await this.call('POST', '/v1/withdrawal/quote', {
        key: true,
        body: { cryptoCurrencyCode: 'USDT_TRC20', address: tronAddress(), amount: 5, orderId: `wd-${n}` },
      });
      if (q?.status !== 200) return;
      // The same quote committed twice at once: at most one withdrawal may come of it.
      const commits = await Promise.all(
        [0, 1].map(() =>
          this.call('POST', '/v1/withdrawal/commit', {
            key: true,
            body: { quoteId: q.body.data.quoteId, webhookUrl: `${receiver}/withdrawals` },
          }),
        ),
      );
      const ok = commits.filter((c) => c && c.status < 300);
      if (ok.length > 1) this.tally.doubleCommits++;
      for (const c of ok) this.created.withdrawals.add(c!.body.data.id);
    } else if (n % 8 === 3) {
      await this.call('POST', '/admin/sandbox/mine', { admin: true, body: { network: 'Tron', blocks: 1 } });
    } else {
      await this.call('GET', '/v1/invoice/list', { key: true });
    }
  }

  /**
   * A batch of `items` withdrawals of 5 USDT_TRC20, each to a fresh address, quoted and committed
   * twice at once (at most one batch may come of it); its ids once a commit was answered 201, else null.
   */
  async commitBatch(items: number, prefix: string): Promise<CommittedBatch | null> {
    const body = {
      items: Array.from({ length: items }, (_, i) => ({
        cryptoCurrencyCode: 'USDT_TRC20',
        address: tronAddress(),
        amount: 5,
        orderId: `${prefix}-${i}`,
      })),
    };
    const q = await this.call('POST', '/v1/withdrawal/batch/quote', { key: true, body });
    if (q?.status !== 200) return null;
    const commit = { batchQuoteId: q.body.data.batchQuoteId, webhookUrl: `${this.opts.receiver}/withdrawals` };
    const commits = await Promise.all([0, 1].map(() => this.call('POST', '/v1/withdrawal/batch/commit', { key: true, body: commit })));
    const ok = commits.filter((c) => c && c.status < 300);
    if (ok.length > 1) this.tally.doubleCommits++;
    const first = ok[0]?.body.data;
    if (!first) return null;
    const batch = { id: String(first.id), withdrawals: first.withdrawals.map((w: { id: string }) => w.id) };
    this.created.batches.add(batch.id);
    for (const id of batch.withdrawals) this.created.withdrawals.add(id);
    return batch;
  }

  /** Starts `clients` loops, each one operation after another (with `pauseMs` between). */
  start(clients: number, pauseMs = 0): void {
    this.running = true;
    this.clients = Array.from({ length: clients }, async () => {
      while (this.running) {
        await this.gate;
        await this.operation();
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
    });
  }

  /** Holds the clients back (while a killed gateway restarts) until resume(). */
  pause(): void {
    if (!this.open) this.gate = new Promise((r) => (this.open = r));
  }

  resume(): void {
    this.open?.();
    this.open = undefined;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.resume();
    await Promise.all(this.clients);
  }

  /** Waits until every withdrawal is paid and every event delivered (mining blocks meanwhile). */
  async settle(db: Db, ms = 120_000): Promise<void> {
    await until(
      async () => {
        await api(this.opts.url(), 'POST', '/admin/sandbox/mine', { admin: this.opts.admin, body: { network: 'Tron', blocks: 5 } }).catch(
          () => null,
        );
        return (
          (await count(db, `select count(*) as n from withdrawals where status in ('created', 'processing')`)) === 0 &&
          (await count(db, `select count(*) as n from outbox_events where processed_at is null`)) === 0 &&
          (await count(db, `select count(*) as n from webhook_deliveries where status <> 'delivered'`)) === 0
        );
      },
      ms,
      'withdrawals paid and every event delivered',
    );
  }

  /**
   * The promises kept: every object whose creation was answered exists, the journal sums to the
   * balances, no quote backs two withdrawals, no batch quote two batches, every batch ended with all
   * its items paid, no withdrawal was paid twice, every event reached the receiver at least once.
   * Returns one line per check (`ok` or `FAIL`).
   */
  async verify(db: Db, received: Received[]): Promise<{ lines: string[]; failures: string[]; repeats: number }> {
    const lines: string[] = [];
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => {
      lines.push(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failures.push(what);
    };
    const existing = async (table: 'invoices' | 'deposits' | 'withdrawals' | 'withdrawal_batches', ids: Set<string>) =>
      ids.size === 0
        ? 0
        : Number(
            (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where id in (${sql.join([...ids])})`.execute(db))
              .rows[0]!.n,
          );
    const { invoices, deposits, withdrawals } = this.created;
    check((await existing('invoices', invoices)) === invoices.size, `every invoice answered 201 exists (${invoices.size})`);
    check((await existing('deposits', deposits)) === deposits.size, `every deposit answered 201 exists (${deposits.size})`);
    check((await existing('withdrawals', withdrawals)) === withdrawals.size, `every withdrawal answered 201 exists (${withdrawals.size})`);
    const audit = await auditLedger(db);
    check(audit.mismatches.length === 0 && audit.unbalancedCurrencies.length === 0, 'the journal sums to the balances');
    check(
      this.tally.doubleCommits === 0 &&
        (await count(db, `select count(*) as n from (select quote_id from withdrawals group by quote_id having count(*) > 1) d`)) === 0,
      'no quote backs two withdrawals',
    );
    const { batches } = this.created;
    check((await existing('withdrawal_batches', batches)) === batches.size, `every batch answered 201 exists (${batches.size})`);
    for (const [ok, what] of await batchChecks(db)) check(ok, what);
    const payments = await sql<{ id: string; n: string; paid: string | null; amount: string }>`
      select w.id, count(s.tx_hash) as n, sum(s.amount) as paid, w.amount
      from withdrawals w left join sandbox_transfers s on s.network = 'TRON' and s.to_address = w.address
      where w.status = 'completed' group by w.id, w.amount`.execute(db);
    check(
      payments.rows.length > 0 && payments.rows.every((p) => Number(p.n) === 1 && p.paid === p.amount),
      `no withdrawal broadcast twice (${payments.rows.length} completed, each paid exactly once)`,
    );
    const deliveries = await sql<{ id: string }>`select id from webhook_deliveries`.execute(db);
    const got = new Set(received.map((r) => String(r.headers['x-webhook-id'])));
    const undelivered = deliveries.rows.filter((d) => !got.has(d.id)).length;
    const eventsWithout = await count(
      db,
      `select count(*) as n from outbox_events e where not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`,
    );
    check(
      deliveries.rows.length > 0 && undelivered === 0 && eventsWithout === 0,
      `every event delivered at least once (${deliveries.rows.length} deliveries, ${received.length} requests received)`,
    );
    return { lines, failures, repeats: received.length - deliveries.rows.length };
  }
}

/**
 * Every batch in the database (those whose commit answer a kill cut off too) came of one batch quote,
 * and ended completed with as many withdrawals as it has items, each completed.
 */
async function batchChecks(db: Db): Promise<Array<[boolean, string]>> {
  const twice = await count(
    db,
    `select count(*) as n from (select quote_id from withdrawal_batches group by quote_id having count(*) > 1) d`,
  );
  const rows = await sql<{ status: string; item_count: number; items: string; completed: string }>`
    select b.status, b.item_count, count(w.id) as items, count(w.id) filter (where w.status = 'completed') as completed
    from withdrawal_batches b left join withdrawals w on w.batch_id = b.id group by b.id`.execute(db);
  const unfinished = rows.rows.filter(
    (b) => b.status !== 'completed' || Number(b.items) !== Number(b.item_count) || Number(b.completed) !== Number(b.item_count),
  );
  const items = rows.rows.reduce((a, b) => a + Number(b.items), 0);
  return [
    [twice === 0, 'no batch quote backs two batches'],
    [
      unfinished.length === 0,
      `every batch completed, each of its items paid (${rows.rows.length} batches, ${items} items${unfinished.length ? `; ${unfinished.length} not: ${JSON.stringify(unfinished[0])}` : ''})`,
    ],
  ];
}
