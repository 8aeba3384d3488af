/** The first start creates the dashboard's demo owner and an operator, and prints their passwords once. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bootstrapFirstStart, formatFirstStart } from '../../src/bootstrap.ts';
import { describeEngines, freshDatabase, startTestApp } from '../helpers/harness.ts';
import { browser, login } from './helpers.ts';

describeEngines('first start: dashboard users', (engine) => {
  it('creates owner@example.com (demo tenant) and operator@example.com with random passwords that sign in', async () => {
    const database = await freshDatabase(engine);
    const t = await startTestApp(engine, { database });
    try {
      const first = await bootstrapFirstStart(t.ctx);
      assert.ok(first?.users);
      const [owner, operator] = first.users;
      assert.deepEqual(
        [owner!.email, owner!.role, operator!.email, operator!.role],
        ['owner@example.com', 'owner', 'operator@example.com', 'operator'],
      );
      for (const u of first.users) assert.match(u.password, /^[A-Za-z0-9_-]{16}$/);
      assert.notEqual(owner!.password, operator!.password);

      const banner = formatFirstStart(first, 'http://gateway.test');
      assert.match(banner, /Dashboard: http:\/\/gateway\.test\/dashboard\/login/);
      for (const u of first.users) assert.ok(banner.includes(u.password) && banner.includes(u.email));

      const o = browser(t, await login(t, owner!.email, owner!.password), owner!.email);
      assert.deepEqual([o.me.user.role, o.me.tenant.id, o.me.accounts[0].id], ['owner', first.tenantId, first.accountId]);
      const op = browser(t, await login(t, operator!.email, operator!.password), operator!.email);
      assert.deepEqual([op.me.user.role, op.me.tenant], ['operator', null]);
      const rows = await t.ctx.db.selectFrom('users').select('password_hash').execute();
      for (const r of rows) for (const u of first.users) assert.ok(!r.password_hash!.includes(u.password));
      assert.equal(await bootstrapFirstStart(t.ctx), null, 'later starts print nothing');
    } finally {
      await t.close();
      await database.close();
    }
  });
});

describeEngines('first start: a live installation', (engine) => {
  it('creates only the admin token and the operator sign-in: no demo tenant, no key, no owner', async () => {
    const database = await freshDatabase(engine);
    const t = await startTestApp(engine, { database, config: { mode: 'live', adminToken: undefined } });
    try {
      const first = await bootstrapFirstStart(t.ctx);
      assert.ok(first);
      assert.match(first.adminToken ?? '', /^cga_/);
      assert.deepEqual([first.tenantId, first.accountId, first.apiKey], ['', '', '']);
      assert.deepEqual(
        first.users?.map((u) => [u.email, u.role]),
        [['operator@example.com', 'operator']],
      );
      assert.deepEqual(await t.ctx.db.selectFrom('tenants').select('id').execute(), [], 'no tenant');
      assert.deepEqual(await t.ctx.db.selectFrom('api_keys').select('id').execute(), [], 'no key');
      assert.deepEqual(
        (await t.ctx.db.selectFrom('users').select(['email', 'role']).execute()).map((u) => u.role),
        ['operator'],
      );

      const banner = formatFirstStart(first, 'http://gateway.test', 'live', ['ETHEREUM']);
      assert.ok(!/demo|API key|owner/i.test(banner.replace('No demo tenant', '')), banner);
      assert.ok(banner.includes(first.adminToken!) && banner.includes(first.users![0]!.password));

      // The operator signs in (and, live, is sent to enrol TOTP before /admin opens).
      const op = browser(t, await login(t, 'operator@example.com', first.users![0]!.password), 'operator@example.com');
      assert.deepEqual([op.me.user.role, op.me.tenant], ['operator', null]);
      assert.equal((await op.call('GET', '/admin/solvency', { csrf: false })).body.code, 'exceptions.auth.secondFactorEnrollmentRequired');
      // The token works, and a restart (no tenant yet) prints nothing and creates nothing again.
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/admin/tenants', headers: { authorization: `Bearer ${first.adminToken}` } })).statusCode,
        200,
      );
      assert.equal(await bootstrapFirstStart(t.ctx), null, 'later starts print nothing');
      assert.equal((await t.ctx.db.selectFrom('users').select('id').execute()).length, 1);
    } finally {
      await t.close();
      await database.close();
    }
  });
});
