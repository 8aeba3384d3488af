/**
 * Recovery codes of two-factor authentication: ten shown once when it is switched on,
 * stored only as scrypt keys; one signs in instead of the authenticator's code, once, audited;
 * a new set needs a fresh authenticator code (step-up) and ends the old one; a recovery code turns
 * two-factor off when the authenticator is lost. Hostile: a reused code, another user's code, two
 * sign-ins racing with one code.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, startTestApp, useTestApp, type TestApp } from '../helpers/harness.ts';
import { PASSWORD, browser, login, member, withTwoFactor, type Browser } from './helpers.ts';

const FORMAT = /^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/;

describeEngines('two-factor recovery codes', (engine) => {
  const app = useTestApp(engine);
  const left = async (user: Browser) => (await user.call('GET', '/auth/me')).body.data.user.recoveryCodesLeft;
  const audit = async (t: TestApp, tenantId: string) => {
    const key = (await t.admin('POST', '/admin/api-keys', { tenantId, scopes: ['*'] })).body.data.key;
    return (await t.call('GET', '/v1/audit-log?limit=100', { key })).body.data as Array<{
      action: string;
      actor: string;
      targetId: string;
      detail: any;
    }>;
  };

  it('ten are shown once on switching it on, stored only as keys; one signs in instead of the code, once, and is audited', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const user = await member(t, tenantId, 'finance');
    const { recoveryCodes: codes } = await withTwoFactor(user);
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    for (const code of codes) assert.match(code, FORMAT);
    assert.equal(await left(user), 10);
    const stored = await t.ctx.db.selectFrom('user_recovery_codes').selectAll().where('user_id', '=', user.userId).execute();
    assert.equal(stored.length, 10);
    assert.equal(new Set(stored.map((r) => r.salt)).size, 1, 'one salt per set');
    const text = JSON.stringify(stored);
    for (const code of codes) assert.ok(!text.includes(code) && !text.includes(code.replace(/-/g, '')), 'no code is stored as it reads');

    // Typed as people type it: upper case, spaces for dashes.
    const typed = codes[3]!.toUpperCase().replace(/-/g, ' ');
    const signedIn = await login(t, user.email, PASSWORD, { recoveryCode: typed });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    const session = browser(t, signedIn, user.email);
    assert.equal(session.me.user.recoveryCodesLeft, 9);
    const reused = await login(t, user.email, PASSWORD, { recoveryCode: codes[3] });
    assert.deepEqual(
      [reused.status, reused.body.code, reused.body.extension],
      [401, 'exceptions.auth.invalidSecondFactor', { recoveryCode: true }],
    );
    assert.equal(
      (await login(t, user.email, 'a wrong password!!', { recoveryCode: codes[4] })).body.code,
      'exceptions.auth.invalidCredentials',
    );
    assert.equal(await left(session), 9, 'a wrong password spends no code');

    const entries = await audit(t, tenantId);
    const used = entries.filter((e) => e.action === 'user.recoveryCodeUsed');
    assert.deepEqual(
      used.map((e) => [e.actor, e.targetId, e.detail]),
      [[user.email, user.userId, { left: 9 }]],
    );
    assert.ok(
      entries.some((e) => e.action === 'session.signInFailed' && e.detail.reason === 'recoveryCode'),
      'the reused code is logged as a failure',
    );
  });

  it("another user's code is no code; two sign-ins racing with one code: one gets in", async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const ana = await member(t, tenantId, 'viewer');
    const ben = await member(t, tenantId, 'viewer');
    const anaCodes = (await withTwoFactor(ana)).recoveryCodes;
    const benCodes = (await withTwoFactor(ben)).recoveryCodes;
    assert.equal((await login(t, ana.email, PASSWORD, { recoveryCode: benCodes[0] })).body.code, 'exceptions.auth.invalidSecondFactor');
    assert.equal((await login(t, ben.email, PASSWORD, { recoveryCode: benCodes[0] })).status, 200, "still Ben's");
    assert.equal((await login(t, ana.email, PASSWORD, { recoveryCode: 'not-a-code' })).body.code, 'exceptions.auth.invalidSecondFactor');

    // Each from an address of its own: the failures above, from the default one, would otherwise have
    // the sign-in throttle delay or refuse a racer (429), which is not what this race is about.
    const race = await Promise.all(
      [1, 2, 3].map((i) => login(t, ana.email, PASSWORD, { recoveryCode: anaCodes[0], ip: `198.51.100.${i}` })),
    );
    assert.deepEqual(race.map((r) => r.status).sort(), [200, 401, 401]);
    assert.equal(await left(ana), 9);
  });

  it('a new set needs a fresh authenticator code and ends the old one', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const user = await member(t, tenantId, 'developer');
    const two = await withTwoFactor(user);
    const old = two.recoveryCodes;
    assert.equal((await login(t, user.email, PASSWORD, { recoveryCode: old[0] })).status, 200);

    assert.equal((await user.call('POST', '/auth/recovery-codes', { csrf: false })).body.code, 'exceptions.auth.csrfFailed');
    const asked = await user.call('POST', '/auth/recovery-codes');
    assert.deepEqual([asked.status, asked.body.code], [403, 'exceptions.auth.stepUpRequired']);
    assert.equal(
      (await user.call('POST', '/auth/recovery-codes', { headers: { 'x-totp-code': '000000' } })).body.code,
      'exceptions.auth.invalidSecondFactor',
    );
    const renewed = await user.call('POST', '/auth/recovery-codes', { headers: { 'x-totp-code': two.fresh() } });
    assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
    const fresh: string[] = renewed.body.data.recoveryCodes;
    assert.equal(fresh.length, 10);
    assert.ok(fresh.every((c) => !old.includes(c)));
    assert.equal(await left(user), 10, 'the used code of the old set is not counted');
    assert.equal(
      (await login(t, user.email, PASSWORD, { recoveryCode: old[1] })).body.code,
      'exceptions.auth.invalidSecondFactor',
      'the old set ended',
    );
    assert.equal((await login(t, user.email, PASSWORD, { recoveryCode: fresh[9] })).status, 200);
    assert.ok((await audit(t, tenantId)).some((e) => e.action === 'user.recoveryCodesRenewed' && e.targetId === user.userId));
  });

  it('a recovery code turns two-factor off when the authenticator is lost; without two-factor there are none to renew', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const user = await member(t, tenantId, 'viewer');
    const codes = (await withTwoFactor(user)).recoveryCodes;
    assert.equal(
      (await user.call('POST', '/auth/totp/disable', { body: { code: 'zzzz-zzzz-zzzz' } })).body.code,
      'exceptions.auth.invalidSecondFactor',
    );
    assert.equal((await user.call('POST', '/auth/totp/disable', { body: { code: codes[2] } })).status, 204);
    assert.equal(await left(user), 0);
    assert.equal(
      (await t.ctx.db.selectFrom('user_recovery_codes').select('user_id').where('user_id', '=', user.userId).execute()).length,
      0,
      'the set ended',
    );
    assert.equal((await login(t, user.email)).status, 200, 'sign-in needs no code now');
    assert.equal((await user.call('POST', '/auth/recovery-codes')).body.code, 'exceptions.user.totpNotEnrolled');
  });

  it('a new PASSWORD_HASH_COST keeps the passwords and recovery codes made at the old one', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    const user = await member(t, tenantId, 'viewer');
    const codes = (await withTwoFactor(user)).recoveryCodes;
    const stored = await t.ctx.db.selectFrom('user_recovery_codes').select('log2n').where('user_id', '=', user.userId).execute();
    assert.deepEqual(
      [...new Set(stored.map((r) => r.log2n))],
      [t.ctx.config.passwordHashCost - 1],
      'a code takes one less than a password',
    );
    const raised = await startTestApp(t.engine, {
      database: t.ctx.database,
      env: { PASSWORD_HASH_COST: String(t.ctx.config.passwordHashCost + 1) },
    });
    try {
      assert.equal((await login(raised, user.email, PASSWORD, { recoveryCode: codes[0] })).status, 200);
      assert.equal(
        (await login(raised, user.email, 'wrong password!', { recoveryCode: codes[1] })).body.code,
        'exceptions.auth.invalidCredentials',
      );
    } finally {
      await raised.close();
    }
  });
});
