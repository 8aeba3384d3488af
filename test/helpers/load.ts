/**
 * A light, mixed merchant load against a running gateway, and the checks that nothing it was
 * told happened got lost or happened twice. Shared by the chaos run (processes killed) and the
 * database fault test (the database restarted, stopped, cut off).
 *
 * The load: invoices; deposits paid through the sandbox Tron chain; withdrawals to a fresh address
 * each (every quote committed twice at once); blocks mined now and then; lists read.
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
  doubleCommits: number;
}

export class MixedLoad {
  readonly created = { invoices: new Set<string>(), deposits: new Set<string>(), withdrawals: new Set<string>() };
  readonly tally: LoadTally = { answered: 0, unavailable: 0, errors: 0, unanswered: 0, doubleCommits: 0 };
  /** A few of the unexpected answers, for the report. */
  readonly samples: string[] = [];
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
      const r = await api(this.opts.url(), method, path, { key: opts.key ? this.opts.key : undefined, admin: opts.admin ? this.opts.admin : undefined, body: opts.body, timeoutMs: 8000 });
      if (r.status < 500) this.tally.answered++;
      else if (r.status === 503 && r.body?.code === 'exceptions.service.unavailable' && Number(r.headers['retry-after']) > 0) this.tally.unavailable++;
      else {
        this.tally.errors++;
        if (this.samples.length < 5) this.samples.push(`${method} ${path} → ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      }
      return r;
    } catch (err) {
      this.tally.unanswered++;
      if (this.samples.length < 5) this.samples.push(`${method} ${path} → no answer (${(err as Error).message})`);
      return null;
    }
  }

  /** A balance for the withdrawals: one large deposit, confirmed before the load starts. */
  async fund(): Promise<void> {
    const { url, key, admin } = this.opts;
    const funding = (await api(url(), 'POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'funding' } })).body.data;
    this.created.deposits.add(funding.id);
    await api(url(), 'POST', '/admin/sandbox/transfers', { admin, body: { cryptoCurrencyCode: 'USDT_TRC20', to: funding.address, amount: '1000000' } });
    await api(url(), 'POST', '/admin/sandbox/mine', { admin, body: { network: 'Tron', blocks: 3 } });
    await until(async () => (await api(url(), 'GET', `/v1/deposit?id=${funding.id}`, { key })).body.data.status === 'completed', 30_000, 'funding deposit');
  }

  private async operation(): Promise<void> {
    const n = this.seq++;
    const receiver = this.opts.receiver;
    const kind = n % 4;
    if (kind === 0) {
      const r = await this.call('POST', '/v1/invoice', { key: true, body: { amount: 5 + (n % 50), fiatCurrencyCode: 'USD', orderId: `inv-${n}`, webhookUrl: `${receiver}/invoices` } });
      if (r?.status === 201) this.created.invoices.add(r.body.data.id);
    } else if (kind === 1) {
      const r = await this.call('POST', '/v1/deposit', { key: true, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `dep-${n}` } });
      if (r?.status !== 201) return;
      this.created.deposits.add(r.body.data.id);
      await this.call('POST', '/admin/sandbox/transfers', { admin: true, body: { cryptoCurrencyCode: 'USDT_TRC20', to: r.body.data.address, amount: `${1 + (n % 9)}.25` } });
    } else if (kind === 2) {
      const q = await this.call('POST', '/v1/withdrawal/quote', { key: true, body: { cryptoCurrencyCode: 'USDT_TRC20', address: tronAddress(), amount: 5, orderId: `wd-${n}` } });
      if (q?.status !== 200) return;
      // The same quote committed twice at once: at most one withdrawal may come of it.
      const commits = await Promise.all(
        [0, 1].map(() => this.call('POST', '/v1/withdrawal/commit', { key: true, body: { quoteId: q.body.data.quoteId, webhookUrl: `${receiver}/withdrawals` } })),
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
        await api(this.opts.url(), 'POST', '/admin/sandbox/mine', { admin: this.opts.admin, body: { network: 'Tron', blocks: 5 } }).catch(() => null);
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
   * balances, no quote backs two withdrawals, no withdrawal was paid twice, every event reached the
   * receiver at least once. Returns one line per check (`ok` or `FAIL`).
   */
  async verify(db: Db, received: Received[]): Promise<{ lines: string[]; failures: string[]; repeats: number }> {
    const lines: string[] = [];
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => {
      lines.push(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failures.push(what);
    };
    const existing = async (table: 'invoices' | 'deposits' | 'withdrawals', ids: Set<string>) =>
      ids.size === 0 ? 0 : Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where id in (${sql.join([...ids])})`.execute(db)).rows[0]!.n);
    const { invoices, deposits, withdrawals } = this.created;
    check((await existing('invoices', invoices)) === invoices.size, `every invoice answered 201 exists (${invoices.size})`);
    check((await existing('deposits', deposits)) === deposits.size, `every deposit answered 201 exists (${deposits.size})`);
    check((await existing('withdrawals', withdrawals)) === withdrawals.size, `every withdrawal answered 201 exists (${withdrawals.size})`);
    const audit = await auditLedger(db);
    check(audit.mismatches.length === 0 && audit.unbalancedCurrencies.length === 0, 'the journal sums to the balances');
    check(
      this.tally.doubleCommits === 0 && (await count(db, `select count(*) as n from (select quote_id from withdrawals group by quote_id having count(*) > 1) d`)) === 0,
      'no quote backs two withdrawals',
    );
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
    const eventsWithout = await count(db, `select count(*) as n from outbox_events e where not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`);
    check(
      deliveries.rows.length > 0 && undelivered === 0 && eventsWithout === 0,
      `every event delivered at least once (${deliveries.rows.length} deliveries, ${received.length} requests received)`,
    );
    return { lines, failures, repeats: received.length - deliveries.rows.length };
  }
}
