/**
 * In a live installation an operator's password alone never opens /admin — its
 * session does once the operator enrolled two-factor authentication (the admin token keeps working
 * for automation). In the sandbox, TOTP stays optional for operators too.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN_TOKEN, describeEngines, useTestApp } from '../helpers/harness.ts';
import { authenticator, member } from './helpers.ts';

describeEngines('operator sessions in live mode', (engine) => {
  // Only the mode matters here: the security hook reads it; no network is reached.
  const live = useTestApp(engine, { config: { mode: 'live' } });
  const sandbox = useTestApp(engine);

  it('refuses an operator session without TOTP (403 secondFactorEnrollmentRequired) until it enrols; the admin token still works', async () => {
    const t = live();
    const operator = await member(t, undefined, 'operator');
    const refused = await operator.call('GET', '/admin/solvency', { csrf: false });
    assert.deepEqual([refused.status, refused.body.code], [403, 'exceptions.auth.secondFactorEnrollmentRequired']);
    const write = await operator.call('POST', '/admin/tenants', { body: { name: 'Not yet' } });
    assert.equal(write.body.code, 'exceptions.auth.secondFactorEnrollmentRequired');
    assert.equal((await t.ctx.db.selectFrom('tenants').select('id').where('name', '=', 'Not yet').execute()).length, 0);

    // Enrolling goes through /auth, which the refusal does not block.
    const setup = await operator.call('POST', '/auth/totp/setup');
    assert.equal(setup.status, 200, JSON.stringify(setup.body));
    const app = authenticator(setup.body.data.secret);
    assert.equal((await operator.call('POST', '/auth/totp/enable', { body: { code: app.code() } })).status, 200);
    const created = await operator.call('POST', '/admin/tenants', { body: { name: 'After TOTP' } });
    assert.equal(created.status, 201);

    const byToken = await t.app.inject({
      method: 'GET',
      url: `/admin/tenants/${created.body.data.id}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(byToken.statusCode, 200);
  });

  it('in the sandbox an operator without TOTP is let in', async () => {
    const t = sandbox();
    const operator = await member(t, undefined, 'operator');
    assert.equal((await operator.call('POST', '/admin/tenants', { body: { name: 'Sandbox op' } })).status, 201);
  });
});
