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
      assert.deepEqual([owner!.email, owner!.role, operator!.email, operator!.role], ['owner@example.com', 'owner', 'operator@example.com', 'operator']);
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
