/**
 * Tenant-wide API keys: issued by the operator without `accountId`, they act on the
 * account each request names (query for reads, body for writes), which must be one of the key's
 * tenant's; account-bound keys keep acting on their one account.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';

/** A tenant-wide key of the tenant, through the operator API. */
async function wideKey(t: TestApp, tenantId: string, scopes: string[] = ['*']) {
  const res = await t.admin('POST', '/admin/api-keys', { tenantId, scopes });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data as { id: string; key: string; accountId: string | null };
}

const invoiceBody = (orderId: string, extra: Record<string, unknown> = {}) => ({ amount: 20, fiatCurrencyCode: 'USD', orderId, ...extra });

describeEngines('tenant-wide API keys', (engine) => {
  const app = useTestApp(engine);

  it('are issued without accountId, stored without an account, and revoked like any key', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const wide = await wideKey(t, a.tenantId, ['accounts.list']);
    assert.equal(wide.accountId, null);
    const row = await t.ctx.db
      .selectFrom('api_keys')
      .select(['account_id', 'tenant_id'])
      .where('id', '=', wide.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { account_id: null, tenant_id: a.tenantId });
    // A bound key still needs an account of that tenant; the tenant must exist.
    const foreign = await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: b.accountId, scopes: ['*'] });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, 'exceptions.account.notFound');
    const noTenant = await t.admin('POST', '/admin/api-keys', { tenantId: randomUUID(), scopes: ['*'] });
    assert.equal(noTenant.status, 404);
    assert.equal(noTenant.body.code, 'exceptions.tenant.notFound');
    const badAccount = await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: 'nope', scopes: ['*'] });
    assert.equal(badAccount.status, 400);
    assert.equal(badAccount.body.code, 'exceptions.validation.failed');

    assert.equal((await t.call('GET', '/v1/accounts', { key: wide.key })).status, 200);
    assert.equal((await t.admin('DELETE', `/admin/api-keys/${wide.id}`)).status, 200);
    assert.equal((await t.call('GET', '/v1/accounts', { key: wide.key })).status, 401);
  });

  it('create an account with POST /v1/accounts and then act on it, apart from the other accounts', async () => {
    const t = app();
    const a = await t.tenant();
    const wide = await wideKey(t, a.tenantId);
    const created = await t.call('POST', '/v1/accounts', { key: wide.key, body: { name: 'Made by the wide key' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const second = created.body.data.id as string;

    const inv = await t.call('POST', '/v1/invoice', { key: wide.key, body: invoiceBody('wide-1', { accountId: second }) });
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    assert.equal(inv.body.data.accountId, second);
    const got = await t.call('GET', `/v1/invoice?id=${inv.body.data.id}&accountId=${second}`, { key: wide.key });
    assert.equal(got.status, 200);
    assert.equal(got.body.data.id, inv.body.data.id);
    // The same orderId on the first account is another invoice's business: not found there.
    assert.equal((await t.call('GET', `/v1/invoice?orderId=wide-1&accountId=${a.accountId}`, { key: wide.key })).status, 404);
    const lists = async (accountId: string) =>
      (await t.call('GET', `/v1/invoice/list?accountId=${accountId}`, { key: wide.key })).body.data.map((i: any) => i.id);
    assert.deepEqual(await lists(second), [inv.body.data.id]);
    assert.deepEqual(await lists(a.accountId), []);
    // The first account's own key does not see it, nor may it name the second account.
    assert.equal((await t.call('GET', `/v1/invoice?id=${inv.body.data.id}`, { key: a.key })).status, 404);
    const sibling = await t.call('GET', `/v1/invoice?id=${inv.body.data.id}&accountId=${second}`, { key: a.key });
    assert.equal(sibling.status, 403);
    assert.equal(sibling.body.code, 'exceptions.auth.accountNotAllowed');

    // Writes name the account in the body (cancel takes it from the query too).
    const cancelled = await t.call('POST', `/v1/invoice/cancel?accountId=${second}`, { key: wide.key, body: { orderId: 'wide-1' } });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.data.status, 'cancelled');
    const balances = await t.call('GET', `/v1/balances?accountId=${second}`, { key: wide.key });
    assert.equal(balances.status, 200);
    const withdrawals = await t.call('GET', `/v1/withdrawal/list?accountId=${second}`, { key: wide.key });
    assert.equal(withdrawals.status, 200);
    assert.deepEqual(withdrawals.body.data, []);
  });

  it('create deposits on the named account', async () => {
    const t = app();
    const a = await t.tenant();
    const wide = await wideKey(t, a.tenantId);
    const second = (await t.call('POST', '/v1/accounts', { key: wide.key, body: { name: 'Deposits' } })).body.data.id as string;
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const dep = await t.call('POST', '/v1/deposit', {
      key: wide.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'wd-1', accountId: second },
    });
    assert.equal(dep.status, 201, JSON.stringify(dep.body));
    const record = await t.call('GET', `/v1/deposit?id=${dep.body.data.id}&accountId=${second}`, { key: wide.key });
    assert.equal(record.status, 200);
    assert.equal(record.body.data.accountId, second);
    const row = await t.ctx.db
      .selectFrom('deposits')
      .select(['account_id', 'tenant_id'])
      .where('id', '=', dep.body.data.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { account_id: second, tenant_id: a.tenantId });
  });

  it('refuse a request that acts on an account but names none (400 naming accountId), changing nothing', async () => {
    const t = app();
    const a = await t.tenant();
    const wide = await wideKey(t, a.tenantId);
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/v1/invoice', invoiceBody('missing-1'), 'body'],
      ['GET', '/v1/invoice/list', undefined, 'querystring'],
      ['GET', '/v1/invoice?orderId=missing-1', undefined, 'querystring'],
      ['GET', '/v1/balances', undefined, 'querystring'],
      ['GET', '/v1/deposit/list', undefined, 'querystring'],
      [
        'POST',
        '/v1/withdrawal/quote',
        { cryptoCurrencyCode: 'USDT_TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount: 10, orderId: 'q-1' },
        'body',
      ],
    ];
    for (const [method, url, body, location] of cases) {
      const res = await t.call(method, url, { key: wide.key, body });
      assert.equal(res.status, 400, `${method} ${url}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'exceptions.validation.failed');
      assert.deepEqual(
        res.body.extension.fields,
        [{ location, field: 'accountId', message: 'is required with a tenant-wide API key' }],
        `${method} ${url}`,
      );
    }
    const invoices = await t.ctx.db.selectFrom('invoices').select('id').where('tenant_id', '=', a.tenantId).execute();
    assert.deepEqual(invoices, []);
    // Routes of the tenant itself need no account.
    for (const url of ['/v1/accounts', '/v1/currencies', '/v1/currencies/fiat', '/v1/x402/settlements', '/v1/x402/supported']) {
      const res = await t.call('GET', url, { key: wide.key });
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
    }
  });

  it("refuse another tenant's account (404, nothing of it shown), an unknown one (404) and a malformed one (400)", async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const wide = await wideKey(t, a.tenantId);
    const bInvoice = (await t.call('POST', '/v1/invoice', { key: b.key, body: invoiceBody('b-1') })).body.data;
    for (const accountId of [b.accountId, randomUUID()]) {
      const reads = [
        `/v1/invoice?id=${bInvoice.id}&accountId=${accountId}`,
        `/v1/invoice/list?accountId=${accountId}`,
        `/v1/accounts?accountId=${accountId}`,
      ];
      for (const url of reads) {
        const res = await t.call('GET', url, { key: wide.key });
        assert.equal(res.status, 404, url);
        assert.equal(res.body.code, 'exceptions.account.notFound');
        assert.ok(!JSON.stringify(res.body).includes(bInvoice.id), url);
      }
      const write = await t.call('POST', '/v1/invoice', { key: wide.key, body: invoiceBody('a-into-b', { accountId }) });
      assert.equal(write.status, 404);
      assert.equal(write.body.code, 'exceptions.account.notFound');
    }
    assert.deepEqual(await t.ctx.db.selectFrom('invoices').select('id').where('order_id', '=', 'a-into-b').execute(), []);
    const malformed = await t.call('GET', '/v1/invoice/list?accountId=not-a-uuid', { key: wide.key });
    assert.equal(malformed.status, 400);
    assert.deepEqual(malformed.body.extension.fields, [{ location: 'querystring', field: 'accountId', message: 'must be a uuid' }]);
    const inBody = await t.call('POST', '/v1/invoice', { key: wide.key, body: invoiceBody('m-1', { accountId: 42 }) });
    assert.equal(inBody.status, 400);
    assert.equal(inBody.body.extension.fields[0].field, 'accountId');
    // Query and body naming two accounts of the tenant: which one is meant is unclear.
    const second = (await t.call('POST', '/v1/accounts', { key: wide.key, body: { name: 'Two' } })).body.data.id;
    const split = await t.call('POST', `/v1/invoice?accountId=${a.accountId}`, {
      key: wide.key,
      body: invoiceBody('split-1', { accountId: second }),
    });
    assert.equal(split.status, 400);
    assert.equal(split.body.extension.fields[0].field, 'accountId');
  });

  it('leave account-bound keys as they were: own account with or without accountId, others refused', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const second = (await t.call('POST', '/v1/accounts', { key: a.key, body: { name: 'Sibling' } })).body.data.id;
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: a.key })).status, 200);
    assert.equal((await t.call('GET', `/v1/invoice/list?accountId=${a.accountId.toUpperCase()}`, { key: a.key })).status, 200);
    const sibling = await t.call('POST', '/v1/invoice', { key: a.key, body: invoiceBody('s-1', { accountId: second }) });
    assert.equal(sibling.status, 403);
    assert.equal(sibling.body.code, 'exceptions.auth.accountNotAllowed');
    const foreign = await t.call('GET', `/v1/invoice/list?accountId=${b.accountId}`, { key: a.key });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, 'exceptions.account.notFound');
  });

  it('are documented: accountId on account routes, optional accountId when issuing, the key view', async () => {
    const t = app();
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const queryParam = (path: string) => doc.paths[path].get.parameters?.find((p: any) => p.in === 'query' && p.name === 'accountId');
    const bodyOf = (path: string, method = 'post') => doc.paths[path][method].requestBody.content['application/json'].schema;
    for (const path of ['/v1/invoice', '/v1/invoice/list', '/v1/deposit', '/v1/deposit/list', '/v1/withdrawal', '/v1/balances']) {
      const p = queryParam(path);
      assert.ok(p, `${path}: accountId in the query`);
      assert.equal(p.schema.format, 'uuid');
      assert.match(p.description ?? p.schema.description, /tenant-wide/);
    }
    for (const path of ['/v1/invoice', '/v1/invoice/cancel', '/v1/deposit', '/v1/withdrawal/quote', '/v1/withdrawal/commit']) {
      const body = bodyOf(path);
      assert.equal(body.properties.accountId?.format, 'uuid', `${path}: accountId in the body`);
      assert.ok(!(body.required ?? []).includes('accountId'), path);
    }
    assert.equal(queryParam('/v1/accounts'), undefined, 'tenant routes take no accountId');
    assert.equal(bodyOf('/v1/accounts').properties.accountId, undefined);
    const issue = bodyOf('/admin/api-keys');
    assert.ok(issue.properties.accountId && !issue.required.includes('accountId'));
    const view = doc.paths['/admin/api-keys'].post.responses['201'].content['application/json'].schema.properties.data;
    assert.deepEqual(
      view.properties.accountId.anyOf.map((s: any) => s.type),
      ['string', 'null'],
    );
  });
});
