import { randomUUID } from 'node:crypto';
import { figuresOf, jsonCheck, load, printTable, progress, seconds, startBenchGateway, type Figures } from './lib.ts';
import { fund, prepareSandbox } from './sandbox.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const WARM_UP = 50;

/**
 * Withdrawal commits of one account, as a merchant makes them: a funded balance (a sandbox deposit,
 * credited), quotes made first, then every quote committed once, 10 at a time. Commits of one
 * account all debit the same balance and queue on its lock, one transaction each. Measured:
 * commits per second and their p99, the quotes' rate beside them. No target: it is no row of the
 * performance table.
 * BENCH_WITHDRAWALS commits (default 200 per BENCH_SECOND).
 */
export async function benchWithdrawals(): Promise<Figures> {
  const commits = Number(process.env.BENCH_WITHDRAWALS ?? 200 * seconds());
  const gw = await startBenchGateway();
  const engine = gw.database.engine;
  try {
    await prepareSandbox(gw);
    await fund(gw, '10000000');
    const run = randomUUID().slice(0, 8);
    let n = 0;
    const quotes: string[] = [];
    const total = commits + WARM_UP;
    progress(`withdrawals (${engine}): ${total} quotes, then ${WARM_UP} commits of warm-up and ${commits} timed`);
    const quoting = await load('quote', `${gw.url}/v1/withdrawal/quote`, {
      headers: { 'x-tenant-api-key': gw.key },
      amount: total,
      post: () => ({ cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 5, orderId: `wd-${run}-${++n}` }),
      check: jsonCheck(200, (b) => typeof b.data.quoteId === 'string' && quotes.push(b.data.quoteId) > 0),
    });
    if (quotes.length !== total) throw new Error(`${quotes.length} quotes of ${total}`);
    let q = 0;
    const commit = (amount: number, label: string) =>
      load(label, `${gw.url}/v1/withdrawal/commit`, {
        headers: { 'x-tenant-api-key': gw.key },
        amount,
        post: () => ({ quoteId: quotes[q++] ?? randomUUID() }),
        check: jsonCheck(201, (b) => typeof b.data.id === 'string' && b.data.amount === 5),
      });
    await commit(WARM_UP, 'commit warm-up');
    const committing = await commit(commits, `commit (${engine})`);
    const stored = await gw.database.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(stored.n) !== total) throw new Error(`${stored.n} withdrawals stored for ${total} commits`);
    printTable(`POST /v1/withdrawal/quote, then /commit of each quote: one account (${engine}), 10 connections, ${commits} commits timed`, [
      quoting,
      committing,
    ]);
    return { engine, commits, ...figuresOf('commit', committing), ...figuresOf('quote', quoting) };
  } finally {
    await gw.close();
  }
}
