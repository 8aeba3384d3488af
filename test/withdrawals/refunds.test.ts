import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { chainAdapters } from '../../src/chains/registry.ts';
import { PermanentBroadcastError, type ChainAdapter } from '../../src/chains/types.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { SANDBOX_ASSETS, fundedAccount, payInvoice, sandboxTransfer, setNetworkFee } from '../helpers/scenario.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const CODE = 'USDT_TRC20';

describeEngines('refunds', (engine) => {
  const app = useTestApp(engine);
  let seq = 0;

  const RATES = [...SANDBOX_ASSETS, 'USD', 'EUR'];
  /** An invoice of `usd` paid in USDT (fee 1 included in what is due) the way `how` says. */
  async function paidInvoice(t: TestApp, key: string, usd: number, how: 'exact' | 'over') {
    const inv = (await t.call('POST', '/v1/invoice', { key, body: { amount: usd, fiatCurrencyCode: 'USD', orderId: `inv-${++seq}` } })).body
      .data;
    await payInvoice(t, inv.id, how, CODE);
    return inv.id as string;
  }
  const quote = (t: TestApp, key: string, body: Record<string, unknown>) =>
    t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: CODE, address: TRON_TO, amount: 10, orderId: `r-${++seq}`, ...body },
    });
  const commit = (t: TestApp, key: string, quoteId: string) => t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId } });
  const refund = async (t: TestApp, key: string, body: Record<string, unknown>) => {
    const q = await quote(t, key, body);
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const c = await commit(t, key, q.body.data.quoteId);
    assert.equal(c.status, 201, JSON.stringify(c.body));
    return c.body.data;
  };
  const balance = async (t: TestApp, accountId: string) =>
    (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === CODE)?.units ?? 0n;
  const suspense = async (t: TestApp) =>
    BigInt(
      (
        await t.ctx.db
          .selectFrom('ledger_balances_now')
          .select('balance')
          .where('ledger_account', '=', 'suspense:below-minimum')
          .where('currency_code', '=', CODE)
          .executeTakeFirst()
      )?.balance ?? '0',
    );
  const clean = { mismatches: [], unbalancedCurrencies: [] };

  it('refunds the excess of an overpaid invoice, then the rest; a third refund is refused with what is left', async () => {
    const t = app();
    const { key, accountId } = await fundedAccount(t, { amount: 300, rates: RATES });
    const id = await paidInvoice(t, key, 100, 'over'); // due 101 (fee 1 included), paid 101 + 10.1
    const invoice = (await t.call('GET', `/v1/invoice?id=${id}`, { key })).body.data;
    assert.equal(invoice.status, 'overpaid');
    assert.equal(invoice.cryptoAmountReceived, 111.1);
    assert.deepEqual([invoice.amountRefunded, invoice.refunds], [0, []]);
    assert.equal((await t.call('GET', `/pay/${id}/state`)).body.data.amountRefunded, '0');

    const before = await balance(t, accountId);
    const excess = await refund(t, key, { invoiceId: id, amount: 10.1 });
    assert.equal(excess.invoiceId, id);
    assert.equal(excess.depositId, undefined);
    assert.equal(excess.debitedAmount, 11.1); // the merchant pays the fee on top
    assert.equal(await balance(t, accountId), before - 11_100_000n);
    // More than what is left (101) is refused at quote time, with what is refundable.
    const tooMuch = await quote(t, key, { invoiceId: id, amount: 101.5 });
    assert.deepEqual(
      [tooMuch.status, tooMuch.body.code, tooMuch.body.extension],
      [400, 'exceptions.withdrawal.refundExceedsReceived', { refundable: 101 }],
    );
    const rest = await refund(t, key, { invoiceId: id, amount: 101 });
    const third = await quote(t, key, { invoiceId: id, amount: 5 });
    assert.deepEqual(
      [third.status, third.body.code, third.body.extension],
      [400, 'exceptions.withdrawal.refundExceedsReceived', { refundable: 0 }],
    );

    // The records: the withdrawal names the invoice, the invoice lists its refunds, the page shows the sum.
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${rest.id}`, { key })).body.data.invoiceId, id);
    const after = (await t.call('GET', `/v1/invoice?id=${id}`, { key })).body.data;
    assert.equal(after.amountRefunded, 111.1);
    assert.deepEqual(after.refunds, [
      { id: excess.id, status: 'created', cryptoCurrencyCode: CODE, amount: 10.1, transactionHash: null },
      { id: rest.id, status: 'created', cryptoCurrencyCode: CODE, amount: 101, transactionHash: null },
    ]);
    const listed = (await t.call('GET', '/v1/invoice/list', { key })).body.data.find((i: { id: string }) => i.id === id);
    assert.equal(listed.amountRefunded, 111.1);
    const state = (await t.call('GET', `/pay/${id}/state`)).body.data;
    assert.equal(state.amountRefunded, '111.1');
    const page = await t.call('GET', `/pay/${id}`);
    assert.match(String(page.body), /data-testid="refunded"/);
    assert.match(String(page.body), /"refunded":"Refunded \{amount\}"/);

    // A cancelled refund gives its room back.
    assert.equal((await t.admin('POST', `/admin/withdrawals/${rest.id}/cancel`)).status, 200);
    const room = await quote(t, key, { invoiceId: id, amount: 102 });
    assert.deepEqual([room.status, room.body.extension], [400, { refundable: 101 }]);
    assert.equal((await t.call('GET', `/v1/invoice?id=${id}`, { key })).body.data.amountRefunded, 10.1);
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it("refuses another account's invoice or deposit (404), another currency, and both ids at once (400)", async () => {
    const t = app();
    const { key } = await fundedAccount(t, { amount: 100, rates: RATES });
    const id = await paidInvoice(t, key, 20, 'exact');
    const own = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: CODE, orderId: `d-${++seq}` } })).body.data;
    const stranger = await fundedAccount(t, { amount: 100, rates: RATES });
    const foreign = await quote(t, stranger.key, { invoiceId: id });
    assert.deepEqual([foreign.status, foreign.body.code], [404, 'exceptions.invoice.notFound']);
    const foreignDeposit = await quote(t, stranger.key, { depositId: own.id });
    assert.deepEqual([foreignDeposit.status, foreignDeposit.body.code], [404, 'exceptions.deposit.notFound']);
    const missing = await quote(t, key, { invoiceId: '00000000-0000-4000-8000-000000000000' });
    assert.deepEqual([missing.status, missing.body.code], [404, 'exceptions.invoice.notFound']);
    const currency = await quote(t, key, { invoiceId: id, cryptoCurrencyCode: 'USDT_ERC20', address: EVM_TO, amount: 25 });
    assert.deepEqual(
      [currency.status, currency.body.code, currency.body.extension],
      [400, 'exceptions.withdrawal.refundCurrencyMismatch', { cryptoCurrencyCode: CODE }],
    );
    const both = await quote(t, key, { invoiceId: id, depositId: own.id });
    assert.deepEqual([both.status, both.body.code], [400, 'exceptions.withdrawal.refundTargetConflict']);
    // A plain withdrawal names neither.
    const plain = await refund(t, key, { amount: 5 });
    assert.deepEqual([plain.invoiceId, plain.depositId], [undefined, undefined]);
  });

  it('50 parallel refund commits of one invoice never give back more than it received', async () => {
    const t = app();
    const { key } = await fundedAccount(t, { amount: 1000, rates: RATES });
    const id = await paidInvoice(t, key, 100, 'exact'); // received 101
    const quotes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const q = await quote(t, key, { invoiceId: id, amount: 5 + (i % 3) }); // 50 quotes for ~300 in all
      assert.equal(q.status, 200, JSON.stringify(q.body));
      quotes.push(q.body.data.quoteId);
    }
    const results = await Promise.all(quotes.map((quoteId) => commit(t, key, quoteId)));
    const refused = results.filter((r) => r.status !== 201);
    assert.ok(
      refused.every((r) => r.status === 400 && r.body.code === 'exceptions.withdrawal.refundExceedsReceived'),
      JSON.stringify(refused.map((r) => r.body)),
    );
    const total = await t.ctx.db
      .selectFrom('withdrawals')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('s'))
      .where('refund_invoice_id', '=', id)
      .executeTakeFirstOrThrow();
    assert.ok(BigInt(total.s) <= 101_000_000n, `refunded ${total.s}`);
    assert.ok(BigInt(total.s) > 95_000_000n, `refunded only ${total.s}`); // they stopped only when the next no longer fitted
    assert.equal(results.length - refused.length, (await t.call('GET', `/v1/invoice?id=${id}`, { key })).body.data.refunds.length);
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it('a deposit below its minimum: the refund releases its suspense, the merchant pays only the fee; a cancel or a failure puts it back in suspense', async () => {
    const t = app();
    const { key, accountId } = await fundedAccount(t, { amount: 100, rates: RATES });
    await setNetworkFee(t, CODE, 10); // this deposit's minimum: 1 + 10
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: CODE, orderId: `small-${++seq}` } })).body.data;
    const held = await suspense(t);
    await sandboxTransfer(t, CODE, d.address, 8);
    await setNetworkFee(t, CODE, 1);
    let deposit = (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data;
    assert.equal(deposit.status, 'failed');
    assert.deepEqual([deposit.amountRefunded, deposit.refunds], [0, []]);
    assert.equal(await suspense(t), held + 8_000_000n);
    assert.equal(await balance(t, accountId), 100_000_000n);

    const tooMuch = await quote(t, key, { depositId: d.id, amount: 9 });
    assert.deepEqual(
      [tooMuch.status, tooMuch.body.code, tooMuch.body.extension],
      [400, 'exceptions.withdrawal.refundExceedsReceived', { refundable: 8 }],
    );
    const w = await refund(t, key, { depositId: d.id, amount: 8 });
    assert.deepEqual([w.depositId, w.invoiceId, w.debitedAmount], [d.id, undefined, 9]);
    assert.equal(await suspense(t), held, 'its suspense is released');
    assert.equal(await balance(t, accountId), 99_000_000n, 'the merchant pays the fee only');
    const entry = await t.ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'withdrawal.debit')
      .where('ref_id', '=', w.id)
      .executeTakeFirstOrThrow();
    const lines = await t.ctx.db
      .selectFrom('journal_lines')
      .select(['ledger_account', 'amount'])
      .where('entry_id', '=', entry.id)
      .orderBy('line_no')
      .execute();
    assert.deepEqual(lines, [
      { ledger_account: `merchant:${accountId}`, amount: '1000000' },
      { ledger_account: 'suspense:below-minimum', amount: '8000000' },
      { ledger_account: 'clearing:withdrawals', amount: '-9000000' },
    ]);
    deposit = (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data;
    assert.deepEqual(
      [deposit.amountRefunded, deposit.refunds],
      [8, [{ id: w.id, status: 'created', cryptoCurrencyCode: CODE, amount: 8, transactionHash: null }]],
    );
    const listed = (await t.call('GET', '/v1/deposit/list', { key })).body.data.find((x: { id: string }) => x.id === d.id);
    assert.equal(listed.amountRefunded, 8);

    // The operator cancels it: the 8 go back to suspense, the fee back to the merchant.
    const cancelled = await t.admin('POST', `/admin/withdrawals/${w.id}/cancel`);
    assert.deepEqual([cancelled.status, cancelled.body.data.status, cancelled.body.data.depositId], [200, 'cancelled', d.id]);
    assert.equal(await suspense(t), held + 8_000_000n);
    assert.equal(await balance(t, accountId), 100_000_000n);
    deposit = (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data;
    assert.deepEqual([deposit.amountRefunded, deposit.refunds[0].status], [0, 'cancelled']);
    // The webhook data of the change carries the deposit's id.
    const event = await t.ctx.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('aggregate_id', '=', w.id)
      .where('event_type', '=', 'withdrawal.statusChanged')
      .executeTakeFirstOrThrow();
    const payload = event.payload as Record<string, unknown>;
    assert.deepEqual([payload.depositId, payload.previousStatus, payload.status], [d.id, 'created', 'cancelled']);
    // Its room is back: it can be refunded again.
    const again = await refund(t, key, { depositId: d.id, amount: 8 });
    assert.equal(again.depositId, d.id);
    assert.equal(await suspense(t), held);
    // The network refuses it for good (follow.ts): failed, and the 8 go back to suspense there too.
    const refusing: ChainAdapter[] = chainAdapters(t.ctx.config, t.ctx.db).map((a) =>
      Object.assign(Object.create(Object.getPrototypeOf(a)), a, {
        broadcast: async (signed: Parameters<ChainAdapter['broadcast']>[0]) => {
          if (JSON.parse(signed.raw).units === '8000000') throw new PermanentBroadcastError('rejected: invalid destination');
          return a.broadcast(signed);
        },
      }),
    );
    await executeRound(t.ctx, refusing);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${again.id}`, { key })).body.data.status, 'failed');
    assert.equal(await suspense(t), held + 8_000_000n);
    assert.equal(await balance(t, accountId), 100_000_000n);
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.amountRefunded, 0);
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });
});
