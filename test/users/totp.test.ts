/**
 * Two-factor authentication (RFC 6238, codes computed here with otpauth): setting it up, signing in
 * with it, codes accepted once, and the step-up on POST /v1/withdrawal/commit.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';
import { PASSWORD, authenticator, browser, login, member } from './helpers.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describeEngines('two-factor authentication', (engine) => {
  const app = useTestApp(engine);

  it('is set up with a QR code, switched on by a code, then asked at sign-in; a code works once', async () => {
    const t = app();
    const a = await t.tenant();
    const user = await member(t, a.tenantId, 'developer');
    assert.equal((await user.call('POST', '/auth/totp/enable', { body: { code: '123456' } })).body.code, 'exceptions.user.totpNotEnrolled');
    await user.call('POST', '/auth/totp/setup');
    const setup = await user.call('POST', '/auth/totp/setup');
    assert.equal(setup.status, 200, JSON.stringify(setup.body));
    const { secret, otpauthUrl, qrCode } = setup.body.data;
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.match(otpauthUrl, /^otpauth:\/\/totp\/cryptogate:.+\?issuer=cryptogate&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/);
    assert.match(qrCode, /^data:image\/png;base64,/);
    const app2 = authenticator(secret);

    const wrong = await user.call('POST', '/auth/totp/enable', { body: { code: app2.code(5) } });
    assert.equal(wrong.body.code, 'exceptions.auth.invalidSecondFactor');
    assert.equal((await user.call('POST', '/auth/totp/enable', { body: { code: app2.code(-1) } })).status, 200);
    assert.equal((await user.call('GET', '/auth/me')).body.data.user.totpEnabled, true);
    assert.equal((await user.call('POST', '/auth/totp/setup')).body.code, 'exceptions.user.totpAlreadyEnabled');

    const without = await login(t, user.email);
    assert.equal(without.status, 401);
    assert.equal(without.body.code, 'exceptions.auth.secondFactorRequired');
    assert.equal(
      (await login(t, user.email, 'wrong password!', { totpCode: app2.code() })).body.code,
      'exceptions.auth.invalidCredentials',
    );
    const code = app2.code();
    const signedIn = await login(t, user.email, PASSWORD, { totpCode: code });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    const replay = await login(t, user.email, PASSWORD, { totpCode: code });
    assert.equal(replay.status, 401);
    assert.equal(replay.body.code, 'exceptions.auth.invalidSecondFactor');
    assert.equal(
      (await login(t, user.email, PASSWORD, { totpCode: app2.code(-1) })).body.code,
      'exceptions.auth.invalidSecondFactor',
      'an older code neither',
    );
  });

  it('is switched off with a code; then sign-in needs none', async () => {
    const t = app();
    const a = await t.tenant();
    const user = await member(t, a.tenantId, 'viewer');
    const app2 = authenticator((await user.call('POST', '/auth/totp/setup')).body.data.secret);
    assert.equal((await user.call('POST', '/auth/totp/enable', { body: { code: app2.code(-1) } })).status, 200);
    assert.equal((await user.call('POST', '/auth/totp/disable', { body: { code: '12345' } })).status, 400, 'six digits');
    assert.equal(
      (await user.call('POST', '/auth/totp/disable', { body: { code: app2.code(0) }, csrf: false })).body.code,
      'exceptions.auth.csrfFailed',
    );
    assert.equal((await user.call('POST', '/auth/totp/disable', { body: { code: app2.code(0) } })).status, 204);
    assert.equal(
      (await user.call('POST', '/auth/totp/disable', { body: { code: app2.code(1) } })).body.code,
      'exceptions.user.totpNotEnrolled',
    );
    assert.equal((await login(t, user.email)).status, 200);
  });

  it('a withdrawal commit from a session with two-factor needs a fresh x-totp-code; API keys are not asked', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const finance = await member(t, a.tenantId, 'finance');
    const app2 = authenticator((await finance.call('POST', '/auth/totp/setup')).body.data.secret);
    assert.equal((await finance.call('POST', '/auth/totp/enable', { body: { code: app2.code(-1) } })).status, 200);
    // The code is kept, not computed again below: a 30 s step may end between the two.
    const signInCode = app2.code(0);
    const session = browser(t, await login(t, finance.email, PASSWORD, { totpCode: signInCode }), finance.email);

    const quote = async (orderId: string) => {
      const res = await session.call('POST', '/v1/withdrawal/quote', {
        body: { accountId: a.accountId, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data.quoteId as string;
    };
    const quoteId = await quote('step-up-1');
    const body = { accountId: a.accountId, quoteId };
    const missing = await session.call('POST', '/v1/withdrawal/commit', { body });
    assert.equal(missing.status, 403);
    assert.equal(missing.body.code, 'exceptions.auth.stepUpRequired');
    const wrong = await session.call('POST', '/v1/withdrawal/commit', { body, headers: { 'x-totp-code': 'abcdef' } });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.code, 'exceptions.auth.invalidSecondFactor');
    const used = await session.call('POST', '/v1/withdrawal/commit', { body, headers: { 'x-totp-code': signInCode } });
    assert.equal(used.body.code, 'exceptions.auth.invalidSecondFactor', 'the sign-in code is spent');
    const passed = await session.call('POST', '/v1/withdrawal/commit', { body, headers: { 'x-totp-code': app2.code(1) } });
    assert.equal(passed.status, 201, JSON.stringify(passed.body));

    // The same tenant's API key commits without a code.
    const byKey = await t.call('POST', '/v1/withdrawal/quote', {
      key: a.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'by-key' },
    });
    const committed = await t.call('POST', '/v1/withdrawal/commit', { key: a.key, body: { quoteId: byKey.body.data.quoteId } });
    assert.equal(committed.status, 201, JSON.stringify(committed.body));

    const log = await t.call('GET', '/v1/audit-log', { key: a.key });
    const commits = log.body.data.filter((e: any) => e.action === 'withdrawal.committed');
    assert.deepEqual(
      commits.map((e: any) => e.actor),
      [`api key ${a.key.slice(0, 10)}…`, finance.email],
    );
    assert.deepEqual(commits[1].detail, { accountId: a.accountId, cryptoCurrencyCode: 'USDT_TRC20', amount: 10, address: TRON_TO });
    assert.equal(commits[1].targetId, passed.body.data.id);
  });
});
