/**
 * Operator console: a suspended tenant's API keys are refused and its users are signed out
 * and kept out (403 exceptions.auth.tenantSuspended), at once and on every instance, though the keys
 * were cached; its payment page and its money go on. Resuming restores its keys, not the ended sessions.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import type { Database } from '../../src/lib/db/index.ts';
import { until } from '../helpers/receiver.ts';
import { describeEngines, freshDatabase, startTestApp, useTestApp, type TestApp } from '../helpers/harness.ts';
import { payInvoice } from '../helpers/scenario.ts';
import { PASSWORD, invite, login, member, uniqueEmail } from './helpers.ts';

const SUSPENDED = 'exceptions.auth.tenantSuspended';

function refused(res: { status: number; body: any }, what: string) {
  assert.equal(res.status, 403, `${what}: ${JSON.stringify(res.body)}`);
  assert.equal(res.body.code, SUSPENDED, what);
}

describeEngines('a suspended tenant', (engine) => {
  const app = useTestApp(engine);

  it('is refused on its keys and sessions at once, keeps its payment page and money, and works again once resumed', async () => {
    const t = app();
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'BTC', 'ETH', 'TRX', 'USD']);
    assert.equal((await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 })).status, 200);
    const a = await t.tenant(['*']);
    const other = await t.tenant(['*']);
    const owner = await member(t, a.tenantId, 'owner');
    const otherOwner = await member(t, other.tenantId, 'owner');
    const pending = await invite(t, { tenantId: a.tenantId, email: uniqueEmail('later'), role: 'viewer' });
    const inv = await t.call('POST', '/v1/invoice', {
      key: a.key,
      body: { amount: 25, fiatCurrencyCode: 'USD', orderId: 'before-suspension' },
    });
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const invoiceId = inv.body.data.id as string;
    assert.equal((await t.call('GET', '/v1/accounts', { key: a.key })).status, 200, 'the key is cached now');
    assert.equal((await owner.call('GET', '/v1/accounts')).status, 200);

    const suspended = await t.admin('POST', `/admin/tenants/${a.tenantId}/suspend`);
    assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
    assert.equal(suspended.body.data.id, a.tenantId);
    assert.ok(Date.parse(suspended.body.data.suspendedAt) > 0, 'suspendedAt is a timestamp');
    const again = await t.admin('POST', `/admin/tenants/${a.tenantId}/suspend`);
    assert.equal(again.body.data.suspendedAt, suspended.body.data.suspendedAt, 'suspending twice changes nothing');

    // Its keys: refused at once (the cached one too), on every route, whatever the scope.
    refused(await t.call('GET', '/v1/accounts', { key: a.key }), 'cached key');
    refused(
      await t.call('POST', '/v1/invoice', { key: a.key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: 'during' } }),
      'a write',
    );
    const bogus = await t.call('GET', '/v1/accounts', { key: 'cgk_not-a-key' });
    assert.equal(bogus.status, 401, 'an unknown key is still 401');
    // Its users: the session ended at once; a new sign-in and a pending invitation are refused.
    const ended = await owner.call('GET', '/v1/accounts');
    assert.equal(ended.status, 401);
    assert.equal(ended.body.code, 'exceptions.auth.sessionRequired');
    assert.equal((await owner.call('GET', '/auth/me')).status, 401);
    const live = await t.ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', owner.userId)
      .where('revoked_at', 'is', null)
      .execute();
    assert.deepEqual(live, [], 'the sessions are ended in the database');
    refused(await login(t, owner.email), 'sign-in');
    assert.equal(
      (await login(t, owner.email, 'wrong password')).body.code,
      'exceptions.auth.invalidCredentials',
      'a wrong password learns nothing',
    );
    refused(
      await t.call('POST', '/auth/invite', { body: { token: pending.token, password: PASSWORD, confirmPassword: PASSWORD } }),
      'accepting an invitation',
    );
    // Another tenant goes on as before.
    assert.equal((await t.call('GET', '/v1/accounts', { key: other.key })).status, 200);
    assert.equal((await otherOwner.call('GET', '/v1/accounts')).status, 200);

    // The payment page and the money: the customer still pays, the payment still credits.
    assert.equal((await t.call('GET', `/pay/${invoiceId}/state`)).status, 200);
    await payInvoice(t, invoiceId);
    const paid = await t.ctx.db.selectFrom('invoices').select('status').where('id', '=', invoiceId).executeTakeFirstOrThrow();
    assert.equal(paid.status, 'paid');

    // Resumed: the keys work again (the invoice paid meanwhile), sign-in works, the old session stays ended.
    const resumed = await t.admin('POST', `/admin/tenants/${a.tenantId}/resume`);
    assert.equal(resumed.status, 200);
    assert.equal(resumed.body.data.suspendedAt, null);
    const got = await t.call('GET', `/v1/invoice?id=${invoiceId}`, { key: a.key });
    assert.equal(got.status, 200, JSON.stringify(got.body));
    assert.equal(got.body.data.status, 'paid');
    assert.equal((await owner.call('GET', '/v1/accounts')).status, 401, 'ended sessions stay ended');
    assert.equal((await login(t, owner.email)).status, 200);
    assert.equal(
      (await t.call('POST', '/auth/invite', { body: { token: pending.token, password: PASSWORD, confirmPassword: PASSWORD } })).status,
      200,
      'the invitation was kept',
    );
    assert.equal((await t.admin('GET', `/admin/tenants/${a.tenantId}`)).body.data.suspendedAt, null);
  });

  it('refuses a session that slipped past the suspension (made while it was being suspended) by the database check', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const owner = await member(t, a.tenantId, 'owner');
    // As if a sign-in had committed its session just after the suspension ended the others.
    await t.ctx.db.updateTable('tenants').set({ suspended_at: new Date() }).where('id', '=', a.tenantId).execute();
    assert.equal((await owner.call('GET', '/auth/me')).status, 401);
    assert.equal((await owner.call('GET', '/v1/accounts')).status, 401);
    await t.ctx.db.updateTable('tenants').set({ suspended_at: null }).where('id', '=', a.tenantId).execute();
    assert.equal((await owner.call('GET', '/auth/me')).status, 200, 'the session itself was never revoked');
  });

  it('validates the tenant id: not a uuid 400, unknown 404', async () => {
    const t = app();
    for (const action of ['suspend', 'resume']) {
      const bad = await t.admin('POST', `/admin/tenants/not-a-uuid/${action}`);
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'exceptions.validation.failed');
      const unknown = await t.admin('POST', `/admin/tenants/${randomUUID()}/${action}`);
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.code, 'exceptions.tenant.notFound');
    }
    // Operators' own sessions are not a tenant's: a suspension never touches them.
    const op = await member(t, undefined, 'operator');
    const a = await t.tenant();
    const byOperator = await op.call('POST', `/admin/tenants/${a.tenantId}/suspend`);
    assert.equal(byOperator.status, 200, JSON.stringify(byOperator.body));
    assert.equal((await op.call('GET', '/auth/me')).status, 200);
    refused(await t.call('GET', '/v1/accounts', { key: a.key }), 'suspended by an operator session');
  });
});

describeEngines('suspension across two instances', (engine) => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    database = await freshDatabase(engine);
    a = await startTestApp(engine, { database });
    b = await startTestApp(engine, { database });
  });
  after(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it('a key cached on the other instance is refused once the tenant is suspended, and accepted once resumed', async () => {
    const { key, tenantId } = await a.tenant(['accounts.list']);
    assert.equal((await b.call('GET', '/v1/accounts', { key })).status, 200); // cached on B
    assert.equal((await a.admin('POST', `/admin/tenants/${tenantId}/suspend`)).status, 200);
    refused(await a.call('GET', '/v1/accounts', { key }), 'where suspended');
    await until(
      async () => (await b.call('GET', '/v1/accounts', { key })).status === 403,
      3000,
      'the other instance to see the suspension',
    );
    refused(await b.call('GET', '/v1/accounts', { key }), 'on the other instance');
    assert.equal((await b.admin('POST', `/admin/tenants/${tenantId}/resume`)).status, 200);
    assert.equal((await b.call('GET', '/v1/accounts', { key })).status, 200, 'where resumed');
    await until(
      async () => (await a.call('GET', '/v1/accounts', { key })).status === 200,
      3000,
      'the other instance to see the resumption',
    );
  });
});
