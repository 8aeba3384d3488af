import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import { serializableInAccountQueue } from '../../src/lib/db/account-queue.ts';
import type { Db } from '../../src/lib/db/index.ts';
import { cryptoAmount } from '../../src/lib/currencies/catalogue.ts';
import { foldBalanceDeltas } from '../../src/modules/ledger/fold.ts';
import {
  auditLedger,
  credit,
  custodyAccount,
  debit,
  lockedMerchantBalance,
  merchantAccount,
  merchantBalances,
  post,
  type PostingLine,
} from '../../src/modules/ledger/service.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';

const usdt = (units: bigint) => cryptoAmount('USDT_TRC20', units);
const CLEARING = 'clearing:withdrawals';
const CUSTODY = custodyAccount('TRON');
const CLEAN = { mismatches: [], unbalancedCurrencies: [] };

/** One posting through the real `post`, in a transaction of the default isolation (as the worker's). */
const book = (db: Db, kind: string, lines: PostingLine[]) =>
  db.transaction().execute((trx) => post(trx, { tenantId: null, kind, refType: 'test', refId: randomUUID(), lines }));

/** A deposit's credit: custody in, the merchant owed. */
const fund = (db: Db, accountId: string, units: bigint) =>
  book(db, 'deposit.completed', [debit(CUSTODY, usdt(units)), credit(merchantAccount(accountId), usdt(units))]);

/** What a withdrawal commit does to the ledger: under the account's queue, SERIALIZABLE, the balance checked under lock, then the debit into clearing. */
const commit = (db: Db, accountId: string, units: bigint) =>
  serializableInAccountQueue(db, accountId, async (trx) => {
    if ((await lockedMerchantBalance(trx, accountId, 'USDT_TRC20')) < units) throw new Error('insufficient balance');
    return post(trx, {
      tenantId: null,
      kind: 'withdrawal.committed',
      refType: 'withdrawal',
      refId: randomUUID(),
      lines: [debit(merchantAccount(accountId), usdt(units)), credit(CLEARING, usdt(units))],
    });
  });

/** What the worker books as it signs a payout: the amount leaves clearing and custody. */
const signed = (db: Db) => book(db, 'withdrawal.signed', [debit(CLEARING, usdt(1n)), credit(CUSTODY, usdt(1n))]);

/** A house balance as its readers see it: folded balance and pending deltas. */
async function houseBalance(db: Db, account: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_balances_now')
    .select('balance')
    .where('ledger_account', '=', account)
    .where('currency_code', '=', 'USDT_TRC20')
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0);
}

const pendingDeltas = async (db: Db) =>
  Number((await sql<{ n: string }>`select count(*)::text as n from ledger_balance_deltas`.execute(db)).rows[0]?.n);

/**
 * The house's balances (clearing, custody, …) are moved by insert-only deltas that the worker folds
 * in (ledger/fold.ts), so commits of many accounts at once, while the worker keeps moving clearing
 * as it signs payouts, never fail on one hot row. On PGlite (one connection) this checks the
 * bookkeeping; on PostgreSQL, also the concurrency.
 */
describeEngines('house balances as folded deltas', (engine) => {
  const database = useTestDatabase(engine);
  const db = () => database().db;

  it('commits of many accounts while the worker moves clearing: every commit succeeds, no 40001 escapes', async () => {
    const accounts = Array.from({ length: 12 }, () => randomUUID());
    for (const a of accounts) await fund(db(), a, 1_000n);
    await book(db(), 'seed', [debit(CUSTODY, usdt(10_000n)), credit(CLEARING, usdt(10_000n))]);

    // The worker: payouts signed back to back on their own connection, and folds, until the commits are done.
    let done = false;
    let payouts = 0;
    const worker = (async () => {
      while (!done) {
        await signed(db());
        payouts++;
        if (payouts % 10 === 0) await foldBalanceDeltas(db(), 20);
      }
    })();
    const commits = accounts.flatMap((a) => Array.from({ length: 5 }, () => commit(db(), a, 10n)));
    const results = await Promise.allSettled(commits);
    done = true;
    await worker;

    const failed = results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as { code?: string }).code ?? r.reason)] : []));
    assert.deepEqual(failed, []);
    assert.ok(payouts > 0);
    for (const a of accounts) assert.deepEqual(await merchantBalances(db(), a), [{ currency: 'USDT_TRC20', units: 950n }]);
    assert.equal(await houseBalance(db(), CLEARING), 10_000n + 600n - BigInt(payouts));
    assert.deepEqual(await auditLedger(db()), CLEAN);
  });

  it('the audit holds with deltas pending and after they are folded; a fold again folds nothing', async () => {
    const a = randomUUID();
    await fund(db(), a, 500n);
    await commit(db(), a, 200n);
    await signed(db());
    assert.ok((await pendingDeltas(db())) > 0);
    const before = { clearing: await houseBalance(db(), CLEARING), custody: await houseBalance(db(), CUSTODY) };
    assert.deepEqual(await auditLedger(db()), CLEAN);

    while ((await foldBalanceDeltas(db(), 3)) > 0);
    assert.equal(await pendingDeltas(db()), 0);
    assert.deepEqual(await auditLedger(db()), CLEAN);
    assert.deepEqual({ clearing: await houseBalance(db(), CLEARING), custody: await houseBalance(db(), CUSTODY) }, before);
    // Folded, the balance row itself holds it.
    const row = await db()
      .selectFrom('ledger_balances')
      .select('balance')
      .where('ledger_account', '=', CLEARING)
      .where('currency_code', '=', 'USDT_TRC20')
      .executeTakeFirstOrThrow();
    assert.equal(BigInt(row.balance), before.clearing);
    assert.equal(await foldBalanceDeltas(db()), 0);
    assert.deepEqual(await auditLedger(db()), CLEAN);
  });

  it('two folds at once fold each delta once; merchant balances never become deltas', async () => {
    const a = randomUUID();
    await fund(db(), a, 1_000n);
    for (let i = 0; i < 60; i++) await signed(db());
    const pending = await pendingDeltas(db());
    const before = { clearing: await houseBalance(db(), CLEARING), custody: await houseBalance(db(), CUSTODY) };

    // Each folds small batches until it finds none it can take (the other may hold the last ones).
    const folder = async () => {
      let folded = 0;
      for (let n = await foldBalanceDeltas(db(), 7); n > 0; n = await foldBalanceDeltas(db(), 7)) folded += n;
      return folded;
    };
    const [x, y] = await Promise.all([folder(), folder()]);
    assert.equal(x + y, pending);
    assert.equal(await pendingDeltas(db()), 0);
    assert.deepEqual({ clearing: await houseBalance(db(), CLEARING), custody: await houseBalance(db(), CUSTODY) }, before);
    assert.deepEqual(await auditLedger(db()), CLEAN);
    // The database refuses a merchant delta: its balance stays in place, under its non-negative CHECK.
    await assert.rejects(
      db()
        .insertInto('ledger_balance_deltas')
        .values({ ledger_account: merchantAccount(a), currency_code: 'USDT_TRC20', delta: -1n })
        .execute(),
      /ledger_balance_deltas_house_only/,
    );
  });
});
