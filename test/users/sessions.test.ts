/**
 * Dashboard sign-in: invitations, the session cookie, sign-in and sign-out, CSRF, the
 * password, disabled users, and the operator's invitation API.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { PASSWORD, browser, invite, login, member, sessionCookieOf, uniqueEmail } from './helpers.ts';

describeEngines('dashboard sessions', (engine) => {
  const app = useTestApp(engine);

  it('an invitation names the user, sets a password once, and signs in with a strict cookie', async () => {
    const t = app();
    const a = await t.tenant();
    const email = uniqueEmail('Owner').toUpperCase();
    const { token } = await invite(t, { tenantId: a.tenantId, email, role: 'owner' });
    const info = await t.call('GET', `/auth/invite?token=${token}`);
    assert.equal(info.status, 200, JSON.stringify(info.body));
    assert.deepEqual(info.body.data, { email: email.toLowerCase(), role: 'owner', tenantName: info.body.data.tenantName });
    assert.match(info.body.data.tenantName, /^Tenant /);

    const mismatch = await t.call('POST', '/auth/invite', { body: { token, password: PASSWORD, confirmPassword: `${PASSWORD}!` } });
    assert.equal(mismatch.body.code, 'exceptions.user.passwordMismatch');
    const weak = await t.call('POST', '/auth/invite', { body: { token, password: 'short', confirmPassword: 'short' } });
    assert.equal(weak.body.code, 'exceptions.user.passwordTooWeak');

    const accepted = await t.call('POST', '/auth/invite', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } });
    const raw = String(accepted.headers['set-cookie']);
    assert.match(raw, /^cg_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Strict$/);
    const b = browser(t, accepted, email);
    assert.deepEqual(b.me.user, {
      id: b.userId,
      email: email.toLowerCase(),
      role: 'owner',
      tenantId: a.tenantId,
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });
    assert.deepEqual(b.me.accounts, [{ id: a.accountId, name: 'Main' }]);
    assert.deepEqual(b.me.scopes, ['*']);
    assert.equal(b.me.mode, 'sandbox');
    assert.equal(accepted.headers['cache-control'], 'no-store');

    // Single use; unknown and malformed tokens alike.
    for (const bad of [token, 'x'.repeat(43), 'nope']) {
      const again = await t.call('GET', `/auth/invite?token=${bad}`);
      assert.equal(again.status, 400);
      assert.equal(again.body.code, 'exceptions.user.inviteInvalid');
    }
    const reuse = await t.call('POST', '/auth/invite', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } });
    assert.equal(reuse.body.code, 'exceptions.user.inviteInvalid');
    // The database holds hashes only.
    const row = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', b.userId).executeTakeFirstOrThrow();
    // scrypt at the installation's cost (PASSWORD_HASH_COST; the tests' is 12), recorded in the hash.
    assert.match(
      row.password_hash!,
      new RegExp(`^scrypt\\$${2 ** t.ctx.config.passwordHashCost}\\$8\\$1\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`),
    );
    assert.equal(row.invite_hash, null);
    const session = await t.ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', b.userId).executeTakeFirstOrThrow();
    assert.ok(!b.cookie.includes(session.token_hash));
  });

  it('signs in by email and password; a wrong password and an unknown email get the same 401', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await member(t, a.tenantId, 'viewer');
    const ok = await login(t, b.email.toUpperCase(), PASSWORD, { ip: '198.51.100.1' });
    const again = browser(t, ok, b.email);
    assert.notEqual(again.cookie, b.cookie, 'a new session each time');
    assert.equal((await again.call('GET', '/auth/me')).body.data.user.email, b.email);

    const wrong = await login(t, b.email, 'not the password', { ip: '198.51.100.1' });
    const unknown = await login(t, uniqueEmail('nobody'), PASSWORD, { ip: '198.51.100.1' });
    for (const res of [wrong, unknown]) {
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { code: 'exceptions.auth.invalidCredentials', message: 'Wrong email or password' });
      assert.equal(sessionCookieOf(res), undefined);
    }
    const malformed = await t.call('POST', '/auth/login', { body: { email: b.email } });
    assert.equal(malformed.status, 400);
  });

  it('GET /auth/me needs a live session; sign-out ends it and clears the cookie', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await member(t, a.tenantId, 'finance');
    const none = await t.call('GET', '/auth/me');
    assert.equal(none.status, 401);
    assert.equal(none.body.code, 'exceptions.auth.sessionRequired');
    const forged = await t.call('GET', '/auth/me', { headers: { cookie: `cg_session=${'A'.repeat(43)}` } });
    assert.equal(forged.body.code, 'exceptions.auth.sessionRequired');
    const me = await b.call('GET', '/auth/me', { csrf: false });
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.data.scopes.includes('withdrawals.create'), true);

    assert.equal((await b.call('POST', '/auth/logout', { csrf: false })).body.code, 'exceptions.auth.csrfFailed');
    const out = await b.call('POST', '/auth/logout');
    assert.equal(out.status, 204);
    assert.match(String(out.headers['set-cookie']), /^cg_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict$/);
    assert.equal((await b.call('GET', '/auth/me')).body.code, 'exceptions.auth.sessionRequired');
    assert.equal((await b.call('GET', `/v1/balances?accountId=${a.accountId}`)).body.code, 'exceptions.auth.sessionRequired');
  });

  it('CSRF: a session write needs x-csrf-token, and an Origin header must be ours', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await member(t, a.tenantId, 'owner');
    const body = { name: 'Second' };
    const cases: Array<[string, { csrf?: boolean | string; headers?: Record<string, string> }, number]> = [
      ['no token', { csrf: false }, 403],
      ['a wrong token', { csrf: 'x'.repeat(43) }, 403],
      ['another origin', { headers: { origin: 'https://evil.example' } }, 403],
      ['a null origin', { headers: { origin: 'null' } }, 403],
      ['the public origin', { headers: { origin: 'http://gateway.test' } }, 201],
      ['its own host', { headers: { origin: 'http://localhost:80' } }, 201],
      ['no origin', {}, 201],
    ];
    for (const [label, opts, status] of cases) {
      const res = await b.call('POST', '/v1/accounts', { body, ...opts });
      assert.equal(res.status, status, `${label}: ${JSON.stringify(res.body)}`);
      if (status === 403) assert.equal(res.body.code, 'exceptions.auth.csrfFailed', label);
    }
    // Reads need no token.
    assert.equal((await b.call('GET', '/v1/accounts', { csrf: false })).status, 200);
    // Signing in from another site's page (login CSRF) is refused too.
    const foreign = await t.call('POST', '/auth/login', {
      body: { email: b.email, password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(foreign.body.code, 'exceptions.auth.csrfFailed');
  });

  it('a password change ends the other sessions; sign-out everywhere ends all of them', async () => {
    const t = app();
    const a = await t.tenant();
    const first = await member(t, a.tenantId, 'developer');
    const second = browser(t, await login(t, first.email), first.email);
    const third = browser(t, await login(t, first.email), first.email);

    const wrong = await first.call('POST', '/auth/password', {
      body: { currentPassword: 'wrong password', newPassword: 'a new password 1' },
    });
    assert.equal(wrong.body.code, 'exceptions.auth.invalidCredentials');
    const weak = await first.call('POST', '/auth/password', { body: { currentPassword: PASSWORD, newPassword: first.email } });
    assert.equal(weak.body.code, 'exceptions.user.passwordTooWeak');
    assert.equal(
      (await first.call('POST', '/auth/password', { body: { currentPassword: PASSWORD, newPassword: 'a new password 1' } })).status,
      204,
    );
    assert.equal((await first.call('GET', '/auth/me')).status, 200, 'the session that changed it stays');
    assert.equal((await second.call('GET', '/auth/me')).status, 401);
    assert.equal((await login(t, first.email)).status, 401, 'the old password is gone');
    const fresh = browser(t, await login(t, first.email, 'a new password 1'), first.email);

    assert.equal((await fresh.call('POST', '/auth/logout-everywhere')).status, 204);
    for (const b of [first, third, fresh]) assert.equal((await b.call('GET', '/auth/me')).status, 401);
  });

  it("a removed user's session stops at once, and they cannot sign in", async () => {
    const t = app();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const viewer = await member(t, a.tenantId, 'viewer');
    assert.equal((await viewer.call('GET', `/v1/invoice/list?accountId=${a.accountId}`)).status, 200);
    assert.equal((await owner.call('DELETE', `/v1/users/${viewer.userId}`)).status, 204);
    const after = await viewer.call('GET', `/v1/invoice/list?accountId=${a.accountId}`);
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'exceptions.auth.sessionRequired');
    assert.equal((await login(t, viewer.email)).body.code, 'exceptions.auth.invalidCredentials');
    // Disabled in the database behind the service's back: the next request already stops.
    const other = await member(t, a.tenantId, 'viewer');
    await t.ctx.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', other.userId).execute();
    assert.equal((await other.call('GET', '/auth/me')).status, 401);
  });

  it('sessions end after 12 idle hours or 7 days; use is recorded at most once a minute', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await member(t, a.tenantId, 'viewer');
    const where = (db: typeof t.ctx.db) => db.updateTable('sessions').where('user_id', '=', b.userId);
    await where(t.ctx.db)
      .set({ last_seen_at: new Date(Date.now() - 11 * 3600_000) })
      .execute();
    assert.equal((await b.call('GET', '/auth/me')).status, 200);
    const seen = await t.ctx.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', b.userId).executeTakeFirstOrThrow();
    assert.ok(Date.now() - seen.last_seen_at.getTime() < 60_000, 'a stale last_seen_at is refreshed');
    await where(t.ctx.db)
      .set({ last_seen_at: new Date(Date.now() - 12 * 3600_000 - 1000) })
      .execute();
    assert.equal((await b.call('GET', '/auth/me')).status, 401, 'idle too long');
    const c = browser(t, await login(t, b.email), b.email);
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '!=', '')
      .where('revoked_at', 'is', null)
      .where('user_id', '=', b.userId)
      .execute();
    assert.equal((await c.call('GET', '/auth/me')).status, 401, 'past its absolute end');
  });

  it('POST /admin/users: tenantId required for merchant roles, forbidden for operators; tenant must exist; emails unique', async () => {
    const t = app();
    const a = await t.tenant();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ email: uniqueEmail(), role: 'operator', tenantId: a.tenantId }, 400, 'exceptions.validation.failed'],
      [{ email: uniqueEmail(), role: 'viewer' }, 400, 'exceptions.validation.failed'],
      [{ email: uniqueEmail(), role: 'viewer', tenantId: randomUUID() }, 404, 'exceptions.tenant.notFound'],
      [{ email: 'not an email', role: 'viewer', tenantId: a.tenantId }, 400, 'exceptions.validation.failed'],
      [{ email: uniqueEmail(), role: 'king', tenantId: a.tenantId }, 400, 'exceptions.validation.failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.admin('POST', '/admin/users', body);
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, code);
    }
    const email = uniqueEmail('dup');
    await invite(t, { tenantId: a.tenantId, email, role: 'viewer' });
    const dup = await t.admin('POST', '/admin/users', { tenantId: a.tenantId, email: email.toUpperCase(), role: 'finance' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'exceptions.user.emailTaken');
    const op = await t.admin('POST', '/admin/users', { email: uniqueEmail('op'), role: 'operator' });
    assert.equal(op.status, 201);
    assert.equal(op.body.data.tenantId, null);
    assert.match(op.body.data.inviteUrl, /^http:\/\/gateway\.test\/dashboard\/invite#[A-Za-z0-9_-]{43}$/);
    assert.equal((await t.call('POST', '/admin/users', { body: { email: uniqueEmail(), role: 'operator' } })).status, 401);
  });
});
