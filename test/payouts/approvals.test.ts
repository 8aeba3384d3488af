/**
 * Four eyes on withdrawals: the tenant's policy (approvalAboveUsd, approvalForApiKeys) and the
 * installation's threshold send a commit to `awaitingApproval` with its funds held; a second person
 * (never its committer, never a key) approves it into `created`, to be paid; a rejection or the
 * approval time running out cancels it and gives the funds back.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import { chainAdapters } from '../../src/chains/registry.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { expireApprovals } from '../../src/modules/withdrawals/approvals.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';
import { member } from '../users/helpers.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const usdt = async (t: TestApp, accountId: string) =>
  (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === 'USDT_TRC20')?.units ?? 0n;

async function commitBy(call: (method: string, url: string, body: unknown) => Promise<{ status: number; body: any }>, amount: number) {
  const q = await call('POST', '/v1/withdrawal/quote', {
    cryptoCurrencyCode: 'USDT_TRC20',
    address: TRON_TO,
    amount,
    orderId: randomUUID(),
  });
  assert.equal(q.status, 200, JSON.stringify(q.body));
  const c = await call('POST', '/v1/withdrawal/commit', { quoteId: q.body.data.quoteId });
  assert.equal(c.status, 201, JSON.stringify(c.body));
  return c.body.data;
}

describeEngines('withdrawal approvals (four eyes)', (engine) => {
  const app = useTestApp(engine, { env: { WITHDRAWAL_OPERATOR_APPROVAL_ABOVE_USD: '60' } });
  const round = (t: TestApp) => executeRound(t.ctx, chainAdapters(t.ctx.config, t.ctx.db));

  it('above approvalAboveUsd a commit awaits a second person, funds held; the committer cannot approve, another person can, and it is paid', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const owner = await member(t, a.tenantId, 'owner');
    assert.equal((await owner.call('PATCH', '/v1/payout-policy', { body: { approvalAboveUsd: 20 } })).status, 200);
    const before = await usdt(t, a.accountId);
    const small = await commitBy((m, u, b) => owner.call(m, u, { body: { ...(b as object), accountId: a.accountId } }), 5);
    assert.equal(small.status, 'created', 'under the threshold: as before');
    const w = await commitBy((m, u, b) => owner.call(m, u, { body: { ...(b as object), accountId: a.accountId } }), 25);
    assert.deepEqual(
      [w.status, w.approvalsRequired, w.approvals, w.approvalLevels, w.committedBy, w.committedByUserId],
      ['awaitingApproval', 1, [], ['tenant'], owner.email, owner.userId],
    );
    assert.equal(before - (await usdt(t, a.accountId)), 32_000_000n, 'both debited: 5 + 1 and 25 + 1 USDT, the second held');
    await round(t);
    assert.equal(
      (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key: a.key })).body.data.status,
      'awaitingApproval',
      'not signed while it awaits approval',
    );

    const self = await owner.call('POST', '/v1/withdrawal/approve', { body: { id: w.id } });
    assert.deepEqual([self.status, self.body.code], [403, 'exceptions.withdrawal.selfApproval']);
    const byKey = await t.call('POST', '/v1/withdrawal/approve', { key: a.key, body: { id: w.id } });
    assert.deepEqual([byKey.status, byKey.body.code], [403, 'exceptions.auth.accountNotAllowed'], 'never a key');
    const finance = await member(t, a.tenantId, 'finance');
    const listed = await finance.call('GET', `/v1/withdrawal/list?status=awaitingApproval&accountId=${a.accountId}`);
    assert.deepEqual(
      listed.body.data.map((x: any) => [x.id, x.approvals, x.committedBy]),
      [[w.id, [], owner.email]],
      'listed with the approvals it got',
    );
    const ok = await finance.call('POST', '/v1/withdrawal/approve', { body: { id: w.id } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(
      [ok.body.data.status, ok.body.data.approvals.map((x: any) => [x.level, x.by])],
      ['created', [['tenant', finance.email]]],
    );
    assert.equal(
      (await finance.call('POST', '/v1/withdrawal/approve', { body: { id: w.id } })).body.code,
      'exceptions.withdrawal.notAwaitingApproval',
    );
    await round(t);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key: a.key })).body.data.status, 'processing', 'paid once approved');
    const moves = await t.ctx.db
      .selectFrom('outbox_events')
      .select(sql<string>`payload->>'status'`.as('s'))
      .where('aggregate_id', '=', w.id)
      .where('event_type', '=', 'withdrawal.statusChanged')
      .orderBy('id')
      .execute();
    assert.deepEqual(moves.map((m) => m.s).slice(0, 2), ['created', 'processing'], 'the approval is announced like any status');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('a rejection or the approval time running out cancels it and gives the funds back; another tenant cannot touch it', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const owner = await member(t, a.tenantId, 'owner');
    await owner.call('PATCH', '/v1/payout-policy', { body: { approvalForApiKeys: true } });
    const before = await usdt(t, a.accountId);
    const byKey = (m: string, u: string, b: unknown) => t.call(m, u, { key: a.key, body: b });
    const rejected = await commitBy(byKey, 10);
    assert.equal(rejected.status, 'awaitingApproval', 'a key commits only into approval');
    const other = await fundedAccount(t, { amount: 99 });
    const stranger = await member(t, other.tenantId, 'owner');
    assert.equal((await stranger.call('POST', '/v1/withdrawal/reject', { body: { id: rejected.id } })).status, 404);
    const no = await owner.call('POST', '/v1/withdrawal/reject', { body: { id: rejected.id, reason: 'not ours' } });
    assert.deepEqual([no.status, no.body.data.status], [200, 'cancelled']);
    assert.equal(await usdt(t, a.accountId), before, 'the rejected funds are back');

    const expiring = await commitBy(byKey, 7);
    await t.ctx.db
      .updateTable('withdrawals')
      .set({ approval_expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', expiring.id)
      .execute();
    assert.equal(await expireApprovals(t.ctx), 1);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${expiring.id}`, { key: a.key })).body.data.status, 'cancelled');
    assert.equal(await usdt(t, a.accountId), before, 'the expired funds are back');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it("above the installation's threshold an operator approves too, not the same person twice", async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const w = await commitBy((m, u, b) => t.call(m, u, { key: a.key, body: b }), 65);
    assert.deepEqual([w.status, w.approvalsRequired], ['awaitingApproval', 1], 'no tenant policy: the operator alone');
    const owner = await member(t, a.tenantId, 'owner');
    assert.equal(
      (await owner.call('POST', '/v1/withdrawal/approve', { body: { id: w.id } })).body.code,
      'exceptions.withdrawal.notAwaitingApproval',
      'no tenant approval is asked',
    );
    const auditor = await member(t, undefined, 'operatorAuditor');
    assert.equal(
      (await auditor.call('POST', `/admin/withdrawals/${w.id}/approve`, { body: {} })).body.code,
      'exceptions.auth.operatorRoleForbidden',
    );
    const ops = await member(t, undefined, 'operatorOperations');
    // The operator's queue of withdrawals awaiting approval says whose approval each needs.
    const queue = await ops.call('GET', `/admin/withdrawals?status=awaitingApproval&tenantId=${a.tenantId}`);
    assert.deepEqual(
      [queue.status, queue.body.total, queue.body.data[0].approval],
      [200, 1, { levels: ['operator'], approvals: [], committedBy: w.committedBy, expiresAt: w.approvalExpiresAt }],
    );
    assert.match(w.committedBy, /^api key /);
    assert.equal((await ops.call('GET', `/admin/withdrawals?tenantId=${a.tenantId}`)).body.total, 0, 'the paying queues leave it out');
    const ok = await ops.call('POST', `/admin/withdrawals/${w.id}/approve`, { body: {} });
    assert.deepEqual([ok.status, ok.body.data.status], [200, 'created'], JSON.stringify(ok.body));
    assert.equal((await ops.call('GET', `/admin/withdrawals?status=awaitingApproval&tenantId=${a.tenantId}`)).body.total, 0);
  });
});
