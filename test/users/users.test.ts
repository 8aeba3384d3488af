/**
 * A tenant's owners manage their users (/v1/users); the tenant keeps an owner; the audit log names
 * who did what; sign-in failures are throttled per (email, address) and per address.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { PASSWORD, browser, login, member, uniqueEmail } from './helpers.ts';

describeEngines('users of a tenant', (engine) => {
  const app = useTestApp(engine, { env: { LOGIN_FAILURES: '3/900' } });

  it('owners invite, list, change roles and remove users; the last owner stays', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const email = uniqueEmail('new');
    const invited = await owner.call('POST', '/v1/users', { body: { email, role: 'finance' } });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    assert.equal(invited.body.data.tenantId, a.tenantId);
    const token = new URL(invited.body.data.inviteUrl).hash.slice(1);
    assert.equal((await owner.call('POST', '/v1/users', { body: { email, role: 'viewer' } })).body.code, 'exceptions.user.emailTaken');
    assert.equal(
      (await owner.call('POST', '/v1/users', { body: { email: uniqueEmail(), role: 'operator' } })).status,
      400,
      'no operators from a tenant',
    );

    const listed = await owner.call('GET', '/v1/users');
    assert.equal(listed.status, 200);
    const byEmail = new Map(listed.body.data.map((u: any) => [u.email, u]));
    assert.deepEqual(Object.keys(byEmail.get(email) as object).sort(), ['createdAt', 'email', 'id', 'role', 'status', 'totpEnabled']);
    assert.equal((byEmail.get(email) as any).status, 'invited');
    assert.equal((byEmail.get(owner.email) as any).status, 'active');

    const joined = browser(
      t,
      await t.call('POST', '/auth/invite', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } }),
      email,
    );
    const id = joined.userId;
    const changed = await owner.call('PATCH', `/v1/users/${id}`, { body: { role: 'developer' } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual([changed.body.data.role, changed.body.data.status], ['developer', 'active']);
    assert.deepEqual((await joined.call('GET', '/auth/me')).body.data.user.role, 'developer', 'effective at once');

    // The last active owner can be neither demoted nor removed.
    const demote = await owner.call('PATCH', `/v1/users/${owner.userId}`, { body: { role: 'viewer' } });
    assert.equal(demote.status, 409);
    assert.equal(demote.body.code, 'exceptions.user.lastOwner');
    assert.equal((await owner.call('DELETE', `/v1/users/${owner.userId}`)).body.code, 'exceptions.user.lastOwner');
    // With a second owner, the first may step down.
    assert.equal((await owner.call('PATCH', `/v1/users/${id}`, { body: { role: 'owner' } })).status, 200);
    assert.equal((await owner.call('PATCH', `/v1/users/${owner.userId}`, { body: { role: 'viewer' } })).status, 200);
    assert.equal((await joined.call('DELETE', `/v1/users/${id}`)).body.code, 'exceptions.user.lastOwner');

    // Another tenant's users are not found; nor are unknown ids.
    const other = await member(t, b.tenantId, 'viewer');
    for (const target of [other.userId, randomUUID()]) {
      const res = await joined.call('PATCH', `/v1/users/${target}`, { body: { role: 'owner' } });
      assert.equal(res.status, 404);
      assert.equal(res.body.code, 'exceptions.user.notFound');
      assert.equal((await joined.call('DELETE', `/v1/users/${target}`)).status, 404);
    }
    assert.equal((await other.call('GET', '/auth/me')).status, 200, "untouched by the other tenant's owner");
    assert.equal((await joined.call('DELETE', `/v1/users/${owner.userId}`)).status, 204);
    const after = (await joined.call('GET', '/v1/users')).body.data.find((u: any) => u.id === owner.userId);
    assert.equal(after.status, 'disabled');
    // users.manage hands out only roles whose every scope the caller holds (test/users/grants.test.ts).
    const narrow = (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, scopes: ['users.manage'] })).body.data.key;
    const escalate = await t.call('POST', '/v1/users', { key: narrow, body: { email: uniqueEmail(), role: 'owner' } });
    assert.equal(escalate.status, 403);
    assert.equal(escalate.body.code, 'exceptions.auth.insufficientScope');
    // API keys with the scopes manage users too (tenant-level: no accountId).
    assert.equal((await t.call('GET', '/v1/users', { key: a.key })).body.data.length, 2);
  });

  it('the audit log lists the actions with who did them, newest first, for its tenant only', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const viewer = await member(t, a.tenantId, 'viewer');
    await member(t, b.tenantId, 'owner');
    assert.equal((await login(t, viewer.email, 'wrong password', { ip: '192.0.2.50' })).status, 401);
    await viewer.call('POST', '/auth/password', { body: { currentPassword: PASSWORD, newPassword: 'another password' } });
    await owner.call('PATCH', `/v1/users/${viewer.userId}`, { body: { role: 'finance' } });
    await owner.call('DELETE', `/v1/users/${viewer.userId}`);
    await owner.call('POST', '/auth/logout');
    await owner.call('POST', '/auth/logout-everywhere');
    const second = browser(t, await login(t, owner.email), owner.email);
    await second.call('POST', '/auth/logout-everywhere');

    const res = await t.call('GET', '/v1/audit-log?limit=100', { key: a.key });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const entries = [...res.body.data].reverse().map((e: any) => `${e.actor} ${e.action}`);
    const op = 'operator token';
    assert.deepEqual(entries, [
      `${op} user.invited`,
      `${owner.email} user.passwordSet`,
      `${owner.email} session.signedIn`,
      `${op} user.invited`,
      `${viewer.email} user.passwordSet`,
      `${viewer.email} session.signedIn`,
      `${viewer.email} session.signInFailed`,
      `${viewer.email} user.passwordSet`,
      `${owner.email} user.roleChanged`,
      `${owner.email} user.removed`,
      `${owner.email} session.signedOut`,
      `${owner.email} session.signedIn`,
      `${owner.email} session.signedOutEverywhere`,
    ]);
    const failed = res.body.data.find((e: any) => e.action === 'session.signInFailed');
    assert.equal(failed.ip, '192.0.2.50');
    const role = res.body.data.find((e: any) => e.action === 'user.roleChanged');
    assert.deepEqual(
      [role.targetType, role.targetId, role.detail],
      ['user', viewer.userId, { email: viewer.email, from: 'viewer', to: 'finance' }],
    );
    assert.equal(res.body.total, 13);
    const page = await owner.call('GET', '/v1/audit-log?limit=2&page=2');
    assert.equal(page.status, 401, 'signed out everywhere');
    const paged = await second.call('GET', '/v1/audit-log?limit=2&page=2');
    assert.equal(paged.status, 401);
    const keyPage = await t.call('GET', '/v1/audit-log?limit=2&page=2', { key: a.key });
    assert.deepEqual([keyPage.body.data.length, keyPage.body.hasMore, keyPage.body.data[0].action], [2, true, 'session.signedOut']);
  });

  it('throttles failed sign-ins per (email, address) and per address: 429 with Retry-After, even for the right password from there', async () => {
    const t = app();
    const a = await t.tenant();
    const user = await member(t, a.tenantId, 'viewer');
    // Per email, from ever-changing addresses: no lock, the owner signs in from yet another one.
    for (let i = 0; i < 3; i++) assert.equal((await login(t, user.email, 'wrong password', { ip: `198.51.100.${10 + i}` })).status, 401);
    assert.equal((await login(t, user.email, PASSWORD, { ip: '198.51.100.20' })).status, 200);
    // Per (email, address): that address is held back, the right password included.
    for (let i = 0; i < 3; i++) assert.equal((await login(t, user.email, 'wrong password', { ip: '198.51.100.30' })).status, 401);
    const locked = await login(t, user.email, PASSWORD, { ip: '198.51.100.30' });
    assert.equal(locked.status, 429);
    assert.equal(locked.body.code, 'exceptions.rateLimit.exceeded');
    assert.ok(Number(locked.headers['retry-after']) > 800, String(locked.headers['retry-after']));

    // Per IP, over ever-changing emails (unknown ones count too).
    const other = await member(t, a.tenantId, 'viewer');
    const ip = '203.0.113.99';
    for (let i = 0; i < 3; i++) assert.equal((await login(t, uniqueEmail('guess'), 'whatever password', { ip })).status, 401);
    const fromIp = await login(t, other.email, PASSWORD, { ip });
    assert.equal(fromIp.status, 429);
    assert.ok(Number(fromIp.headers['retry-after']) >= 1);
    assert.equal((await login(t, other.email, PASSWORD, { ip: '203.0.113.100' })).status, 200, 'the account itself is fine elsewhere');
  });
});
