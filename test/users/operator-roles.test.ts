/**
 * Operators' roles, as a matrix over every operator route: every role reads; only an operator
 * admin writes, except the withdrawal queue, redeliveries and tenants' operational settings
 * (operations) and inviting tenants' users (support); an auditor changes nothing. The policy is
 * written out here, so a route that opens up (or a new one) fails until this table says so.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { member, uniqueEmail, type Browser } from './helpers.ts';

const OPERATIONS_WRITES = [
  'POST /admin/withdrawals/:id/cancel',
  'POST /admin/withdrawals/:id/approve',
  'POST /admin/withdrawals/:id/reject',
  'POST /admin/webhook-deliveries/:id/redeliver',
  'PATCH /admin/tenants/:id',
  'POST /admin/tenants/:id/suspend',
  'POST /admin/tenants/:id/resume',
  'POST /admin/customers/block',
  'POST /admin/customers/unblock',
  'POST /admin/hot-wallets/:network/move-to-cold',
  'POST /admin/held-payments/:id/release',
  'POST /admin/held-payments/:id/refund',
];
const SUPPORT_WRITES = ['POST /admin/users', 'POST /admin/tenants/:tenantId/users/:id/password-reset'];
const WRITES: Record<string, readonly string[]> = {
  operatorOperations: OPERATIONS_WRITES,
  operatorSupport: SUPPORT_WRITES,
  operatorAuditor: [],
};

describeEngines("operators' roles on every operator route", (engine) => {
  const app = useTestApp(engine);

  it('every role reads every operator route; each writes only what its role covers', async () => {
    const t = app();
    const routes = t.app.declaredRoutes.filter((r) => r.admin && r.method !== 'HEAD');
    assert.ok(routes.length > 30, `the operator routes (${routes.length})`);
    for (const role of Object.keys(WRITES)) {
      const op: Browser = await member(t, undefined, role);
      assert.equal(op.me.user.role, role);
      const wrong: string[] = [];
      for (const r of routes) {
        const id = `${r.method} ${r.url}`;
        const url = r.url.replace(/:[a-zA-Z]+/g, randomUUID());
        const res = await op.call(r.method, url, r.method === 'GET' ? {} : { body: {} });
        const refused = res.status === 403 && res.body.code === 'exceptions.auth.operatorRoleForbidden';
        const allowed = r.method === 'GET' || WRITES[role]!.includes(id);
        if (refused === allowed) wrong.push(`${id}: ${res.status} ${res.body?.code ?? ''}`);
      }
      assert.deepEqual(wrong, [], `${role}: routes answered against the policy`);
    }
  });

  it('support invites tenants’ users, never an operator; an auditor cancels nothing', async () => {
    const t = app();
    const a = await t.tenant();
    const support = await member(t, undefined, 'operatorSupport');
    const operators = () =>
      t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('tenant_id', 'is', null)
        .execute()
        .then((r) => r.length);
    const before = await operators();
    const user = await support.call('POST', '/admin/users', {
      body: { tenantId: a.tenantId, email: uniqueEmail('clerk'), role: 'viewer' },
    });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    for (const role of ['operator', 'operatorOperations', 'operatorAuditor']) {
      const res = await support.call('POST', '/admin/users', { body: { email: uniqueEmail('op'), role } });
      assert.deepEqual([res.status, res.body.code], [403, 'exceptions.auth.operatorRoleForbidden'], role);
    }
    assert.equal(await operators(), before, 'no operator was invited by support');
    // An operator admin (the token) invites any of them.
    assert.equal((await t.admin('POST', '/admin/users', { email: uniqueEmail('ops'), role: 'operatorOperations' })).status, 201);
    const auditor = await member(t, undefined, 'operatorAuditor');
    const suspend = await auditor.call('POST', `/admin/tenants/${a.tenantId}/suspend`, { body: {} });
    assert.deepEqual([suspend.status, suspend.body.code], [403, 'exceptions.auth.operatorRoleForbidden']);
    const tenant = await t.ctx.db.selectFrom('tenants').select('suspended_at').where('id', '=', a.tenantId).executeTakeFirstOrThrow();
    assert.equal(tenant.suspended_at, null, 'nothing changed');
    const ops = await member(t, undefined, 'operatorOperations');
    assert.equal((await ops.call('POST', `/admin/tenants/${a.tenantId}/suspend`, { body: {} })).status, 200);
  });
});
