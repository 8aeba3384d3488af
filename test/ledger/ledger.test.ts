import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import {
  UnbalancedEntryError,
  auditLedger,
  credit,
  custodyAccount,
  debit,
  merchantAccount,
  merchantBalances,
  post,
} from '../../src/modules/ledger/service.ts';
import { cryptoAmount } from '../../src/lib/currencies/catalogue.ts';
import { createTenant } from '../../src/modules/tenants/service.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';

/** A completed deposit: received R, network fee F withheld, commission C. */
function depositLines(accountId: string, r: bigint, f: bigint, c: bigint) {
  const usdt = (units: bigint) => cryptoAmount('USDT_TRC20', units);
  return [
    debit(custodyAccount('TRON'), usdt(r)),
    credit(merchantAccount(accountId), usdt(r - f - c)),
    credit('fees:network', usdt(f)),
    credit('revenue:commission', usdt(c)),
  ];
}

describeEngines('double-entry ledger', (engine) => {
  const db = useTestDatabase(engine);
  let tenantId: string;
  let accountId: string;
  before(async () => {
    ({ id: tenantId, accountId } = await createTenant(db().db, 'Ledger'));
  });

  it('posts balanced entries once, moving balances in the same transaction', async () => {
    const refId = randomUUID();
    const posting = {
      tenantId,
      kind: 'deposit.completed',
      refType: 'deposit',
      refId,
      lines: depositLines(accountId, 10_000_000n, 1_000_000n, 90_000n),
    };
    const first = await db()
      .db.transaction()
      .execute((trx) => post(trx, posting));
    assert.ok(first);
    const replay = await db()
      .db.transaction()
      .execute((trx) => post(trx, posting));
    assert.equal(replay, null, 'the same cause posts nothing the second time');
    assert.deepEqual(await merchantBalances(db().db, accountId), [{ currency: 'USDT_TRC20', units: 8_910_000n }]);
    assert.deepEqual(await auditLedger(db().db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('refuses an unbalanced entry, in the service and in the database', async () => {
    const lines = depositLines(accountId, 5n, 1n, 1n);
    lines[0] = debit(custodyAccount('TRON'), cryptoAmount('USDT_TRC20', 6n));
    await assert.rejects(
      db()
        .db.transaction()
        .execute((trx) => post(trx, { tenantId, kind: 'x', refType: 'x', refId: randomUUID(), lines })),
      UnbalancedEntryError,
    );
    // Equal units of two currencies are two unbalanced currencies, not one balanced entry.
    const mixed = [
      debit(custodyAccount('TRON'), cryptoAmount('USDT_TRC20', 5n)),
      credit(merchantAccount(accountId), cryptoAmount('TRX', 5n)),
    ];
    await assert.rejects(
      db()
        .db.transaction()
        .execute((trx) => post(trx, { tenantId, kind: 'x', refType: 'x', refId: randomUUID(), lines: mixed })),
      UnbalancedEntryError,
    );
    // Even written by hand, an unbalanced entry cannot commit: the deferred trigger refuses it.
    const id = randomUUID();
    await assert.rejects(
      db()
        .db.transaction()
        .execute(async (trx) => {
          await trx.insertInto('journal_entries').values({ id, tenant_id: tenantId, kind: 'manual', ref_type: 'x', ref_id: id }).execute();
          await trx
            .insertInto('journal_lines')
            .values({ entry_id: id, line_no: 0, ledger_account: 'fees:network', currency_code: 'BTC', amount: 5n })
            .execute();
        }),
      /does not balance/,
    );
    assert.equal((await sql`select 1 from journal_entries where id = ${id}`.execute(db().db)).rows.length, 0);
  });

  it('never lets a merchant balance go below zero, also under concurrent debits', async () => {
    const { accountId: acct } = await createTenant(db().db, 'Spender');
    await db()
      .db.transaction()
      .execute((trx) =>
        post(trx, {
          tenantId: null,
          kind: 'deposit.completed',
          refType: 'deposit',
          refId: randomUUID(),
          lines: depositLines(acct, 10n, 0n, 0n),
        }),
      );
    const spend = () =>
      db()
        .db.transaction()
        .execute((trx) =>
          post(trx, {
            tenantId: null,
            kind: 'withdrawal.committed',
            refType: 'withdrawal',
            refId: randomUUID(),
            lines: [
              debit(merchantAccount(acct), cryptoAmount('USDT_TRC20', 3n)),
              credit(custodyAccount('TRON'), cryptoAmount('USDT_TRC20', 3n)),
            ],
          }),
        );
    const results = await Promise.allSettled(Array.from({ length: 6 }, spend));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
    assert.deepEqual(await merchantBalances(db().db, acct), [{ currency: 'USDT_TRC20', units: 1n }]);
    assert.deepEqual(await auditLedger(db().db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('finds a balance that drifted from its journal', async () => {
    await sql`update ledger_balances set balance = balance + 1 where ledger_account = ${merchantAccount(accountId)}`.execute(db().db);
    const audit = await auditLedger(db().db);
    assert.equal(audit.mismatches.length, 1);
    assert.equal(audit.mismatches[0]!.account, merchantAccount(accountId));
    await sql`update ledger_balances set balance = balance - 1 where ledger_account = ${merchantAccount(accountId)}`.execute(db().db);
  });
});
