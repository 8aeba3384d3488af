/**
 * Operator console: the operator's lists across tenants — tenants with search, users with
 * search and filters, API keys (never the key material), blocked customers, the audit log — and
 * disabling any user (the installation keeps an active operator) and unblocking a customer.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { invite, login, member, uniqueEmail } from '../users/helpers.ts';

/** A new tenant through the operator API, named `name`. */
async function newTenant(t: TestApp, name: string) {
  const res = await t.admin('POST', '/admin/tenants', { name });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data as { id: string; accountId: string; suspendedAt: string | null };
}

function validationError(res: { status: number; body: any }, what: string) {
  assert.equal(res.status, 400, `${what}: ${JSON.stringify(res.body)}`);
  assert.equal(res.body.code, 'exceptions.validation.failed', what);
}

describeEngines('the operator console', (engine) => {
  const app = useTestApp(engine);

  it('lists tenants newest first with their counts, and finds them by id or by part of the name', async () => {
    const t = app();
    const tag = randomUUID().slice(0, 8);
    const older = await newTenant(t, `Alpha Coffee ${tag}`);
    const newer = await newTenant(t, `Beta Books ${tag}`);
    assert.equal(newer.suspendedAt, null, 'TenantView carries suspendedAt');
    await t.admin('POST', '/admin/api-keys', { tenantId: newer.id, scopes: ['*'] });
    const revoked = await t.admin('POST', '/admin/api-keys', { tenantId: newer.id, scopes: ['*'] });
    await t.admin('DELETE', `/admin/api-keys/${revoked.body.data.id}`);
    await invite(t, { tenantId: newer.id, email: uniqueEmail('b'), role: 'viewer' });
    await t.call('POST', '/v1/accounts', {
      key: (await t.admin('POST', '/admin/api-keys', { tenantId: newer.id, scopes: ['*'] })).body.data.key,
      body: { name: 'Second' },
    });
    await t.admin('POST', `/admin/tenants/${older.id}/suspend`);

    const all = await t.admin('GET', `/admin/tenants?search=${tag}`);
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.deepEqual(
      { total: all.body.total, page: all.body.page, limit: all.body.limit, hasMore: all.body.hasMore },
      { total: 2, page: 1, limit: 20, hasMore: false },
    );
    const [first, second] = all.body.data;
    assert.deepEqual(Object.keys(first).sort(), ['accounts', 'apiKeys', 'createdAt', 'id', 'name', 'suspendedAt', 'users']);
    assert.deepEqual(
      { id: first.id, accounts: first.accounts, users: first.users, apiKeys: first.apiKeys, suspendedAt: first.suspendedAt },
      { id: newer.id, accounts: 2, users: 1, apiKeys: 2, suspendedAt: null },
    );
    assert.equal(second.id, older.id);
    assert.ok(second.suspendedAt, 'the suspended tenant says since when');

    const byName = await t.admin('GET', `/admin/tenants?search=${encodeURIComponent(`coffee ${tag.toUpperCase()}`)}`);
    assert.deepEqual(
      byName.body.data.map((x: any) => x.id),
      [older.id],
      'case-insensitive, anywhere in the name',
    );
    const byId = await t.admin('GET', `/admin/tenants?search=${newer.id.toUpperCase()}`);
    assert.deepEqual(
      byId.body.data.map((x: any) => x.id),
      [newer.id],
      'the exact id',
    );
    assert.equal((await t.admin('GET', `/admin/tenants?search=${randomUUID()}`)).body.total, 0);
    assert.equal((await t.admin('GET', '/admin/tenants?search=%25')).body.total, 0, 'no pattern characters');
    const page = await t.admin('GET', '/admin/tenants?limit=1&page=2');
    assert.equal(page.body.data.length, 1);
    assert.equal(page.body.hasMore, page.body.total > 2);
    validationError(await t.admin('GET', '/admin/tenants?limit=101'), 'limit over 100');
    validationError(await t.admin('GET', '/admin/tenants?search='), 'empty search');
  });

  it('lists users across tenants with search and filters, and disables any user but the last active operator', async () => {
    const t = app();
    const tag = randomUUID().slice(0, 8);
    const a = await t.tenant();
    const b = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner', `owner-${tag}@shop-a.example.com`);
    const viewer = await member(t, b.tenantId, 'viewer', `viewer-${tag}@shop-b.example.com`);
    const invited = await invite(t, { tenantId: b.tenantId, email: `INVITED-${tag}@shop-b.example.com`, role: 'finance' });
    const operator = await member(t, undefined, 'operator', `operator-${tag}@ops.example.com`);

    const res = await t.admin('GET', `/admin/users?search=${tag.toUpperCase()}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.total, 4);
    const byId = new Map<string, any>(res.body.data.map((u: any) => [u.id, u]));
    assert.deepEqual(Object.keys(byId.get(owner.userId)).sort(), [
      'createdAt',
      'email',
      'id',
      'lastSignInAt',
      'role',
      'status',
      'tenantId',
      'tenantName',
      'totpEnabled',
    ]);
    const tenantName = async (id: string) =>
      (await t.ctx.db.selectFrom('tenants').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    assert.deepEqual(
      { ...byId.get(owner.userId), createdAt: undefined, lastSignInAt: undefined },
      {
        id: owner.userId,
        email: owner.email,
        role: 'owner',
        status: 'active',
        totpEnabled: false,
        tenantId: a.tenantId,
        tenantName: await tenantName(a.tenantId),
        createdAt: undefined,
        lastSignInAt: undefined,
      },
    );
    assert.ok(Date.parse(byId.get(owner.userId).lastSignInAt) > 0);
    assert.deepEqual([byId.get(invited.id).status, byId.get(invited.id).lastSignInAt], ['invited', null]);
    assert.deepEqual(
      [byId.get(operator.userId).tenantId, byId.get(operator.userId).tenantName, byId.get(operator.userId).role],
      [null, null, 'operator'],
    );
    assert.deepEqual(
      res.body.data.map((u: any) => u.id),
      [operator.userId, invited.id, viewer.userId, owner.userId],
      'newest first',
    );

    const ofB = await t.admin('GET', `/admin/users?tenantId=${b.tenantId}`);
    assert.deepEqual(ofB.body.data.map((u: any) => u.id).sort(), [viewer.userId, invited.id].sort(), "one tenant's users only");
    const ops = await t.admin('GET', `/admin/users?role=operator&search=${tag}`);
    assert.deepEqual(
      ops.body.data.map((u: any) => u.id),
      [operator.userId],
    );
    validationError(await t.admin('GET', '/admin/users?tenantId=not-a-uuid'), 'tenantId not a uuid');
    validationError(await t.admin('GET', '/admin/users?role=king'), 'unknown role');

    // Disabling: the session ends at once; twice is a no-op; unknown is 404, a bad id 400.
    assert.equal((await t.admin('DELETE', `/admin/users/${viewer.userId}`)).status, 204);
    assert.equal((await viewer.call('GET', '/auth/me')).status, 401);
    assert.equal((await login(t, viewer.email)).status, 401);
    assert.equal((await t.admin('DELETE', `/admin/users/${viewer.userId}`)).status, 204);
    const disabled = (await t.admin('GET', `/admin/users?search=viewer-${tag}`)).body.data[0];
    assert.equal(disabled.status, 'disabled');
    const unknown = await t.admin('DELETE', `/admin/users/${randomUUID()}`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'exceptions.user.notFound');
    validationError(await t.admin('DELETE', '/admin/users/nope'), 'user id not a uuid');

    // The installation keeps an active operator: the last one cannot be disabled, by anyone.
    const activeOperators = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'operator')
      .where('disabled_at', 'is', null)
      .where('password_hash', 'is not', null)
      .execute();
    assert.deepEqual(
      activeOperators.map((u) => u.id),
      [operator.userId],
    );
    const last = await t.admin('DELETE', `/admin/users/${operator.userId}`);
    assert.equal(last.status, 409);
    assert.equal(last.body.code, 'exceptions.user.lastOperator');
    assert.equal((await operator.call('DELETE', `/admin/users/${operator.userId}`)).body.code, 'exceptions.user.lastOperator');
    // An invited operator does not count; once a second is active, the first may go (and is signed out).
    const pendingOp = await invite(t, { email: uniqueEmail('op'), role: 'operator' });
    assert.equal((await t.admin('DELETE', `/admin/users/${operator.userId}`)).status, 409);
    assert.equal((await t.admin('DELETE', `/admin/users/${pendingOp.id}`)).status, 204, 'an invited operator can be disabled');
    const second = await member(t, undefined, 'operator');
    assert.equal((await second.call('DELETE', `/admin/users/${operator.userId}`)).status, 204);
    assert.equal((await operator.call('GET', '/admin/users')).status, 401);
    assert.equal((await t.admin('DELETE', `/admin/users/${second.userId}`)).body.code, 'exceptions.user.lastOperator');
  });

  it('lists API keys across tenants with their prefix and last use, never the key or its hash', async () => {
    const t = app();
    const a = await t.tenant(['invoices.list']);
    const b = await t.tenant(['*']);
    const wide = await t.admin('POST', '/admin/api-keys', {
      tenantId: a.tenantId,
      scopes: ['accounts.list'],
      allowedIps: ['203.0.113.0/24'],
    });
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: a.key })).status, 200);

    const res = await t.admin('GET', `/admin/api-keys?tenantId=${a.tenantId}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.total, 2);
    const [newest, oldest] = res.body.data;
    assert.deepEqual(Object.keys(newest).sort(), [
      'accountId',
      'allowedIps',
      'createdAt',
      'id',
      'lastUsedAt',
      'prefix',
      'revokedAt',
      'scopes',
      'tenantId',
      'tenantName',
    ]);
    assert.deepEqual(
      {
        id: newest.id,
        accountId: newest.accountId,
        prefix: newest.prefix,
        scopes: newest.scopes,
        allowedIps: newest.allowedIps,
        lastUsedAt: newest.lastUsedAt,
        revokedAt: newest.revokedAt,
      },
      {
        id: wide.body.data.id,
        accountId: null,
        prefix: wide.body.data.keyStart,
        scopes: ['accounts.list'],
        allowedIps: ['203.0.113.0/24'],
        lastUsedAt: null,
        revokedAt: null,
      },
    );
    assert.deepEqual([oldest.id, oldest.accountId, oldest.prefix], [a.keyId, a.accountId, a.key.slice(0, 10)]);
    assert.ok(Date.parse(oldest.lastUsedAt) > 0, 'the used key says when');
    assert.ok(a.key.startsWith(oldest.prefix));

    await t.admin('DELETE', `/admin/api-keys/${a.keyId}`);
    const all = await t.admin('GET', '/admin/api-keys?limit=100');
    const ids = all.body.data.map((k: any) => k.id);
    for (const id of [a.keyId, wide.body.data.id, b.keyId]) assert.ok(ids.includes(id), 'every tenant');
    assert.ok(all.body.data.find((k: any) => k.id === a.keyId).revokedAt, 'revoked keys are listed, marked');
    // Nothing secret in the answer: not the keys, not their hashes.
    const text = JSON.stringify(all.body);
    const hashes = await t.ctx.db.selectFrom('api_keys').select('key_hash').execute();
    for (const secret of [a.key, b.key, wide.body.data.key, ...hashes.map((h) => h.key_hash)])
      assert.ok(!text.includes(secret), 'no key material');
    assert.equal((await t.admin('GET', `/admin/api-keys?tenantId=${randomUUID()}`)).body.total, 0);
    validationError(await t.admin('GET', '/admin/api-keys?tenantId=x'), 'tenantId not a uuid');
  });

  it('lists blocked customers across tenants and unblocks one, who can get invoices again', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const b = await t.tenant(['*']);
    for (const [tenantId, customerId] of [
      [a.tenantId, 'fraud-1'],
      [b.tenantId, 'fraud-2'],
      [a.tenantId, 'fraud-3'],
    ] as const) {
      assert.equal((await t.admin('POST', '/admin/customers/block', { tenantId, customerId })).status, 200);
    }
    const order = () => `o-${randomUUID()}`;
    const invoice = (customerId: string) =>
      t.call('POST', '/v1/invoice', { key: a.key, body: { amount: 10, fiatCurrencyCode: 'USD', orderId: order(), customerId } });
    assert.equal((await invoice('fraud-1')).body.code, 'exceptions.invoice.customerBlocked');

    const ofA = await t.admin('GET', `/admin/customers/blocks?tenantId=${a.tenantId}`);
    assert.equal(ofA.status, 200, JSON.stringify(ofA.body));
    assert.deepEqual(
      ofA.body.data.map((x: any) => x.customerId),
      ['fraud-3', 'fraud-1'],
      'newest first, this tenant only',
    );
    assert.deepEqual(Object.keys(ofA.body.data[0]).sort(), ['blockedAt', 'customerId', 'tenantId', 'tenantName']);
    assert.equal(ofA.body.data[0].tenantId, a.tenantId);
    const all = await t.admin('GET', '/admin/customers/blocks?limit=100');
    assert.ok(all.body.data.some((x: any) => x.tenantId === b.tenantId && x.customerId === 'fraud-2'));

    const unblocked = await t.admin('POST', '/admin/customers/unblock', { tenantId: a.tenantId, customerId: 'fraud-1' });
    assert.equal(unblocked.status, 200, JSON.stringify(unblocked.body));
    assert.deepEqual(unblocked.body.data, { tenantId: a.tenantId, customerId: 'fraud-1', blocked: false });
    assert.equal((await invoice('fraud-1')).status, 201, 'the customer gets invoices again');
    assert.equal((await invoice('fraud-3')).body.code, 'exceptions.invoice.customerBlocked', 'the others stay blocked');

    // Not blocked (any more, or at another tenant): 404; unknown tenant 404; bad input 400.
    for (const body of [
      { tenantId: a.tenantId, customerId: 'fraud-1' },
      { tenantId: a.tenantId, customerId: 'fraud-2' },
    ]) {
      const res = await t.admin('POST', '/admin/customers/unblock', body);
      assert.equal(res.status, 404);
      assert.equal(res.body.code, 'exceptions.customer.notBlocked');
    }
    const noTenant = await t.admin('POST', '/admin/customers/unblock', { tenantId: randomUUID(), customerId: 'fraud-2' });
    assert.equal(noTenant.body.code, 'exceptions.tenant.notFound');
    validationError(await t.admin('POST', '/admin/customers/unblock', { tenantId: 'x', customerId: 'fraud-2' }), 'tenantId not a uuid');
    validationError(await t.admin('POST', '/admin/customers/unblock', { tenantId: a.tenantId, customerId: '' }), 'empty customerId');
    validationError(await t.admin('GET', '/admin/customers/blocks?tenantId=1'), 'blocks: tenantId not a uuid');
  });

  it('shows the audit log across tenants, operator actions included, newest first, with each entry’s tenant', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const operator = await member(t, undefined, 'operator');
    await operator.call('POST', `/admin/tenants/${a.tenantId}/suspend`);
    await t.admin('POST', `/admin/tenants/${a.tenantId}/resume`);
    await t.admin('POST', '/admin/customers/block', { tenantId: b.tenantId, customerId: 'c-1' });
    await operator.call('POST', '/admin/customers/unblock', { body: { tenantId: b.tenantId, customerId: 'c-1' } });

    const res = await t.admin('GET', '/admin/audit-log?limit=100');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const entries = res.body.data.slice(0, 6).map((e: any) => `${e.tenantId} ${e.actor} ${e.action}`);
    assert.deepEqual(entries, [
      `${b.tenantId} ${operator.email} customer.unblocked`,
      `${b.tenantId} operator token customer.blocked`,
      `${a.tenantId} operator token tenant.resumed`,
      `${a.tenantId} ${operator.email} tenant.suspended`,
      `null ${operator.email} session.signedIn`,
      `null ${operator.email} user.passwordSet`,
    ]);
    const suspended = res.body.data[3];
    assert.deepEqual(Object.keys(suspended).sort(), [
      'action',
      'actor',
      'createdAt',
      'detail',
      'id',
      'ip',
      'targetId',
      'targetType',
      'tenantId',
    ]);
    assert.deepEqual([suspended.targetType, suspended.targetId, suspended.detail.sessionsEnded], ['tenant', a.tenantId, 0]);
    const ofA = await t.admin('GET', `/admin/audit-log?tenantId=${a.tenantId}`);
    assert.deepEqual(
      ofA.body.data.map((e: any) => e.action),
      ['tenant.resumed', 'tenant.suspended'],
    );
    assert.ok(ofA.body.data.every((e: any) => e.tenantId === a.tenantId));
    // The tenant's own log (merchant API) shows its entries, without the tenant field.
    const own = await t.call('GET', '/v1/audit-log', { key: a.key });
    assert.deepEqual(
      own.body.data.map((e: any) => e.action),
      ['tenant.resumed', 'tenant.suspended'],
    );
    assert.equal(own.body.data[0].tenantId, undefined);
    validationError(await t.admin('GET', '/admin/audit-log?tenantId=abc'), 'tenantId not a uuid');
  });

  it("records every operator change to a tenant in the tenant's audit log, with the operator who made it", async () => {
    const t = app();
    const operator = await member(t, undefined, 'operator');
    const created = await operator.call('POST', '/admin/tenants', { body: { name: 'Audited shop' } });
    const id = created.body.data.id as string;
    await operator.call('PATCH', `/admin/tenants/${id}`, { body: { depositCommission: 0.01, maxAccounts: 4 } });
    await operator.call('POST', `/admin/tenants/${id}/webhook-secret`);
    const key = await operator.call('POST', '/admin/api-keys', { body: { tenantId: id, scopes: ['invoices.list'] } });
    await operator.call('DELETE', `/admin/api-keys/${key.body.data.id}`);

    const log = await t.admin('GET', `/admin/audit-log?tenantId=${id}`);
    const entries = log.body.data.map((e: any) => `${e.actor} ${e.action} ${e.targetType}:${e.targetId}`);
    assert.deepEqual(entries, [
      `${operator.email} apiKey.revoked apiKey:${key.body.data.id}`,
      `${operator.email} apiKey.created apiKey:${key.body.data.id}`,
      `${operator.email} webhook.secretRotated tenant:${id}`,
      `${operator.email} tenant.settingsChanged tenant:${id}`,
      `${operator.email} tenant.created tenant:${id}`,
    ]);
    const [, issued, rotated, changed] = log.body.data;
    assert.deepEqual(issued.detail.scopes, ['invoices.list']);
    assert.equal(issued.detail.key, undefined, 'never the key');
    assert.deepEqual(rotated.detail, {}, 'never the secret');
    assert.deepEqual([changed.detail.depositCommission, changed.detail.maxAccounts], ['0.01', 4]);
  });

  it('keeps operator routes to operators: merchant keys and merchant sessions are refused', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const owner = await member(t, a.tenantId, 'owner');
    for (const url of ['/admin/tenants', '/admin/users', '/admin/api-keys', '/admin/customers/blocks', '/admin/audit-log']) {
      assert.equal((await t.call('GET', url, { key: a.key })).status, 401, `${url} with a merchant key`);
      const bySession = await owner.call('GET', url);
      assert.equal(bySession.status, 403, `${url} with a merchant session`);
      assert.equal(bySession.body.code, 'exceptions.auth.operatorOnly');
    }
    assert.equal((await owner.call('POST', `/admin/tenants/${a.tenantId}/suspend`)).status, 403);
    assert.equal((await t.call('POST', `/admin/tenants/${a.tenantId}/suspend`, { key: a.key })).status, 401);
    assert.equal((await t.call('GET', '/v1/accounts', { key: a.key })).status, 200, 'not suspended by them');
  });
});
