/**
 * Prepaid credit on both engines: a customer's own deposit address, topped up through the sandbox;
 * what it credits moves to the customer's credit, and renewals it covers are paid from it by a
 * ledger transfer of the exact price (no invoice), the rest staying as credit.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { networkOf, findCurrency } from '../../src/lib/currencies/catalogue.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { HOUR, after, appClock, freshMarket, made, subNow, watch } from './helpers.ts';

describeEngines('subscription prepaid credit', (engine) => {
  const app = useTestApp(engine, appClock);

  it('credit from the customer’s deposit address pays the first period and a renewal, exactly', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    await t.admin('PATCH', `/admin/tenants/${a.tenantId}`, { depositCommission: 0 });
    await freshMarket(t);
    const customer = await made(t, a.key, '/v1/customers', { email: 'prepaid@example.com' });
    const credit = await t.call('POST', `/v1/customers/${customer.id}/credit-address`, {
      key: a.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20' },
    });
    assert.equal(credit.status, 200, JSON.stringify(credit.body));
    const again = await t.call('POST', `/v1/customers/${customer.id}/credit-address`, {
      key: a.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20' },
    });
    assert.equal(again.body.data.address, credit.body.data.address, 'one address per customer');
    const deposit = (await t.call('GET', `/v1/deposit?id=${credit.body.data.depositId}`, { key: a.key })).body.data;
    const fee = (await t.call('GET', '/v1/currencies', { key: a.key })).body.data.find((c: { code: string }) => c.code === 'USDT_TRC20')
      .depositNetworkFee.amount;
    await t.admin('POST', '/admin/sandbox/transfers', {
      cryptoCurrencyCode: 'USDT_TRC20',
      to: deposit.address,
      amount: `${25 + Number(fee)}`,
    });
    await t.admin('POST', '/admin/sandbox/mine', { network: networkOf(findCurrency('USDT_TRC20')!).api, blocks: 30 });
    await watch(t);

    const plan = await made(t, a.key, '/v1/plans', { name: 'Basic', amount: 10, fiatCurrencyCode: 'USD', interval: 'week' });
    const sub = await made(t, a.key, '/v1/subscriptions', { planId: plan.id, customerId: customer.id });
    assert.deepEqual([sub.status, sub.latestInvoiceId], ['active', undefined], 'paid from credit: no invoice');
    const balance = async () =>
      (await t.call('POST', `/v1/customers/${customer.id}/credit-address`, { key: a.key, body: { cryptoCurrencyCode: 'USDT_TRC20' } })).body
        .data.balance;
    assert.equal(await balance(), 15);

    await after(t, 7 * 24 * HOUR);
    const renewed = await subNow(t, a, sub.id);
    assert.deepEqual([renewed.status, renewed.periodNumber, renewed.latestInvoiceId], ['active', 2, undefined]);
    assert.equal(await balance(), 5);
    const merchant = await t.ctx.db
      .selectFrom('ledger_balances')
      .select('balance')
      .where('ledger_account', '=', `merchant:${a.accountId}`)
      .where('currency_code', '=', 'USDT_TRC20')
      .executeTakeFirstOrThrow();
    assert.equal(merchant.balance, '20000000', 'the merchant holds the two periods paid, 10 USDT each');
    const entries = await t.ctx.db
      .selectFrom('journal_entries')
      .select('ref_id')
      .where('kind', '=', 'subscription.creditPayment')
      .orderBy('ref_id')
      .execute();
    assert.deepEqual(
      entries.map((e) => e.ref_id),
      [`${sub.id}:1`, `${sub.id}:2`],
    );

    // 5 USDT left does not cover the third period: it is invoiced instead.
    await after(t, 7 * 24 * HOUR - 70 * HOUR);
    const third = await subNow(t, a, sub.id);
    assert.ok(third.latestInvoiceId, 'an invoice for what credit does not cover');
    assert.equal(await balance(), 5);
    assert.deepEqual((await auditLedger(t.ctx.db)).mismatches, []);
  });
});
