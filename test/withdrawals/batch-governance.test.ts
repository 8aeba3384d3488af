/**
 * Payout governance over a batch: each item meets the address book and the per-withdrawal limit
 * (refused by its index), the batch's total meets the daily limits, and above the approval
 * threshold the whole batch waits for a second person with its funds held.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { chainAdapters } from '../../src/chains/registry.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';
import { member } from '../users/helpers.ts';

const TRON_SHOP = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_OTHER = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

const usdt = (amount: number, address = TRON_SHOP) => ({ cryptoCurrencyCode: 'USDT_TRC20', address, amount });

describeEngines('withdrawal batches under the payout policy', (engine) => {
  const app = useTestApp(engine);
  const balance = async (t: TestApp, accountId: string) =>
    (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === 'USDT_TRC20')?.units ?? 0n;
  const quote = (t: TestApp, key: string, items: unknown[]) => t.call('POST', '/v1/withdrawal/batch/quote', { key, body: { items } });
  const policy = (t: TestApp, tenantId: string, body: Record<string, unknown>) =>
    t.admin('PATCH', `/admin/tenants/${tenantId}/payout-policy`, body);

  it('refuses an item whose address is not in the book, or above the per-withdrawal limit, by its index; and a batch whose total passes the daily limit', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    assert.equal(
      (await policy(t, a.tenantId, { allowlistOnly: true, newAddressDelayHours: 0, maxPerWithdrawalUsd: 20, maxPerDayUsd: 40 })).status,
      200,
    );
    assert.equal(
      (await t.admin('POST', '/admin/payout-addresses', { tenantId: a.tenantId, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_SHOP }))
        .status,
      201,
    );
    const refused = await quote(t, a.key, [usdt(10), usdt(10, TRON_OTHER), usdt(25)]);
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.deepEqual(
      refused.body.extension.errors.map((e: any) => [e.index, e.code, e.extension.limit ?? e.extension.address]),
      [
        [1, 'exceptions.withdrawal.addressNotAllowed', TRON_OTHER],
        [2, 'exceptions.withdrawal.limitExceeded', 'maxPerWithdrawalUsd'],
      ],
    );
    // Each item alone fits the day (11 USD), the batch does not (44 USD).
    const day = await quote(t, a.key, [usdt(10), usdt(10), usdt(10), usdt(10)]);
    assert.deepEqual(
      [day.status, day.body.code, day.body.extension.limit, day.body.extension.requestedUsd],
      [403, 'exceptions.withdrawal.limitExceeded', 'maxPerDayUsd', 44],
    );
    const fits = await quote(t, a.key, [usdt(10), usdt(10), usdt(10)]);
    assert.equal(fits.status, 200, JSON.stringify(fits.body));
    // Removed from the book between quote and commit: the commit refuses it too.
    const entry = (await t.call('GET', '/v1/payout-addresses', { key: a.key })).body.data[0];
    const owner = await member(t, a.tenantId, 'owner');
    assert.equal((await owner.call('DELETE', `/v1/payout-addresses/${entry.id}`)).status, 200);
    const before = await balance(t, a.accountId);
    const late = await t.call('POST', '/v1/withdrawal/batch/commit', { key: a.key, body: { batchQuoteId: fits.body.data.batchQuoteId } });
    assert.deepEqual(
      [late.status, late.body.code, late.body.extension.errors.map((e: any) => e.index)],
      [400, 'exceptions.withdrawal.batchInvalid', [0, 1, 2]],
    );
    assert.equal(await balance(t, a.accountId), before, 'nothing held');
  });

  it('sends the whole batch to approval when its total passes the threshold, funds held; approved, its items are paid', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    await policy(t, a.tenantId, { approvalAboveUsd: 20 });
    const before = await balance(t, a.accountId);
    // Each item (6 USD) is under the threshold; the batch (24 USD) is not.
    const q = (await quote(t, a.key, [usdt(5), usdt(5), usdt(5), usdt(5)])).body.data;
    const res = await t.call('POST', '/v1/withdrawal/batch/commit', { key: a.key, body: { batchQuoteId: q.batchQuoteId } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const batch = res.body.data;
    assert.deepEqual([batch.status, batch.counts.awaitingApproval], ['awaitingApproval', 4]);
    assert.deepEqual(
      batch.withdrawals.map((w: any) => [w.status, w.approvalsRequired, w.approvals]),
      Array(4).fill(['awaitingApproval', 1, []]),
    );
    assert.equal(before - (await balance(t, a.accountId)), 24_000_000n, 'held');
    await executeRound(t.ctx, chainAdapters(t.ctx.config, t.ctx.db));
    assert.equal(
      (await t.call('GET', `/v1/withdrawal/batch?id=${batch.id}`, { key: a.key })).body.data.status,
      'awaitingApproval',
      'nothing signed while it waits',
    );

    const finance = await member(t, a.tenantId, 'finance');
    for (const w of batch.withdrawals.slice(0, 3))
      assert.equal((await finance.call('POST', '/v1/withdrawal/approve', { body: { id: w.id } })).status, 200);
    const rejected = await finance.call('POST', '/v1/withdrawal/reject', { body: { id: batch.withdrawals[3].id } });
    assert.equal(rejected.body.data.status, 'cancelled');
    assert.equal((await t.call('GET', `/v1/withdrawal/batch?id=${batch.id}`, { key: a.key })).body.data.status, 'created');
    await executeRound(t.ctx, chainAdapters(t.ctx.config, t.ctx.db));
    const paying = (await t.call('GET', `/v1/withdrawal/batch?id=${batch.id}`, { key: a.key })).body.data;
    assert.deepEqual([paying.status, paying.counts.processing, paying.counts.cancelled], ['processing', 3, 1]);
    assert.equal(before - (await balance(t, a.accountId)), 18_000_000n, 'the rejected item given back');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('a key under approvalForApiKeys commits a batch only into approval; every item rejected cancels the batch', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    await policy(t, a.tenantId, { approvalForApiKeys: true });
    const before = await balance(t, a.accountId);
    const q = (await quote(t, a.key, [usdt(5), usdt(6)])).body.data;
    const batch = (await t.call('POST', '/v1/withdrawal/batch/commit', { key: a.key, body: { batchQuoteId: q.batchQuoteId } })).body.data;
    assert.equal(batch.status, 'awaitingApproval');
    const owner = await member(t, a.tenantId, 'owner');
    for (const w of batch.withdrawals)
      assert.equal((await owner.call('POST', '/v1/withdrawal/reject', { body: { id: w.id } })).status, 200);
    assert.equal((await t.call('GET', `/v1/withdrawal/batch?id=${batch.id}`, { key: a.key })).body.data.status, 'cancelled');
    assert.equal(await balance(t, a.accountId), before);
  });
});
