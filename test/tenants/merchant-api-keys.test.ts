/**
 * The merchant's own API keys (developers section): GET/POST /v1/api-keys and
 * DELETE /v1/api-keys/{id}. A key never hands out more than it holds (scopes), an account-bound
 * caller only keys of its account, another tenant's key is 404, and a revoked key stops at once.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { member } from '../users/helpers.ts';

/** A tenant-wide key of the tenant, through the operator API. */
async function wideKey(t: TestApp, tenantId: string, scopes: string[] = ['*']) {
  const res = await t.admin('POST', '/admin/api-keys', { tenantId, scopes });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data as { id: string; key: string };
}

describeEngines('merchant API keys', (engine) => {
  const app = useTestApp(engine);

  it('issues a key shown once, lists keys without their secret, and revokes one at once (204)', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const issued = await t.call('POST', '/v1/api-keys', {
      key: a.key,
      body: { scopes: ['invoices.list', 'invoices.create'], allowedIps: ['203.0.113.0/24'], accountId: a.accountId },
    });
    assert.equal(issued.status, 201, JSON.stringify(issued.body));
    const k = issued.body.data;
    assert.deepEqual(Object.keys(k).sort(), [
      'accountId',
      'allowedIps',
      'createdAt',
      'id',
      'key',
      'keyStart',
      'name',
      'revokedAt',
      'scopes',
      'userEmail',
      'userId',
    ]);
    assert.equal(k.name, null, 'a key made without a name has none');
    assert.deepEqual([k.userId, k.userEmail], [null, null], "a key made by an operator's key belongs to no user");
    assert.equal(k.accountId, a.accountId);
    assert.deepEqual(k.scopes, ['invoices.list', 'invoices.create']);
    assert.deepEqual(k.allowedIps, ['203.0.113.0/24']);
    assert.equal(k.revokedAt, null);
    assert.ok(k.key.startsWith(k.keyStart));

    const list = await t.call('GET', '/v1/api-keys', { key: a.key });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((x: any) => x.id).sort(), [a.keyId, k.id].sort());
    assert.ok(!JSON.stringify(list.body).includes(k.key), 'the key itself is never listed');
    assert.equal(list.body.data[0].id, k.id, 'newest first');

    // The new key works from its allowed range.
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: k.key, ip: '203.0.113.9' })).status, 200);
    const revoked = await t.call('DELETE', `/v1/api-keys/${k.id}`, { key: a.key });
    assert.equal(revoked.status, 204);
    assert.equal(revoked.body, undefined);
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: k.key, ip: '203.0.113.9' })).status, 401);
    const after = (await t.call('GET', '/v1/api-keys', { key: a.key })).body.data.find((x: any) => x.id === k.id);
    assert.ok(after.revokedAt);
    // Revoking twice is a no-op.
    assert.equal((await t.call('DELETE', `/v1/api-keys/${k.id}`, { key: a.key })).status, 204);

    const entries = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'actor'])
      .where('tenant_id', '=', a.tenantId)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      entries.slice(0, 2).map((e) => [e.action, e.target_id]),
      [
        ['apiKey.created', k.id],
        ['apiKey.revoked', k.id],
      ],
    );
    assert.ok(!JSON.stringify(entries).includes(k.key));
  });

  it('refuses scopes the caller lacks (403 insufficientScope) and checks the allowlist', async () => {
    const t = app();
    const a = await t.tenant(['apiKeys.manage', 'invoices.list']);
    const ok = await t.call('POST', '/v1/api-keys', { key: a.key, body: { scopes: ['invoices.list'], accountId: a.accountId } });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    for (const scopes of [['invoices.create'], ['*'], ['invoices.list', 'withdrawals.create']]) {
      const res = await t.call('POST', '/v1/api-keys', { key: a.key, body: { scopes, accountId: a.accountId } });
      assert.equal(res.status, 403, JSON.stringify(scopes));
      assert.equal(res.body.code, 'exceptions.auth.insufficientScope');
    }
    const badIp = await t.call('POST', '/v1/api-keys', {
      key: a.key,
      body: { scopes: ['invoices.list'], accountId: a.accountId, allowedIps: ['nope'] },
    });
    assert.equal(badIp.status, 400);
    assert.equal(badIp.body.extension.fields[0].field, 'allowedIps.0');
    const badScope = await t.call('POST', '/v1/api-keys', { key: a.key, body: { scopes: ['root'], accountId: a.accountId } });
    assert.equal(badScope.status, 400);
  });

  it("never hands out a wider IP allowlist than the caller's: absent it inherits the caller's, ranges outside it are 403", async () => {
    const t = app();
    const a = await t.tenant(['*'], ['203.0.113.0/24']);
    const ip = '203.0.113.7';
    const inherited = await t.call('POST', '/v1/api-keys', { key: a.key, ip, body: { scopes: ['invoices.list'], accountId: a.accountId } });
    assert.equal(inherited.status, 201, JSON.stringify(inherited.body));
    assert.deepEqual(inherited.body.data.allowedIps, ['203.0.113.0/24']);
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: inherited.body.data.key, ip: '198.51.100.23' })).status, 403);
    const narrower = await t.call('POST', '/v1/api-keys', {
      key: a.key,
      ip,
      body: { scopes: ['invoices.list'], accountId: a.accountId, allowedIps: ['203.0.113.128/25', '203.0.113.9'] },
    });
    assert.equal(narrower.status, 201, JSON.stringify(narrower.body));
    for (const allowedIps of [null, [], ['198.51.100.0/24'], ['203.0.0.0/16'], ['2001:db8::1']]) {
      const before = (await t.call('GET', '/v1/api-keys', { key: a.key, ip })).body.data.length;
      const wider = await t.call('POST', '/v1/api-keys', {
        key: a.key,
        ip,
        body: { scopes: ['invoices.list'], accountId: a.accountId, allowedIps },
      });
      assert.deepEqual([wider.status, wider.body.code], [403, 'exceptions.auth.insufficientScope'], JSON.stringify(allowedIps));
      assert.equal((await t.call('GET', '/v1/api-keys', { key: a.key, ip })).body.data.length, before, 'a refused key was not created');
    }
  });

  it('an account-bound caller only issues keys bound to its account; a tenant-wide one issues either', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const wide = await wideKey(t, a.tenantId);
    const second = (await t.call('POST', '/v1/accounts', { key: wide.key, body: { name: 'Second' } })).body.data.id as string;
    // Bound caller: no tenant-wide key, no key of another account of its tenant.
    const tenantWide = await t.call('POST', '/v1/api-keys', { key: a.key, body: { scopes: ['invoices.list'] } });
    assert.equal(tenantWide.status, 403);
    assert.equal(tenantWide.body.code, 'exceptions.auth.accountNotAllowed');
    const sibling = await t.call('POST', '/v1/api-keys', { key: a.key, body: { scopes: ['invoices.list'], accountId: second } });
    assert.equal(sibling.status, 403);
    assert.equal(sibling.body.code, 'exceptions.auth.accountNotAllowed');
    // Tenant-wide caller: either kind, any account of its tenant (not another tenant's).
    const bound = await t.call('POST', '/v1/api-keys', { key: wide.key, body: { scopes: ['invoices.list'], accountId: second } });
    assert.equal(bound.status, 201);
    assert.equal(bound.body.data.accountId, second);
    const alsoWide = await t.call('POST', '/v1/api-keys', { key: wide.key, body: { scopes: ['accounts.list'] } });
    assert.equal(alsoWide.status, 201);
    assert.equal(alsoWide.body.data.accountId, null);
    assert.equal((await t.call('GET', '/v1/accounts', { key: alsoWide.body.data.key })).status, 200);
    const b = await t.tenant(['*']);
    const foreign = await t.call('POST', '/v1/api-keys', { key: wide.key, body: { scopes: ['invoices.list'], accountId: b.accountId } });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, 'exceptions.account.notFound');

    // The bound caller lists and revokes only its account's keys.
    const seen = (await t.call('GET', '/v1/api-keys', { key: a.key })).body.data.map((k: any) => k.id);
    assert.ok(!seen.includes(bound.body.data.id) && !seen.includes(wide.id) && seen.includes(a.keyId));
    assert.equal((await t.call('DELETE', `/v1/api-keys/${bound.body.data.id}`, { key: a.key })).status, 404);
    assert.equal((await t.call('GET', '/v1/api-keys', { key: wide.key })).body.data.length, 4);
  });

  it('a key carries the name it was given, trimmed, in the answer, the list and the audit log; a blank or long one is 400', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const named = await t.call('POST', '/v1/api-keys', {
      key: a.key,
      body: { name: '  Shop checkout ', scopes: ['invoices.create'], keyAccountId: a.accountId },
    });
    assert.equal(named.status, 201, JSON.stringify(named.body));
    assert.equal(named.body.data.name, 'Shop checkout');
    const listed = (await t.call('GET', '/v1/api-keys', { key: a.key })).body.data.find((k: any) => k.id === named.body.data.id);
    assert.equal(listed.name, 'Shop checkout');
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('target_id', '=', named.body.data.id)
      .executeTakeFirstOrThrow();
    assert.equal((entry.detail as { name: string }).name, 'Shop checkout');
    for (const name of ['', '   ', 'x'.repeat(101), 42]) {
      const res = await t.call('POST', '/v1/api-keys', {
        key: a.key,
        body: { name, scopes: ['invoices.list'], keyAccountId: a.accountId },
      });
      assert.deepEqual([res.status, res.body.code], [400, 'exceptions.validation.failed'], JSON.stringify(name));
    }
  });

  it("binds the key to keyAccountId, not to the account the request acts on (the dashboard's accountId); older clients' accountId still binds", async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const wide = await wideKey(t, a.tenantId);
    const second = (await t.call('POST', '/v1/accounts', { key: wide.key, body: { name: 'Second' } })).body.data.id as string;
    const owner = await member(t, a.tenantId, 'owner');
    const issue = async (body: Record<string, unknown>) => {
      const res = await owner.call('POST', '/v1/api-keys', { body: { scopes: ['invoices.list'], ...body } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data as { key: string; accountId: string | null };
    };
    // The dashboard acts on the account in its header (accountId) and names the key's account apart.
    assert.equal((await issue({ accountId: a.accountId, keyAccountId: null })).accountId, null, '"All accounts" is a tenant-wide key');
    assert.equal((await issue({ accountId: a.accountId, keyAccountId: second })).accountId, second, 'another account than the header');
    assert.equal((await issue({ keyAccountId: second })).accountId, second);
    const tenantWide = await issue({ accountId: second, keyAccountId: null });
    assert.equal(
      (await t.call('GET', `/v1/invoice/list?accountId=${a.accountId}`, { key: tenantWide.key })).status,
      200,
      'it reaches every account',
    );
    // Clients written before keyAccountId: accountId alone is the key's account, as before.
    assert.equal((await issue({ accountId: second })).accountId, second);
    assert.equal((await issue({})).accountId, null);

    // Hostile: another tenant's account, a bound caller widening or moving its grant, a malformed id.
    const b = await t.tenant(['*']);
    const foreign = await owner.call('POST', '/v1/api-keys', { body: { scopes: ['invoices.list'], keyAccountId: b.accountId } });
    assert.deepEqual([foreign.status, foreign.body.code], [404, 'exceptions.account.notFound']);
    const foreignAlias = await owner.call('POST', '/v1/api-keys', {
      body: { scopes: ['invoices.list'], accountId: a.accountId, keyAccountId: b.accountId },
    });
    assert.deepEqual([foreignAlias.status, foreignAlias.body.code], [404, 'exceptions.account.notFound']);
    for (const keyAccountId of [null, second]) {
      const res = await t.call('POST', '/v1/api-keys', {
        key: a.key,
        body: { scopes: ['invoices.list'], accountId: a.accountId, keyAccountId },
      });
      assert.deepEqual([res.status, res.body.code], [403, 'exceptions.auth.accountNotAllowed'], String(keyAccountId));
    }
    const abroad = await t.call('POST', '/v1/api-keys', { key: a.key, body: { scopes: ['invoices.list'], keyAccountId: b.accountId } });
    assert.deepEqual(
      [abroad.status, abroad.body.code],
      [404, 'exceptions.account.notFound'],
      "another tenant's account is not found, never a sign that it exists",
    );
    const own = await t.call('POST', '/v1/api-keys', {
      key: a.key,
      body: { scopes: ['invoices.list'], keyAccountId: a.accountId.toUpperCase() },
    });
    assert.deepEqual([own.status, own.body.data?.accountId], [201, a.accountId]);
    const malformed = await t.call('POST', '/v1/api-keys', { key: a.key, body: { scopes: ['invoices.list'], keyAccountId: 'nope' } });
    assert.deepEqual([malformed.status, malformed.body.code], [400, 'exceptions.validation.failed']);
  });

  it("another tenant's key is 404 and stays valid; scopes are enforced", async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const b = await t.tenant(['*']);
    const res = await t.call('DELETE', `/v1/api-keys/${a.keyId}`, { key: b.key });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'exceptions.apiKey.notFound');
    assert.equal((await t.call('DELETE', `/v1/api-keys/${randomUUID()}`, { key: b.key })).status, 404);
    assert.equal((await t.call('GET', '/v1/api-keys', { key: a.key })).status, 200, "A's key still works");
    assert.ok(!(await t.call('GET', '/v1/api-keys', { key: b.key })).body.data.some((k: any) => k.id === a.keyId));

    const reader = await t.tenant(['apiKeys.list']);
    assert.equal((await t.call('GET', '/v1/api-keys', { key: reader.key })).status, 200);
    for (const [method, url, body] of [
      ['POST', '/v1/api-keys', { scopes: ['apiKeys.list'] }],
      ['DELETE', `/v1/api-keys/${reader.keyId}`, undefined],
    ] as const) {
      const refused = await t.call(method, url, { key: reader.key, body });
      assert.equal(refused.status, 403, `${method} ${url}`);
      assert.equal(refused.body.code, 'exceptions.auth.insufficientScope');
    }
    const none = await t.tenant(['invoices.list']);
    assert.equal((await t.call('GET', '/v1/api-keys', { key: none.key })).status, 403);
    assert.equal((await t.call('GET', '/v1/api-keys')).status, 401);
  });
});
