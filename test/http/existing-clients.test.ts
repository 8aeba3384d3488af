/**
 * Clients written for the original service (point 4): a commit names only its quote, and
 * a tenant-wide key commits on the quote's account; GET /withdrawal/list takes an account-bound
 * key's own account without accountId; and the error codes those clients branch on. Each hostile
 * case beside it: another tenant's tenant-wide key, a key bound to another account, a named account
 * that is not the quote's; none of them commits anything.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { merchantBalances } from '../../src/modules/ledger/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** Tenant A: its first account's key, a tenant-wide key, and a second account (funded) with a key of its own. */
async function tenantWithTwoAccounts(t: TestApp) {
  await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'TRX', 'ETH']);
  const a = await t.tenant(['*']);
  const wide = (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, scopes: ['*'] })).body.data.key as string;
  const second = (await t.call('POST', '/v1/accounts', { key: wide, body: { name: 'Second' } })).body.data.id as string;
  const secondKey = (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: second, scopes: ['*'] })).body.data
    .key as string;
  await fundedAccount(t, { tenant: { ...a, accountId: second, key: secondKey }, rates: null });
  return { ...a, wide, second, secondKey };
}

const usdt = async (t: TestApp, accountId: string) =>
  (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === 'USDT_TRC20')?.units ?? 0n;

describeEngines('existing clients', (engine) => {
  const app = useTestApp(engine);

  it("a tenant-wide key commits a withdrawal quote naming only quoteId (and customData, webhookUrl): on the quote's account", async () => {
    const t = app();
    const a = await tenantWithTwoAccounts(t);
    const b = await tenantWithTwoAccounts(t);
    const quote = async () => {
      const body = { accountId: a.second, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: `wide-${randomUUID()}` };
      const res = await t.call('POST', '/v1/withdrawal/quote', { key: a.wide, body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data.quoteId as string;
    };
    const commit = (key: string, body: Record<string, unknown>) => t.call('POST', '/v1/withdrawal/commit', { key, body });

    // Refused, committing nothing: another tenant's tenant-wide key, the first account's own key,
    // and the tenant-wide key naming an account that is not the quote's.
    const quoteId = await quote();
    for (const [who, res] of [
      ["B's tenant-wide key", await commit(b.wide, { quoteId })],
      ["A's first account's key", await commit(a.key, { quoteId })],
      ['the tenant-wide key naming the first account', await commit(a.wide, { quoteId, accountId: a.accountId })],
    ] as const) {
      assert.deepEqual([res.status, res.body.code], [404, 'exceptions.withdrawal.quoteNotFound'], `${who}: ${JSON.stringify(res.body)}`);
    }
    const unknown = await commit(a.wide, { quoteId: randomUUID() });
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'exceptions.withdrawal.quoteNotFound']);
    assert.equal(await usdt(t, a.second), 100_000_000n, 'nothing was committed');

    const res = await commit(a.wide, { quoteId, customData: { ref: 'r-1' }, webhookUrl: 'https://merchant.example.com/payouts' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.data.accountId, a.second);
    assert.deepEqual(res.body.data.customData, { ref: 'r-1' });
    assert.equal(await usdt(t, a.second), 89_000_000n, "10 and the fee of 1 left the quote's account");
    assert.equal(await usdt(t, b.second), 100_000_000n);
    // Naming the quote's own account is as good as naming none.
    const named = await commit(a.wide, { quoteId: await quote(), accountId: a.second });
    assert.equal(named.status, 201, JSON.stringify(named.body));
    // A malformed quoteId is still a validation error, not a lookup.
    const bad = await commit(a.wide, { quoteId: 'not-a-uuid' });
    assert.deepEqual([bad.status, bad.body.code], [400, 'exceptions.validation.failed']);
  });

  it("a tenant-wide key commits a conversion quote naming only quoteId: on the quote's account", async () => {
    const t = app();
    const a = await tenantWithTwoAccounts(t);
    const b = await tenantWithTwoAccounts(t);
    const body = { accountId: a.second, fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_ERC20', fromAmount: 10.5 };
    const q = await t.call('POST', '/v1/converting/quote', { key: a.wide, body });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const quoteId = q.body.data.quoteId as string;
    const commit = (key: string, extra: Record<string, unknown> = {}) =>
      t.call('POST', '/v1/converting/commit', { key, body: { quoteId, ...extra } });
    for (const [who, res] of [
      ["B's tenant-wide key", await commit(b.wide)],
      ["A's first account's key", await commit(a.key)],
      ['the tenant-wide key naming the first account', await commit(a.wide, { accountId: a.accountId })],
    ] as const) {
      assert.deepEqual([res.status, res.body.code], [404, 'exceptions.converting.quoteNotFound'], `${who}: ${JSON.stringify(res.body)}`);
    }
    assert.equal(await usdt(t, a.second), 100_000_000n, 'nothing was committed');
    const res = await commit(a.wide);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(await usdt(t, a.second), 89_500_000n);
    const row = await t.ctx.db.selectFrom('conversions').select('account_id').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    assert.equal(row.account_id, a.second);
  });

  it('GET /withdrawal/list: an account-bound key lists its own account without accountId; a tenant-wide key lists the account it names', async () => {
    const t = app();
    const a = await tenantWithTwoAccounts(t);
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key: a.secondKey,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'listed' },
    });
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key: a.secondKey, body: { quoteId: q.body.data.quoteId } })).body.data;
    const list = (key: string, query = '') => t.call('GET', `/v1/withdrawal/list${query}`, { key });

    const own = await list(a.secondKey);
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.deepEqual(
      own.body.data.map((x: { id: string }) => x.id),
      [w.id],
    );
    assert.equal((await list(a.secondKey, `?accountId=${a.second}`)).body.data[0].id, w.id);
    assert.equal((await list(a.secondKey, '?status=created')).body.total, 1);
    // The first account's key sees none of it, and may not name the second account.
    assert.deepEqual((await list(a.key)).body.data, []);
    const sibling = await list(a.key, `?accountId=${a.second}`);
    assert.deepEqual([sibling.status, sibling.body.code], [403, 'exceptions.auth.accountNotAllowed']);
    // A tenant-wide key: the account it names; none named is a 400 naming accountId.
    assert.deepEqual(
      (await list(a.wide, `?accountId=${a.second}`)).body.data.map((x: { id: string }) => x.id),
      [w.id],
    );
    assert.deepEqual((await list(a.wide, `?accountId=${a.accountId}`)).body.data, []);
    const none = await list(a.wide);
    assert.deepEqual(
      [none.status, none.body.code, none.body.extension.fields[0].field],
      [400, 'exceptions.validation.failed', 'accountId'],
    );
    const stranger = await t.tenant(['*']);
    const foreign = await list(stranger.key, `?accountId=${a.second}`);
    assert.deepEqual([foreign.status, foreign.body.code], [404, 'exceptions.account.notFound']);
  });

  it('answers the error codes those clients test for', async () => {
    const t = app();
    const a = await tenantWithTwoAccounts(t);
    const key = a.secondKey;

    // An unknown invoice orderId (get and cancel), another tenant's included; an unknown id stays notFound.
    const inv = await t.call('POST', '/v1/invoice', { key: a.key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'shop-7' } });
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const stranger = await t.tenant(['*']);
    for (const [what, res] of [
      ['unknown orderId', await t.call('GET', '/v1/invoice?orderId=never-made', { key })],
      ["another tenant's orderId", await t.call('GET', '/v1/invoice?orderId=shop-7', { key: stranger.key })],
      ['cancel of an unknown orderId', await t.call('POST', '/v1/invoice/cancel', { key, body: { orderId: 'never-made' } })],
      ['cancel by query', await t.call('POST', '/v1/invoice/cancel?orderId=never-made', { key })],
    ] as const) {
      assert.deepEqual([res.status, res.body.code], [404, 'exceptions.invoice.notFoundByOrderId'], what);
    }
    const byId = await t.call('GET', `/v1/invoice?id=${randomUUID()}&orderId=shop-7`, { key: a.key });
    assert.deepEqual([byId.status, byId.body.code], [404, 'exceptions.invoice.notFound'], 'the id wins, and it is unknown');
    assert.equal((await t.call('GET', '/v1/invoice?orderId=shop-7', { key: a.key })).status, 200);

    // Conversions: both amounts or neither, in preview and quote.
    const pair = { fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_ERC20' };
    for (const op of ['preview', 'quote']) {
      for (const amounts of [{ fromAmount: 5, toAmount: 4 }, {}]) {
        const res = await t.call('POST', `/v1/converting/${op}`, { key, body: { ...pair, ...amounts } });
        assert.deepEqual(
          [res.status, res.body.code],
          [400, 'exceptions.converting.amountSpecificationInvalid'],
          `${op} ${JSON.stringify(amounts)}`,
        );
      }
    }
    // A conversion quote no longer quoted (committed): quoteNotQuoted, saying what it is and had to be.
    const q = (await t.call('POST', '/v1/converting/quote', { key, body: { ...pair, fromAmount: 10.5 } })).body.data;
    assert.equal((await t.call('POST', '/v1/converting/commit', { key, body: { quoteId: q.quoteId } })).status, 201);
    const again = await t.call('POST', '/v1/converting/commit', { key, body: { quoteId: q.quoteId } });
    assert.deepEqual([again.status, again.body.code], [400, 'exceptions.converting.quoteNotQuoted']);
    assert.deepEqual([again.body.extension.currentStatus, again.body.extension.expectedStatus], ['committed', 'quoted']);
    // An unknown conversion quote is a 404, as an unknown withdrawal quote is.
    const conversion = await t.call('POST', '/v1/converting/commit', { key, body: { quoteId: randomUUID() } });
    const withdrawal = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: randomUUID() } });
    assert.deepEqual([conversion.status, conversion.body.code], [404, 'exceptions.converting.quoteNotFound']);
    assert.deepEqual([withdrawal.status, withdrawal.body.code], [404, 'exceptions.withdrawal.quoteNotFound']);
  });
});
