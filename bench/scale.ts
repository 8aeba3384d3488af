import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { foldCountDeltas } from '../src/lib/db/counts.ts';
import { claimDeliveries, unclaimDeliveries } from '../src/modules/webhooks/claim.ts';
import type { Engine } from '../src/lib/db/index.ts';
import { invoiceBody } from './invoices.ts';
import { benchEngines, progress, round, startBenchGateway, type BenchGateway, type Figures } from './lib.ts';
import { call, fund, prepareSandbox } from './sandbox.ts';
import { seedCopies } from '../test/helpers/plans.ts';

/** Invoices of the account at each step; deposits and withdrawals a tenth of it (BENCH_SCALE_SIZES). */
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,100000,1000000').split(',').map(Number);
/** Timed calls of each read at each step (BENCH_SCALE_SAMPLES). */
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 200);
/** The bench's name on the leases it takes (a lease owner is a uuid). */
const SCALE_OWNER = randomUUID();
const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/** The later pages timed of each list: the next, two a dashboard reaches by paging, one past the deep-page anchor. */
export const LATER_PAGES = [2, 10, 50, 500];
/** The lists whose later pages are timed: their name in the figures and their URL. */
const PAGED_LISTS: Array<[string, (accountId: string) => string]> = [
  ['invoiceList', () => '/v1/invoice/list'],
  ['depositList', () => '/v1/deposit/list'],
  ['withdrawalList', (accountId) => `/v1/withdrawal/list?accountId=${accountId}`],
  ['deliveryList', () => '/v1/webhook-deliveries'],
];
/** The reads of the summary and the report, in order: each list's later pages follow its page 1. */
export const SCALE_READS = [
  'invoiceListPage1',
  ...LATER_PAGES.map((p) => `invoiceListPage${p}`),
  'invoiceListNoMatch',
  'invoiceListSince',
  'invoiceListDeep',
  'invoiceByOrderId',
  'depositListPage1',
  ...LATER_PAGES.map((p) => `depositListPage${p}`),
  'depositByOrderId',
  'withdrawalListPage1',
  ...LATER_PAGES.map((p) => `withdrawalListPage${p}`),
  'withdrawalByOrderId',
  'deliveryListPage1',
  ...LATER_PAGES.map((p) => `deliveryListPage${p}`),
  'invoiceCreate',
  'webhookClaim',
];

/**
 * Grows `table` to `target` rows of the account: copies of the row `id` (test/helpers/plans.ts seedCopies), each with a fresh id and the
 * columns `overrides` gives for copy g, in one statement (`g` counts on from the rows already there).
 */
async function growTo(gw: BenchGateway, table: string, id: string, target: number, overrides: Record<string, string>): Promise<void> {
  const db = gw.database.db;
  const have = Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
  for (let from = have + 1; from <= target; from += 250_000) {
    await seedCopies(db, table, id, Math.min(target, from + 249_999) - from + 1, overrides, { first: from, vacuum: false });
  }
}

/**
 * p50 and p99 in milliseconds of `samples` sequential runs of each of `runs` (their answers checked
 * by them), taken in turn: one of each, then the next round. Reads compared with each other (a
 * list's pages against its page 1) so meet the same moments of a shared machine's load.
 */
async function timed(
  samples: number,
  runs: Record<string, (i: number) => Promise<void>>,
): Promise<Record<string, { p50: number; p99: number }>> {
  const entries = Object.entries(runs);
  // Seeding can outlast the server's keep-alive: the first call may meet a connection it closed
  // (ECONNRESET); the warm-up calls after it must all succeed.
  for (const [, run] of entries) await run(samples).catch(() => undefined);
  for (let i = 1; i < 5; i++) for (const [, run] of entries) await run(samples + i);
  const ms = entries.map((): number[] => []);
  for (let i = 0; i < samples; i++) {
    for (const [k, [, run]] of entries.entries()) {
      const s = performance.now();
      await run(i);
      ms[k]!.push(performance.now() - s);
    }
  }
  const out: Record<string, { p50: number; p99: number }> = {};
  for (const [k, [name]] of entries.entries()) {
    const sorted = ms[k]!.sort((a, b) => a - b);
    const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!, 2);
    out[name] = { p50: at(0.5), p99: at(0.99) };
  }
  return out;
}

/** A GET of the bench account that must answer 200 and pass `ok`. */
async function get(gw: BenchGateway, path: string, ok: (body: any) => boolean): Promise<void> {
  const r = await call(gw, 'GET', path, { expect: 200 });
  if (!ok(r.body)) throw new Error(`GET ${path}: unexpected answer ${JSON.stringify(r.body).slice(0, 300)}`);
}

/**
 * The later pages of each list (LATER_PAGES) that hold rows at this size, as reads: each answer must
 * be that page of the list's total (found by a first call), a full page or the last one's rest.
 * A page past the last is not timed (`skipped` is told its name).
 */
async function laterPages(
  gw: BenchGateway,
  accountId: string,
  skipped: (name: string) => void,
): Promise<Record<string, (i: number) => Promise<void>>> {
  const reads: Record<string, (i: number) => Promise<void>> = {};
  for (const [list, url] of PAGED_LISTS) {
    const path = url(accountId);
    const at = (page: number) => `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=20`;
    // Seeding can outlast the server's keep-alive (see `timed`): a reset connection is tried again once.
    const first = () => call(gw, 'GET', at(1), { expect: 200 });
    const total = Number((await first().catch(first)).body.total);
    for (const page of LATER_PAGES) {
      const rows = Math.min(20, total - (page - 1) * 20);
      if (rows <= 0) skipped(`${list}Page${page}`);
      else reads[`${list}Page${page}`] = () => get(gw, at(page), (b) => b.data.length === rows && b.total === total);
    }
  }
  return reads;
}

/**
 * `npm run bench -- scale`: one account's history grown to each size of SIZES invoices
 * (and a tenth of it in deposits, withdrawals and delivered webhooks), one every 9 s back from now:
 * copies of API-made rows inserted in bulk, then VACUUM ANALYZE (what autovacuum does to a table
 * that grew). At each size, p50 and p99 of each read through the API (sequential calls over HTTP:
 * the list's page 1, a status no row has, a time range matching every row, a page 5,000 deep or the
 * last, a lookup by orderId; the delivery log; pages 2, 10, 50 and 500 of the invoice, deposit,
 * withdrawal and delivery lists where they hold rows), of invoice creation and of the deliverer's
 * claim among 20 due deliveries, the growth of each p50 from the smallest size to the largest, and
 * each later page's p50 against its list's page 1 (timed in turn with it).
 */
export async function benchScale(): Promise<Figures> {
  const out: Figures = { sizes: SIZES.join(','), samples: SAMPLES };
  const failed: string[] = [];
  for (const engine of benchEngines()) {
    try {
      out[engine] = await scaleOn(engine);
    } catch (err) {
      // One engine's failure keeps the other's figures; the bench still fails.
      const cause = (err as { cause?: unknown }).cause;
      progress(`scale (${engine}): FAILED: ${(err as Error).stack ?? err}${cause ? `\n  cause: ${(cause as Error).stack ?? cause}` : ''}`);
      out[engine] = { error: (err as Error).message };
      failed.push(engine);
    }
  }
  if (failed.length) throw Object.assign(new Error(`scale failed on ${failed.join(', ')}`), { figures: out });
  return out;
}

async function scaleOn(engine: Engine): Promise<Figures> {
  const gw = await startBenchGateway({ engine });
  const figures: Figures = {};
  try {
    const body = invoiceBody();
    const invoice = (await call(gw, 'POST', '/v1/invoice', { body: { ...body(), orderId: 'scale-invoice' }, expect: 201 })).body.data;
    await prepareSandbox(gw);
    await fund(gw, '1000');
    const deposit = (
      await call(gw, 'POST', '/v1/deposit', { body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'scale-deposit' }, expect: 201 })
    ).body.data;
    const quote = (
      await call(gw, 'POST', '/v1/withdrawal/quote', {
        body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'scale-withdrawal' },
        expect: 200,
      })
    ).body.data;
    const withdrawal = (await call(gw, 'POST', '/v1/withdrawal/commit', { body: { quoteId: quote.quoteId }, expect: 201 })).body.data;
    // A busy merchant's pace (the issue's "a million invoices in a few months"): one every 9 s, so
    // the million span 104 days, about 9,600 a day.
    const history = { order_id: `'seed-' || g`, created_at: `now() - g * interval '9 seconds'` };
    // The invoice's event, delivered to 20 URLs of 4 receivers (pending, due now) and, as history,
    // delivered before to as many URLs as the account has deposits.
    const db = gw.database.db;
    const { rows: events } = await sql<{
      id: string;
    }>`insert into outbox_events (tenant_id, event_type, aggregate_type, aggregate_id, payload, processed_at)
      values (${gw.tenant.id}, 'invoice.statusChanged', 'invoice', ${invoice.id}, '{}'::json, now()) returning id::text`.execute(db);
    const delivery = (
      await sql<{
        id: string;
      }>`insert into webhook_deliveries (id, tenant_id, account_id, event_id, event_type, aggregate_key, url, origin, status, delivered_at)
        values (gen_random_uuid(), ${gw.tenant.id}, ${gw.tenant.accountId}, ${events[0]!.id}::bigint, 'invoice.statusChanged', ${`invoice:${invoice.id}`},
          'https://merchant.example/0', 'https://merchant.example', 'delivered', now()) returning id::text`.execute(db)
    ).rows[0]!.id;
    await seedCopies(
      db,
      'webhook_deliveries',
      delivery,
      20,
      {
        seq: `nextval('webhook_deliveries_seq_seq')`,
        url: `'https://r' || (g % 4) || '.example/hook-' || g`,
        origin: `'https://r' || (g % 4) || '.example'`,
        status: `'pending'`,
        delivered_at: 'null',
      },
      { vacuum: false },
    );
    const claim = async () => {
      const claimed = await claimDeliveries(db, { owner: SCALE_OWNER, leaseS: 30, limit: 8, perOrigin: 2, room: new Map(), origins: null });
      if (claimed.length !== 8) throw new Error(`a claim got ${claimed.length} deliveries, not 8`);
      await unclaimDeliveries(db, SCALE_OWNER, claimed);
    };
    const accountId = gw.tenant.accountId;

    for (const size of SIZES) {
      const s = performance.now();
      progress(`scale (${engine}): growing the account to ${size} invoices, ${size / 10} deposits and withdrawals`);
      await growTo(gw, 'invoices', invoice.id, size, history);
      await growTo(gw, 'deposits', deposit.id, size / 10, history);
      await growTo(gw, 'withdrawal_quotes', quote.quoteId, size / 10, { ...history, id: `md5('q' || g)::uuid`, withdrawal_id: 'null' });
      await growTo(gw, 'withdrawals', withdrawal.id, size / 10, { ...history, quote_id: `md5('q' || g)::uuid` });
      await growTo(gw, 'webhook_deliveries', delivery, size / 10, {
        seq: `nextval('webhook_deliveries_seq_seq')`,
        url: `'https://merchant.example/' || g`,
        created_at: `now() - g * interval '9 seconds'`,
      });
      while ((await foldCountDeltas(gw.database.db)) > 0);
      await sql`vacuum analyze`.execute(gw.database.db);
      progress(`scale (${engine}): ${size} seeded in ${((performance.now() - s) / 1000).toFixed(1)} s; timing the reads`);

      // A seeded orderId of the n rows (copies are numbered 3…n: the first two rows are the API's).
      const pick = (i: number, n: number) => `seed-${3 + ((i * 7919 + 13) % (n - 2))}`;
      const lastPage = (n: number) => Math.min(5000, Math.ceil(n / 20));
      // Before invoiceCreate: the pages' totals are the seeded history's.
      const later = await laterPages(gw, accountId, (name) =>
        progress(`scale (${engine}): ${name} at ${size}: past the last page, not timed`),
      );
      const reads: Record<string, (i: number) => Promise<void>> = {
        invoiceListPage1: () => get(gw, '/v1/invoice/list?limit=20', (b) => b.data.length === 20 && b.total === size),
        invoiceListNoMatch: () => get(gw, '/v1/invoice/list?status=cancelled', (b) => b.total === 0),
        // A time range that matches the whole history: its total from the day counts, not the rows.
        invoiceListSince: () => get(gw, '/v1/invoice/list?limit=20&from=2000-01-01', (b) => b.data.length === 20 && b.total === size),
        invoiceListDeep: () => get(gw, `/v1/invoice/list?page=${lastPage(size)}&limit=20`, (b) => b.data.length > 0 && b.total === size),
        invoiceByOrderId: (i) => get(gw, `/v1/invoice?orderId=${pick(i, size)}`, (b) => b.data.orderId === pick(i, size)),
        depositListPage1: () => get(gw, '/v1/deposit/list?limit=20', (b) => b.data.length === 20),
        depositByOrderId: (i) => get(gw, `/v1/deposit?orderId=${pick(i, size / 10)}`, (b) => b.data.orderId === pick(i, size / 10)),
        withdrawalListPage1: () => get(gw, `/v1/withdrawal/list?limit=20&accountId=${accountId}`, (b) => b.data.length === 20),
        withdrawalByOrderId: (i) => get(gw, `/v1/withdrawal?orderId=${pick(i, size / 10)}`, (b) => b.data.orderId === pick(i, size / 10)),
        deliveryListPage1: () => get(gw, '/v1/webhook-deliveries?limit=20', (b) => b.data.length === 20 && b.total === size / 10),
        ...later,
        invoiceCreate: async () => void (await call(gw, 'POST', '/v1/invoice', { body: body(), expect: 201 })),
        // The deliverer's claim (one statement) of 8 of the 20 due deliveries, given back after.
        webhookClaim: claim,
      };
      // A list's pages are timed together, in turn, with its page 1; every other read alone.
      const groups = new Map<string, Record<string, (i: number) => Promise<void>>>();
      for (const [name, run] of Object.entries(reads)) {
        const group = /^(\w+List)Page\d+$/.exec(name)?.[1] ?? name;
        groups.set(group, { ...groups.get(group), [name]: run });
      }
      for (const runs of groups.values()) {
        for (const [name, { p50, p99 }] of Object.entries(await timed(SAMPLES, runs))) {
          figures[`${name}.${size}.p50Ms`] = p50;
          figures[`${name}.${size}.p99Ms`] = p99;
        }
      }
      // Created invoices are part of the history from now on.
      await sql`delete from invoices where order_id like 'bench-%'`.execute(gw.database.db);
    }
    const [small, large] = [SIZES[0]!, SIZES[SIZES.length - 1]!];
    const rows = [];
    for (const name of SCALE_READS) {
      // Page 5,000 exists from 100,000 rows on: its growth is against the smallest size that has it
      // (below that the deepest page is the last, a shorter walk); so is a later page's (none
      // past the last page is timed).
      const timedAt = SIZES.filter((n) => figures[`${name}.${n}.p50Ms`] !== undefined);
      const from = name === 'invoiceListDeep' ? (SIZES.find((n) => n >= 100_000) ?? small) : (timedAt[0] ?? small);
      if (timedAt.includes(large) && timedAt.includes(from) && (from !== large || name === 'invoiceListDeep')) {
        figures[`${name}.growth`] = round(
          Number(figures[`${name}.${large}.p50Ms`]) / Math.max(0.01, Number(figures[`${name}.${from}.p50Ms`])),
          2,
        );
      }
      // A later page against page 1 of its list at each size (within 2×).
      const page = /^(\w+List)Page(\d+)$/.exec(name);
      if (page && page[2] !== '1') {
        for (const n of timedAt)
          figures[`${name}.${n}.ofPage1`] = round(
            Number(figures[`${name}.${n}.p50Ms`]) / Math.max(0.01, Number(figures[`${page[1]}Page1.${n}.p50Ms`])),
            2,
          );
      }
      const cell = (n: number) =>
        figures[`${name}.${n}.p50Ms`] === undefined
          ? '—'.padStart(8).padEnd(19)
          : `${String(figures[`${name}.${n}.p50Ms`]).padStart(8)} / ${String(figures[`${name}.${n}.p99Ms`]).padEnd(8)}`;
      rows.push(`  ${name.padEnd(22)} ${SIZES.map(cell).join(' ')}  ×${figures[`${name}.growth`] ?? '—'}`);
    }
    console.log(
      `\nOne account's history on ${engine}: p50 / p99 ms at ${SIZES.join(', ')} invoices (deposits, withdrawals: a tenth), ${SAMPLES} sequential calls each; × is the p50's growth (the deep page's, and a later page's, from the first size that has it); — : past the last page`,
    );
    console.log(rows.join('\n'));
    return figures;
  } finally {
    await gw.close();
  }
}
