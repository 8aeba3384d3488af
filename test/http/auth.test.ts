import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

describeEngines('API keys, IP allowlists and scopes', (engine) => {
  const app = useTestApp(engine);
  const proxied = useTestApp(engine, { config: { trustProxy: ['127.0.0.1', '::1'] } });

  it('refuses a missing, unknown or revoked key with 401, revocation taking effect at once', async () => {
    const t = app();
    const { key, keyId } = await t.tenant(['accounts.list']);
    for (const k of [undefined, '', 'cgk_unknown', key.slice(0, -1), 'x'.repeat(300)]) {
      const res = await t.call('GET', '/v1/accounts', { key: k });
      assert.equal(res.status, 401, String(k));
      assert.equal(res.body.code, 'exceptions.auth.invalidApiKey');
    }
    assert.equal((await t.call('GET', '/v1/accounts', { key })).status, 200);
    assert.equal((await t.admin('DELETE', `/admin/api-keys/${keyId}`)).status, 200);
    const revoked = await t.call('GET', '/v1/accounts', { key });
    assert.equal(revoked.status, 401);
    assert.equal(revoked.body.code, 'exceptions.auth.invalidApiKey');
  });

  it('stores only a hash of a key of at least 32 random bytes', async () => {
    const t = app();
    const { key, keyId } = await t.tenant();
    assert.match(key, /^cgk_[A-Za-z0-9_-]{43}$/);
    assert.ok(Buffer.from(key.slice(4), 'base64url').length >= 32);
    const row = await sql<Record<string, unknown>>`select * from api_keys where id = ${keyId}`.execute(t.ctx.db);
    const stored = JSON.stringify(row.rows[0]);
    assert.ok(!stored.includes(key.slice(4)), 'the secret part of the key is not stored');
    assert.match(String(row.rows[0]!.key_hash), /^[0-9a-f]{64}$/);
  });

  it('checks the IP allowlist: IPv4 and IPv6 addresses and CIDR ranges', async () => {
    const t = app();
    const { key } = await t.tenant(['accounts.list'], ['203.0.113.7', '198.51.100.0/24', '2001:db8::1', '2001:db8:abcd::/48']);
    const allowed = ['203.0.113.7', '198.51.100.200', '::ffff:198.51.100.9', '2001:db8::1', '2001:db8:abcd:12::5'];
    const refused = ['203.0.113.8', '198.51.101.1', '2001:db8::2', '2001:db8:abce::1', '127.0.0.1'];
    for (const ip of allowed) assert.equal((await t.call('GET', '/v1/accounts', { key, ip })).status, 200, ip);
    for (const ip of refused) {
      const res = await t.call('GET', '/v1/accounts', { key, ip });
      assert.equal(res.status, 403, ip);
      assert.equal(res.body.code, 'exceptions.auth.ipNotAllowed');
    }
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    for (const [t, trusted] of [
      [app(), false],
      [proxied(), true],
    ] as const) {
      const { key } = await t.tenant(['accounts.list'], ['203.0.113.7']);
      const res = await t.call('GET', '/v1/accounts', {
        key,
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      assert.equal(res.status, trusted ? 200 : 403, `trusted=${trusted}`);
      // A forwarded header from an untrusted peer changes nothing.
      const spoofed = await t.call('GET', '/v1/accounts', { key, ip: '192.0.2.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
      assert.equal(spoofed.status, 403);
    }
  });

  it('checks key, then IP, then scope', async () => {
    const t = app();
    const { key } = await t.tenant(['currencies.list'], ['203.0.113.7']);
    const badKeyBadIp = await t.call('GET', '/v1/accounts', { key: 'cgk_nope', ip: '192.0.2.1' });
    assert.equal(badKeyBadIp.body.code, 'exceptions.auth.invalidApiKey');
    const goodKeyBadIpNoScope = await t.call('GET', '/v1/accounts', { key, ip: '192.0.2.1' });
    assert.equal(goodKeyBadIpNoScope.body.code, 'exceptions.auth.ipNotAllowed');
    const goodKeyGoodIpNoScope = await t.call('GET', '/v1/accounts', { key, ip: '203.0.113.7' });
    assert.equal(goodKeyGoodIpNoScope.status, 403);
    assert.equal(goodKeyGoodIpNoScope.body.code, 'exceptions.auth.insufficientScope');
    assert.equal(goodKeyGoodIpNoScope.body.extension.requiredScope, 'accounts.list');
    // Auth comes before body parsing: no key and a malformed body is still a 401.
    const early = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    assert.equal(early.statusCode, 401);
  });

  it('grants every scope with *', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    for (const url of ['/v1/accounts', '/v1/currencies', '/v1/currencies/fiat']) {
      assert.equal((await t.call('GET', url, { key })).status, 200, url);
    }
  });

  it('handles accountId in query or body as existing clients send it', async () => {
    const t = app();
    const mine = await t.tenant(['*']);
    const other = await t.tenant(['*']);
    const second = await t.call('POST', '/v1/accounts', { key: mine.key, body: { name: 'Second' } });
    const sameTenantOther = second.body.data.id;

    assert.equal((await t.call('GET', `/v1/accounts?accountId=${mine.accountId}`, { key: mine.key })).status, 200);
    assert.equal((await t.call('POST', '/v1/accounts', { key: mine.key, body: { name: 'X', accountId: mine.accountId } })).status, 201);

    const foreign = await t.call('GET', `/v1/accounts?accountId=${other.accountId}`, { key: mine.key });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, 'exceptions.account.notFound');
    const foreignBody = await t.call('POST', '/v1/accounts', { key: mine.key, body: { name: 'Y', accountId: other.accountId } });
    assert.equal(foreignBody.status, 404);

    const sibling = await t.call('GET', `/v1/accounts?accountId=${sameTenantOther}`, { key: mine.key });
    assert.equal(sibling.status, 403);
    assert.equal(sibling.body.code, 'exceptions.auth.accountNotAllowed');

    for (const bad of ['123', 'not-a-uuid']) {
      const res = await t.call('GET', `/v1/accounts?accountId=${bad}`, { key: mine.key });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'exceptions.validation.failed');
      assert.equal(res.body.extension.fields[0].field, 'accountId');
    }
    const wrongType = await t.call('POST', '/v1/accounts', { key: mine.key, body: { name: 'Z', accountId: 42 } });
    assert.equal(wrongType.status, 400);
    // Nothing was created by the refused requests.
    const names = (await t.call('GET', '/v1/accounts', { key: mine.key })).body.data.map((a: any) => a.name);
    assert.deepEqual(names.sort(), ['Main', 'Second', 'X']);
  });
});
