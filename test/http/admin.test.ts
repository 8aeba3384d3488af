import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import { checkAdminToken, ensureAdminToken } from '../../src/modules/admin/admin-token.ts';
import { describeEngines, testConfig, useTestApp } from '../helpers/harness.ts';

describeEngines('operator API', (engine) => {
  const app = useTestApp(engine);

  it('refuses a missing or wrong admin token', async () => {
    const t = app();
    for (const authorization of [undefined, 'Bearer wrong', 'Basic abc', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/tenants',
        headers: authorization ? { authorization } : {},
        payload: { name: 'Nope' },
      });
      assert.equal(res.statusCode, 401, String(authorization).slice(0, 20));
      assert.equal(res.json().code, 'exceptions.admin.invalidToken');
    }
    const { key } = await t.tenant(['*']);
    const withApiKey = await t.call('POST', '/admin/tenants', { key, body: { name: 'Nope' } });
    assert.equal(withApiKey.status, 401);
  });

  it('creates a tenant with its first account, reads and changes its settings', async () => {
    const t = app();
    const created = await t.admin('POST', '/admin/tenants', { name: 'Shop' });
    assert.equal(created.status, 201);
    const { id, accountId, name } = created.body.data;
    assert.equal(name, 'Shop');
    assert.match(id, /^[0-9a-f-]{36}$/);
    assert.match(accountId, /^[0-9a-f-]{36}$/);
    assert.equal((await t.admin('GET', `/admin/tenants/${id}`)).body.data.maxAccounts, 10);

    const patched = await t.admin('PATCH', `/admin/tenants/${id}`, {
      depositWebhookUrl: 'https://shop.example.com/hooks/deposits',
      depositCommission: 0.005,
      maxAccounts: 25,
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.data.depositWebhookUrl, 'https://shop.example.com/hooks/deposits');
    assert.equal(patched.body.data.depositCommission, 0.005);
    assert.equal(patched.body.data.maxAccounts, 25);

    for (const url of [
      'http://shop.example.com/h',
      'https://localhost/h',
      'https://10.0.0.1/h',
      'https://intranet/h',
      'ftp://x.com',
      'not a url',
    ]) {
      const res = await t.admin('PATCH', `/admin/tenants/${id}`, { depositWebhookUrl: url });
      assert.equal(res.status, 400, url);
      assert.equal(res.body.code, 'exceptions.validation.failed');
    }
    for (const bad of [{ depositCommission: 1.5 }, { depositCommission: -0.1 }, { depositCommission: 0.0000001 }, { maxAccounts: 0 }]) {
      assert.equal((await t.admin('PATCH', `/admin/tenants/${id}`, bad)).status, 400, JSON.stringify(bad));
    }
    // Refused changes changed nothing.
    assert.equal((await t.admin('GET', `/admin/tenants/${id}`)).body.data.depositCommission, 0.005);

    const unknown = await t.admin('PATCH', `/admin/tenants/${randomUUID()}`, { maxAccounts: 3 });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'exceptions.tenant.notFound');
    assert.equal((await t.admin('GET', '/admin/tenants/not-a-uuid')).status, 400);
  });

  it('accepts private webhook URLs only when WEBHOOK_ALLOW_PRIVATE is on', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    assert.equal((await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositWebhookUrl: 'http://127.0.0.1:9/h' })).status, 400);
    t.app.ctx.config.webhookAllowPrivate = true;
    try {
      assert.equal((await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositWebhookUrl: 'http://127.0.0.1:9/h' })).status, 200);
    } finally {
      t.app.ctx.config.webhookAllowPrivate = false;
    }
  });

  it('rotates the webhook secret: 64 lowercase hex, new each time', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const first = await t.admin('POST', `/admin/tenants/${tenantId}/webhook-secret`);
    const second = await t.admin('POST', `/admin/tenants/${tenantId}/webhook-secret`);
    assert.equal(first.status, 200);
    assert.match(first.body.data.secret, /^[0-9a-f]{64}$/);
    assert.match(second.body.data.secret, /^[0-9a-f]{64}$/);
    assert.notEqual(first.body.data.secret, second.body.data.secret);
    const stored = await t.ctx.db.selectFrom('tenants').select('webhook_secret').where('id', '=', tenantId).executeTakeFirstOrThrow();
    assert.equal(stored.webhook_secret, second.body.data.secret);
    assert.equal((await t.admin('POST', `/admin/tenants/${randomUUID()}/webhook-secret`)).status, 404);
  });

  it('issues keys bound to an account of the tenant, with validated scopes and allowlists', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const issued = await t.admin('POST', '/admin/api-keys', {
      tenantId: a.tenantId,
      accountId: a.accountId,
      scopes: ['currencies.list', 'invoices.create'],
      allowedIps: ['203.0.113.0/24', '2001:db8::/32'],
    });
    assert.equal(issued.status, 201);
    assert.match(issued.body.data.key, /^cgk_/);
    assert.deepEqual(issued.body.data.scopes, ['currencies.list', 'invoices.create']);
    assert.equal((await t.call('GET', '/v1/currencies', { key: issued.body.data.key, ip: '203.0.113.9' })).status, 200);
    assert.equal((await t.call('GET', '/v1/accounts', { key: issued.body.data.key, ip: '203.0.113.9' })).status, 403);
    // The key is shown once: nothing else returns it.
    assert.ok(!JSON.stringify((await t.admin('GET', `/admin/tenants/${a.tenantId}`)).body).includes(issued.body.data.key));

    const bad = [
      { tenantId: a.tenantId, accountId: a.accountId, scopes: ['invoices.destroy'] },
      { tenantId: a.tenantId, accountId: a.accountId, scopes: [] },
      { tenantId: a.tenantId, accountId: a.accountId, scopes: ['*'], allowedIps: ['300.1.1.1'] },
      { tenantId: a.tenantId, accountId: a.accountId, scopes: ['*'], allowedIps: ['10.0.0.0/33'] },
      { tenantId: 'nope', accountId: a.accountId, scopes: ['*'] },
    ];
    for (const body of bad) assert.equal((await t.admin('POST', '/admin/api-keys', body)).status, 400, JSON.stringify(body));
    const crossTenant = await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: b.accountId, scopes: ['*'] });
    assert.equal(crossTenant.status, 404);
    assert.equal(crossTenant.body.code, 'exceptions.account.notFound');
    const noTenant = await t.admin('POST', '/admin/api-keys', { tenantId: randomUUID(), accountId: a.accountId, scopes: ['*'] });
    assert.equal(noTenant.status, 404);
  });

  it('revokes keys, and says 404 for a key it does not know', async () => {
    const t = app();
    const { key, keyId } = await t.tenant(['*']);
    assert.equal((await t.admin('DELETE', `/admin/api-keys/${keyId}`)).status, 200);
    assert.equal((await t.admin('DELETE', `/admin/api-keys/${keyId}`)).status, 200);
    assert.equal((await t.call('GET', '/v1/accounts', { key })).status, 401);
    const unknown = await t.admin('DELETE', `/admin/api-keys/${randomUUID()}`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'exceptions.apiKey.notFound');
  });

  it('blocks customers of a tenant', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const res = await t.admin('POST', '/admin/customers/block', { tenantId, customerId: 'c-42' });
    assert.equal(res.status, 200);
    assert.equal((await t.admin('POST', '/admin/customers/block', { tenantId, customerId: 'c-42' })).status, 200);
    const rows = await t.ctx.db.selectFrom('blocked_customers').selectAll().where('tenant_id', '=', tenantId).execute();
    assert.deepEqual(
      rows.map((r) => r.customer_id),
      ['c-42'],
    );
    assert.equal((await t.admin('POST', '/admin/customers/block', { tenantId: randomUUID(), customerId: 'c' })).status, 404);
    assert.equal((await t.admin('POST', '/admin/customers/block', { tenantId, customerId: 'x'.repeat(53) })).status, 400);
  });

  it('generates an admin token on first start when none is configured, storing only its hash', async () => {
    const t = app();
    const ctx = { ...t.ctx, config: testConfig({ adminToken: undefined }) };
    await sql`delete from system_settings`.execute(ctx.db);
    const token = await ensureAdminToken(ctx);
    assert.ok(token && token.length >= 40);
    assert.equal(await ensureAdminToken(ctx), null, 'only once');
    const stored = JSON.stringify((await sql`select * from system_settings`.execute(ctx.db)).rows);
    assert.ok(!stored.includes(token));
    assert.equal(await checkAdminToken(ctx, token), true);
    assert.equal(await checkAdminToken(ctx, token + 'x'), false);
  });
});
