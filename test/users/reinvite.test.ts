/**
 * A removed user can be invited again: by their tenant's owner (the same user comes
 * back, invited, with nothing of before: no password, no second factor), by another tenant (the
 * removed account keeps their email from no one), and a removed operator by the operator. What
 * stays refused: an email still a user of the tenant, and a second account for an email that signs
 * in elsewhere.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { PASSWORD, browser, login, member, uniqueEmail, withTwoFactor, type Browser } from './helpers.ts';

const AGAIN = 'a new passphrase after coming back';

describeEngines('a removed user invited again', (engine) => {
  const app = useTestApp(engine);
  const tokenOf = (res: { body: any }) => new URL(res.body.data.inviteUrl).hash.slice(1);
  const accept = (t: TestApp, token: string, password = AGAIN) =>
    t.call('POST', '/auth/invite', { body: { token, password, confirmPassword: password } });

  it("by the tenant's owner: the same user, invited with the new role, nothing of before kept", async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const owner = await member(t, tenantId, 'owner');
    const leaver = await member(t, tenantId, 'finance');
    await withTwoFactor(leaver);
    assert.equal((await owner.call('DELETE', `/v1/users/${leaver.userId}`)).status, 204);

    const again = await owner.call('POST', '/v1/users', { body: { email: leaver.email.toUpperCase(), role: 'viewer' } });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.data.id, leaver.userId, 'the same user comes back');
    const listed = (await owner.call('GET', '/v1/users')).body.data.filter((u: any) => u.email === leaver.email);
    assert.deepEqual(
      listed.map((u: any) => [u.id, u.role, u.status, u.totpEnabled]),
      [[leaver.userId, 'viewer', 'invited', false]],
      'listed once, invited',
    );
    // Their old password and session are gone; the invitation sets a new password and signs them in.
    assert.equal((await login(t, leaver.email, PASSWORD)).status, 401);
    assert.equal((await leaver.call('GET', '/auth/me')).status, 401);
    const back = browser(t, await accept(t, tokenOf(again)), leaver.email);
    assert.deepEqual([back.me.user.id, back.me.user.role, back.me.user.totpEnabled], [leaver.userId, 'viewer', false]);
    assert.equal((await login(t, leaver.email, AGAIN)).status, 200, 'no second factor asked: it went with the removal');
    const audit = (
      await t.call('GET', '/v1/audit-log?limit=100', {
        key: (await t.admin('POST', '/admin/api-keys', { tenantId, scopes: ['*'] })).body.data.key,
      })
    ).body.data;
    const invited = audit.find((e: any) => e.action === 'user.invited' && e.detail.again);
    assert.deepEqual(
      [invited?.actor, invited?.targetId, invited?.detail],
      [owner.email, leaver.userId, { email: leaver.email, role: 'viewer', again: true }],
    );
  });

  it('by another tenant, and a removed operator by the operator', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const ownerA = await member(t, a.tenantId, 'owner');
    const ownerB = await member(t, b.tenantId, 'owner');
    const leaver = await member(t, a.tenantId, 'developer');
    assert.equal((await ownerA.call('DELETE', `/v1/users/${leaver.userId}`)).status, 204);
    // Tenant B invites the email: the removed account in A keeps it from no one.
    const invited = await ownerB.call('POST', '/v1/users', { body: { email: leaver.email, role: 'developer' } });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    assert.notEqual(invited.body.data.id, leaver.userId);
    const joined = browser(t, await accept(t, tokenOf(invited)), leaver.email);
    assert.equal(joined.me.tenant.id, b.tenantId);
    const signedIn = await login(t, leaver.email, AGAIN);
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.data.tenant.id, b.tenantId, "the email signs in to B's account, never A's removed one");
    assert.equal(
      (await ownerA.call('GET', '/v1/users')).body.data.find((u: any) => u.id === leaver.userId).status,
      'disabled',
      "A's removed user untouched",
    );

    const operator = await member(t, undefined, 'operator');
    const gone = await member(t, undefined, 'operator');
    assert.equal((await t.admin('DELETE', `/admin/users/${gone.userId}`)).status, 204);
    const back = await operator.call('POST', '/admin/users', { body: { email: gone.email, role: 'operator' } });
    assert.equal(back.status, 201, JSON.stringify(back.body));
    assert.equal(back.body.data.id, gone.userId);
    assert.equal(browser(t, await accept(t, tokenOf(back)), gone.email).me.user.role, 'operator');
  });

  it('still refuses an email of the tenant not removed, and a second account for an email that signs in elsewhere', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const ownerA = await member(t, a.tenantId, 'owner');
    const ownerB = await member(t, b.tenantId, 'owner');
    const stays: Browser = await member(t, a.tenantId, 'viewer');
    assert.equal(
      (await ownerA.call('POST', '/v1/users', { body: { email: stays.email, role: 'finance' } })).body.code,
      'exceptions.user.emailTaken',
    );
    assert.equal(
      (await t.admin('POST', '/admin/users', { tenantId: b.tenantId, email: stays.email, role: 'viewer' })).body.code,
      'exceptions.user.emailTaken',
      'the operator is told',
    );
    // Removed from A, then active in B: A's invitation cannot make a second account for the email.
    const leaver = await member(t, a.tenantId, 'viewer', uniqueEmail('leaver'));
    assert.equal((await ownerA.call('DELETE', `/v1/users/${leaver.userId}`)).status, 204);
    const inB = await ownerB.call('POST', '/v1/users', { body: { email: leaver.email, role: 'viewer' } });
    assert.equal((await accept(t, tokenOf(inB))).status, 200);
    const inA = await ownerA.call('POST', '/v1/users', { body: { email: leaver.email, role: 'viewer' } });
    assert.equal(inA.status, 201, 'the tenant learns nothing of the other tenant');
    const refused = await accept(t, tokenOf(inA), 'yet another passphrase here');
    assert.equal(refused.body.code, 'exceptions.user.inviteInvalid');
    assert.equal((await login(t, leaver.email, AGAIN)).body.data.tenant.id, b.tenantId);
  });
});
