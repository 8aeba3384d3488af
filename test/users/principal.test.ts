/**
 * A merchant user's session as the principal of /v1: tenant-wide with the scopes of the
 * role, naming the account like a tenant-wide key; and an operator's session on /admin routes.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { member } from './helpers.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describeEngines('session principal', (engine) => {
  const app = useTestApp(engine);

  it('a viewer may read but not withdraw (403 insufficientScope); finance passes the scope check', async () => {
    const t = app();
    const a = await t.tenant();
    const viewer = await member(t, a.tenantId, 'viewer');
    const finance = await member(t, a.tenantId, 'finance');
    const quote = { accountId: a.accountId, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10 };
    for (const [url, body] of [
      ['/v1/withdrawal/quote', quote],
      ['/v1/withdrawal/commit', { accountId: a.accountId, quoteId: randomUUID() }],
    ] as const) {
      const res = await viewer.call('POST', url, { body });
      assert.equal(res.status, 403, `${url}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'exceptions.auth.insufficientScope');
      assert.equal(res.body.extension.requiredScope, 'withdrawals.create');
      const passed = await finance.call('POST', url, { body });
      assert.ok(![401, 403].includes(passed.status), `${url} by finance: ${JSON.stringify(passed.body)}`);
    }
    assert.equal((await viewer.call('GET', `/v1/withdrawal/list?accountId=${a.accountId}`)).status, 200);
    // Owners' scopes only: managing users, the audit log.
    assert.equal((await finance.call('GET', '/v1/users')).status, 200);
    assert.equal((await finance.call('DELETE', `/v1/users/${viewer.userId}`)).body.code, 'exceptions.auth.insufficientScope');
    assert.equal((await finance.call('GET', '/v1/audit-log')).body.code, 'exceptions.auth.insufficientScope');
    assert.equal(
      (await viewer.call('POST', '/v1/users', { body: { email: 'x@example.com', role: 'owner' } })).body.code,
      'exceptions.auth.insufficientScope',
    );
  });

  it("acts on the account it names (its tenant's only: 404 for another's; 400 naming none)", async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const inv = await t.call('POST', '/v1/invoice', { key: a.key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'session-1' } });
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const list = await owner.call('GET', `/v1/invoice/list?accountId=${a.accountId}`);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.map((i: any) => i.id),
      [inv.body.data.id],
    );
    const foreign = await owner.call('GET', `/v1/invoice/list?accountId=${b.accountId}`);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, 'exceptions.account.notFound');
    const none = await owner.call('GET', '/v1/invoice/list');
    assert.equal(none.status, 400);
    assert.equal(none.body.extension.fields[0].field, 'accountId');
    // Writes name it in the body.
    const created = await owner.call('POST', '/v1/invoice', {
      body: { accountId: a.accountId, amount: 20, fiatCurrencyCode: 'USD', orderId: 'session-2' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.data.accountId, a.accountId);
    const elsewhere = await owner.call('POST', '/v1/invoice', {
      body: { accountId: b.accountId, amount: 20, fiatCurrencyCode: 'USD', orderId: 'session-3' },
    });
    assert.equal(elsewhere.status, 404);
    // Tenant-level routes need no account.
    assert.equal((await owner.call('GET', '/v1/accounts')).status, 200);
  });

  it('an API key header wins over the cookie; a bad cookie without a key is 401 sessionRequired', async () => {
    const t = app();
    const a = await t.tenant(['invoices.list']);
    const viewer = await member(t, a.tenantId, 'viewer');
    const withKey = await viewer.call('GET', `/v1/balances?accountId=${a.accountId}`, { headers: { 'x-tenant-api-key': a.key } });
    assert.equal(withKey.body.code, 'exceptions.auth.insufficientScope', 'the key decides, not the session');
    const bad = await t.call('GET', `/v1/balances?accountId=${a.accountId}`, { headers: { cookie: 'cg_session=forged' } });
    assert.equal(bad.status, 401);
    assert.equal(bad.body.code, 'exceptions.auth.sessionRequired');
    const neither = await t.call('GET', `/v1/balances?accountId=${a.accountId}`);
    assert.equal(neither.body.code, 'exceptions.auth.invalidApiKey');
  });

  it("an operator's session opens /admin routes (CSRF on writes); a merchant's gets 403 operatorOnly", async () => {
    const t = app();
    const a = await t.tenant();
    const operator = await member(t, undefined, 'operator');
    assert.equal(operator.me.tenant, null);
    assert.deepEqual(operator.me.scopes, []);
    assert.equal((await operator.call('GET', `/admin/tenants/${a.tenantId}`, { csrf: false })).status, 200);
    const noCsrf = await operator.call('POST', '/admin/tenants', { body: { name: 'By session' }, csrf: false });
    assert.equal(noCsrf.body.code, 'exceptions.auth.csrfFailed');
    assert.equal((await operator.call('POST', '/admin/tenants', { body: { name: 'By session' } })).status, 201);
    // An operator has no tenant: merchant routes refuse it.
    assert.equal((await operator.call('GET', '/v1/accounts')).status, 403);

    const owner = await member(t, a.tenantId, 'owner');
    const refused = await owner.call('GET', `/admin/tenants/${a.tenantId}`);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'exceptions.auth.operatorOnly');
    const forged = await t.call('GET', `/admin/tenants/${a.tenantId}`, { headers: { cookie: `cg_session=${'B'.repeat(43)}` } });
    assert.equal(forged.body.code, 'exceptions.admin.invalidToken');
  });

  it('OpenAPI documents the session scheme, and every /v1 route accepts a key or a session', async () => {
    const t = app();
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.deepEqual(doc.components.securitySchemes.session, { type: 'apiKey', in: 'cookie', name: 'cg_session' });
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        if (path.startsWith('/v1/')) assert.deepEqual(op.security, [{ tenantApiKey: [] }, { session: [] }], `${method} ${path}`);
        if (path.startsWith('/auth/')) assert.deepEqual(op.tags, ['sessions'], `${method} ${path}`);
      }
    }
    for (const path of ['/auth/login', '/auth/me', '/v1/users', '/v1/users/{id}', '/v1/audit-log', '/admin/users'])
      assert.ok(doc.paths[path], path);
  });
});
