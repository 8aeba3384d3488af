/**
 * Password reset links an operator issues while the gateway sends no email: one use,
 * an hour, stored as a hash; using one sets a password by the usual rules and ends the user's
 * sessions, audited on both sides. Hostile: a used, an expired, a superseded link; another tenant's
 * user; a user not active; a merchant at the operator's route; two requests racing with one link.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { it } from 'node:test';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { PASSWORD, browser, invite, login, member, withTwoFactor } from './helpers.ts';

const NEW_PASSWORD = 'lantern orchard velvet quarry';
const ISSUE = (tenantId: string, userId: string) => `/admin/tenants/${tenantId}/users/${userId}/password-reset`;

describeEngines('password reset links issued by the operator', (engine) => {
  const app = useTestApp(engine);
  const tokenOf = (res: { body: any }) => new URL(res.body.data.resetUrl).hash.slice(1);
  const reset = (t: TestApp, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    t.call('POST', '/auth/password-reset', { body: { token, password, confirmPassword } });
  const issue = async (t: TestApp, tenantId: string, userId: string) => {
    const res = await t.admin('POST', ISSUE(tenantId, userId));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res;
  };

  it('sets a new password once, by the usual rules, ending every session; audited', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const user = await member(t, tenantId, 'finance');
    const second = browser(t, await login(t, user.email), user.email);
    const issued = await issue(t, tenantId, user.userId);
    const token = tokenOf(issued);
    assert.equal(new URL(issued.body.data.resetUrl).pathname, '/dashboard/reset-password');
    assert.deepEqual([issued.body.data.userId, issued.body.data.email], [user.userId, user.email]);
    const left = Date.parse(issued.body.data.expiresAt) - Date.now();
    assert.ok(left > 55 * 60_000 && left <= 60 * 60_000, `an hour: ${left} ms`);
    const stored = await t.ctx.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.userId).execute();
    assert.deepEqual(
      stored.map((r) => r.token_hash),
      [createHash('sha256').update(token).digest('hex')],
      'only its hash is kept',
    );

    const info = await t.call('GET', `/auth/password-reset?token=${token}`);
    assert.equal(info.status, 200, JSON.stringify(info.body));
    assert.equal(info.body.data.email, user.email);
    assert.equal((await reset(t, token, 'password1234')).body.code, 'exceptions.user.passwordTooWeak', 'zxcvbn, as everywhere');
    assert.equal((await reset(t, token, NEW_PASSWORD, `${NEW_PASSWORD}!`)).body.code, 'exceptions.user.passwordMismatch');
    assert.equal((await reset(t, token)).status, 204);

    for (const session of [user, second]) assert.equal((await session.call('GET', '/auth/me')).status, 401, 'every session ended');
    assert.equal((await login(t, user.email, PASSWORD)).status, 401);
    assert.equal((await login(t, user.email, NEW_PASSWORD)).status, 200);
    assert.equal((await reset(t, token, 'another long passphrase here')).body.code, 'exceptions.user.resetInvalid', 'used once');
    assert.equal((await t.call('GET', `/auth/password-reset?token=${token}`)).body.code, 'exceptions.user.resetInvalid');

    const key = (await t.admin('POST', '/admin/api-keys', { tenantId, scopes: ['*'] })).body.data.key;
    const entries = (await t.call('GET', '/v1/audit-log?limit=100', { key })).body.data;
    const issuedEntry = entries.find((e: any) => e.action === 'user.passwordResetIssued');
    assert.deepEqual([issuedEntry.actor, issuedEntry.targetId, issuedEntry.detail.email], ['operator token', user.userId, user.email]);
    const used = entries.find((e: any) => e.action === 'user.passwordReset');
    assert.deepEqual([used.actor, used.targetId], [user.email, user.userId]);
  });

  it('refuses an expired, a superseded and a malformed link; two requests racing with one link: one sets it', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const user = await member(t, tenantId, 'viewer');
    const first = tokenOf(await issue(t, tenantId, user.userId));
    const second = tokenOf(await issue(t, tenantId, user.userId));
    assert.equal((await reset(t, first)).body.code, 'exceptions.user.resetInvalid', 'a newer link ends the older');
    // An hour later (the clock moved by the row: nothing else in the app knows the link's age).
    await t.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.userId)
      .execute();
    assert.equal((await reset(t, second)).body.code, 'exceptions.user.resetInvalid', 'expired');
    assert.equal((await t.call('GET', `/auth/password-reset?token=${second}`)).body.code, 'exceptions.user.resetInvalid');
    assert.equal((await reset(t, 'not-a-token')).body.code, 'exceptions.user.resetInvalid');
    assert.equal((await login(t, user.email, PASSWORD)).status, 200, 'the password is unchanged');

    const third = tokenOf(await issue(t, tenantId, user.userId));
    const race = await Promise.all([NEW_PASSWORD, 'quiet meadow thistle anchor'].map((p) => reset(t, third, p)));
    assert.deepEqual(race.map((r) => r.status).sort(), [204, 400]);
  });

  it("another tenant's user, a user not active, and anyone but the operator are refused", async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const userA = await member(t, a.tenantId, 'owner');
    const wrong = await t.admin('POST', ISSUE(b.tenantId, userA.userId));
    assert.deepEqual([wrong.status, wrong.body.code], [404, 'exceptions.user.notFound'], 'named under another tenant: no such user there');
    assert.equal((await t.admin('POST', ISSUE(a.tenantId, '00000000-0000-4000-8000-000000000000'))).status, 404);
    const invited = await invite(t, { tenantId: a.tenantId, email: 'not-yet@example.com', role: 'viewer' });
    assert.equal((await t.admin('POST', ISSUE(a.tenantId, invited.id))).body.code, 'exceptions.user.notActive');
    const removed = await member(t, a.tenantId, 'viewer');
    assert.equal((await userA.call('DELETE', `/v1/users/${removed.userId}`)).status, 204);
    assert.equal((await t.admin('POST', ISSUE(a.tenantId, removed.userId))).body.code, 'exceptions.user.notActive');
    // A merchant (key or owner's session) never reaches the operator's route.
    assert.equal((await t.call('POST', ISSUE(a.tenantId, userA.userId), { key: a.key })).status, 401);
    assert.equal((await userA.call('POST', ISSUE(a.tenantId, userA.userId))).body.code, 'exceptions.auth.operatorOnly');
    const made = await t.ctx.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('user_id', 'in', [userA.userId, invited.id, removed.userId])
      .execute();
    assert.equal(made.length, 0, 'no link was made');
  });

  it("an operator's session with two-factor confirms the link with a code; the user's own two-factor still guards the sign-in", async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const operator = await member(t, undefined, 'operator');
    const opCodes = await withTwoFactor(operator);
    const user = await member(t, tenantId, 'finance');
    const userCodes = await withTwoFactor(user);
    assert.equal((await operator.call('POST', ISSUE(tenantId, user.userId))).body.code, 'exceptions.auth.stepUpRequired');
    const issued = await operator.call('POST', ISSUE(tenantId, user.userId), { headers: { 'x-totp-code': opCodes.fresh() } });
    assert.equal(issued.status, 201, JSON.stringify(issued.body));
    assert.equal((await reset(t, tokenOf(issued))).status, 204);
    assert.equal(
      (await login(t, user.email, NEW_PASSWORD)).body.code,
      'exceptions.auth.secondFactorRequired',
      'no sign-in past two-factor',
    );
    assert.equal((await login(t, user.email, NEW_PASSWORD, { totpCode: userCodes.fresh() })).status, 200);
  });
});
