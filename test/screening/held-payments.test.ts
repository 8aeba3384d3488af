/**
 * Incoming screening in the sandbox: a payment from a denylisted sender is held (recorded, nothing
 * credited, owed in suspense) in the operator's review queue, then released (credited exactly once,
 * however many releases race) or refunded (a payout out of the hold; a cancelled one holds it
 * again). A clean sender's payment credits as before; a provider that does not answer holds with
 * SCREENING_FAIL closed and credits with it open. The ledger audit holds after each.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { chainAdapters } from '../../src/chains/registry.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { describeEngines, startTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers, sandboxTransfer } from '../helpers/scenario.ts';
import { member } from '../users/helpers.ts';

const FLAGGED = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const CLEAN = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const REFUND_TO = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';
const clean = { mismatches: [], unbalancedCurrencies: [] };

/** `amount` USDT_TRC20 from `from` to `to`, mined deep enough to be final, and watched. */
const pay = (t: TestApp, to: string, amount: number, from?: string) =>
  sandboxTransfer(t, 'USDT_TRC20', to, amount, { from, blocks: 3, network: 'TRON' });
const suspense = async (t: TestApp) =>
  BigInt(
    (
      await t.ctx.db
        .selectFrom('ledger_balances_now')
        .select('balance')
        .where('ledger_account', '=', 'suspense:screened')
        .where('currency_code', '=', 'USDT_TRC20')
        .executeTakeFirst()
    )?.balance ?? '0',
  );
const usdt = async (t: TestApp, accountId: string) =>
  (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === 'USDT_TRC20')?.units ?? 0n;

async function shop(t: TestApp) {
  const tenant = await t.tenant(['*']);
  await t.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { depositCommission: 0 });
  return tenant;
}
async function deposit(t: TestApp, key: string) {
  const res = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `d-${Math.random()}` } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data as { id: string; address: string };
}
async function prepare(t: TestApp) {
  await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'TRX', 'USD']);
  await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
  await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
}

describeEngines('incoming screening: held payments', (engine) => {
  let dir: string;
  let t: TestApp;
  let closed: TestApp;
  let open: TestApp;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cg-held-'));
    const denylist = join(dir, 'denylist.txt');
    writeFileSync(denylist, `Tron:${FLAGGED}\n`);
    // Nothing listens on port 9 here: the provider never answers.
    const down = { SCREENING_URL: 'http://127.0.0.1:9/screen', SCREENING_TIMEOUT_MS: '2000' };
    t = await startTestApp(engine, { env: { SCREENING_DENYLIST_FILE: denylist } });
    await prepare(t);
    // The same database (and sandbox chain) seen by installations screening otherwise.
    closed = await startTestApp(engine, { env: { ...down, SCREENING_FAIL: 'closed' }, database: t.ctx.database });
    open = await startTestApp(engine, { env: { ...down, SCREENING_FAIL: 'open' }, database: t.ctx.database });
  });
  after(async () => {
    for (const app of [open, closed, t]) await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds a denylisted sender's deposit (nothing credited, an event, an audit entry); a clean sender's credits as before", async () => {
    const { key, accountId, tenantId } = await shop(t);
    const held = await deposit(t, key);
    const before = await suspense(t);
    const txHash = await pay(t, held.address, 50, FLAGGED);

    const record = (await t.call('GET', `/v1/deposit?id=${held.id}`, { key })).body.data;
    assert.equal(record.status, 'created', 'the deposit saw nothing');
    assert.equal(record.settlement, undefined);
    assert.equal(await usdt(t, accountId), 0n);
    assert.equal((await suspense(t)) - before, 50_000_000n, 'owed in suspense, to nobody yet');
    const [p] = (await t.call('GET', `/v1/deposit/payments?id=${held.id}`, { key })).body.data;
    assert.deepEqual([p.txHash, p.onHold, p.settlement], [txHash, true, null]);
    const queue = await t.admin('GET', `/admin/held-payments?tenantId=${tenantId}`);
    assert.equal(queue.status, 200, JSON.stringify(queue.body));
    assert.deepEqual(
      queue.body.data.map((h: any) => [h.status, h.ownerType, h.ownerId, h.amount, h.flaggedSender, h.source, h.senders, h.paymentStatus]),
      [['held', 'deposit', held.id, 50, FLAGGED, 'denylist', [FLAGGED], 'confirmed']],
    );
    const event = await t.ctx.db
      .selectFrom('outbox_events')
      .select(['event_type', 'payload'])
      .where('aggregate_id', '=', held.id)
      .executeTakeFirstOrThrow();
    assert.equal(event.event_type, 'heldPayment.statusChanged');
    assert.deepEqual(
      [(event.payload as any).status, (event.payload as any).previousStatus, (event.payload as any).payment.txHash],
      ['held', null, txHash],
    );
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('target_id', '=', queue.body.data[0].id)
      .executeTakeFirstOrThrow();
    assert.deepEqual([entry.action, entry.actor], ['payment.held', 'screening']);

    const fine = await deposit(t, key);
    await pay(t, fine.address, 20, CLEAN);
    assert.equal((await t.call('GET', `/v1/deposit?id=${fine.id}`, { key })).body.data.status, 'completed');
    assert.equal(await usdt(t, accountId), 19_000_000n, '20 less the 1 USDT fee');
    const senders = await t.ctx.db
      .selectFrom('payments')
      .select(['senders', 'on_hold'])
      .where('owner_id', '=', fine.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(senders, { senders: [CLEAN], on_hold: false });
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it('release credits the invoice exactly once however many releases race; support reads, an auditor cannot release', async () => {
    const { key, accountId, tenantId } = await shop(t);
    const inv = (
      await t.call('POST', '/v1/invoice', { key, body: { amount: 30, fiatCurrencyCode: 'USD', orderId: `inv-${Math.random()}` } })
    ).body.data;
    const picked = (await t.call('POST', `/pay/${inv.id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } })).body.data.selected;
    await pay(t, picked.address, picked.amountRemaining, FLAGGED);
    assert.equal((await t.call('GET', `/v1/invoice?id=${inv.id}`, { key })).body.data.status, 'created', 'the invoice saw nothing');
    const [h] = (await t.admin('GET', `/admin/held-payments?tenantId=${tenantId}&status=held`)).body.data;

    const auditor = await member(t, undefined, 'operatorAuditor');
    assert.equal((await auditor.call('GET', `/admin/held-payments?tenantId=${tenantId}`)).status, 200);
    const refused = await auditor.call('POST', `/admin/held-payments/${h.id}/release`, { body: {} });
    assert.deepEqual([refused.status, refused.body.code], [403, 'exceptions.auth.operatorRoleForbidden']);

    const answers = await Promise.all([1, 2, 3].map(() => t.admin('POST', `/admin/held-payments/${h.id}/release`, {})));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409], JSON.stringify(answers.map((a) => a.body)));
    const won = answers.find((a) => a.status === 200)!.body.data;
    assert.deepEqual([won.status, won.decidedBy], ['released', 'operator token']);
    assert.equal(answers.find((a) => a.status === 409)!.body.code, 'exceptions.heldPayment.wrongStatus');
    const invoice = (await t.call('GET', `/v1/invoice?id=${inv.id}`, { key })).body.data;
    assert.equal(invoice.status, 'paid');
    const credited = await usdt(t, accountId);
    assert.ok(credited > 0n && credited <= 30_000_000n, String(credited));
    const entries = await t.ctx.db.selectFrom('journal_entries').select('kind').where('ref_id', '=', h.id).orderBy('created_at').execute();
    assert.deepEqual(entries.map((e) => e.kind).sort(), ['invoice.payment', 'payment.held', 'payment.heldReleased']);
    // Watching again changes nothing: the payment is credited once.
    await runWatchers(t, { network: 'TRON' });
    assert.equal(await usdt(t, accountId), credited);
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it('refunds out of the hold through a payout; a cancelled refund holds it again, and a second refund is paid', async () => {
    const { key, accountId, tenantId } = await shop(t);
    const d = await deposit(t, key);
    const before = await suspense(t);
    // Seen in the mempool first: held, not final, nothing to refund yet.
    await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: d.address, amount: 40, from: FLAGGED });
    await runWatchers(t, { network: 'TRON' });
    const [h] = (await t.admin('GET', `/admin/held-payments?tenantId=${tenantId}&status=held`)).body.data;
    assert.equal(h.paymentStatus, 'seen');
    const early = await t.admin('POST', `/admin/held-payments/${h.id}/refund`, { address: REFUND_TO });
    assert.deepEqual(
      [early.status, early.body.code, early.body.extension?.paymentStatus],
      [409, 'exceptions.heldPayment.notFinal', 'seen'],
    );
    assert.equal(await suspense(t), before);
    await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 3 });
    await runWatchers(t, { network: 'TRON' });
    assert.equal((await suspense(t)) - before, 40_000_000n, 'booked into the hold once final');
    const bad = await t.admin('POST', `/admin/held-payments/${h.id}/refund`, { address: '0xnot-tron' });
    assert.deepEqual([bad.status, bad.body.code], [400, 'exceptions.withdrawal.invalidAddress']);

    const first = await t.admin('POST', `/admin/held-payments/${h.id}/refund`, { address: REFUND_TO });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(
      [first.body.data.status, first.body.data.refundAddress, first.body.data.refundStatus],
      ['refunded', REFUND_TO, 'created'],
    );
    const w = await t.ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', first.body.data.refundWithdrawalId)
      .executeTakeFirstOrThrow();
    assert.deepEqual([w.amount, w.fee, w.source, w.account_id], ['39000000', '1000000', 'screeningRefund', accountId]);
    assert.equal(await suspense(t), before, 'the hold paid the refund and its fee');
    assert.equal(await usdt(t, accountId), 0n, 'the merchant neither paid nor got anything');
    assert.equal((await t.admin('POST', `/admin/held-payments/${h.id}/release`, {})).status, 409);

    assert.equal((await t.admin('POST', `/admin/withdrawals/${w.id}/cancel`, {})).status, 200);
    const again = (await t.admin('GET', `/admin/held-payments?tenantId=${tenantId}`)).body.data[0];
    assert.deepEqual([again.status, again.refundStatus], ['held', 'cancelled']);
    assert.equal((await suspense(t)) - before, 40_000_000n, 'back in the hold');

    const second = await t.admin('POST', `/admin/held-payments/${h.id}/refund`, { address: REFUND_TO });
    assert.equal(second.status, 200, JSON.stringify(second.body));
    await executeRound(t.ctx, chainAdapters(t.ctx.config, t.ctx.db));
    const paid = await t.ctx.db
      .selectFrom('withdrawals')
      .select(['status', 'tx_hash'])
      .where('id', '=', second.body.data.refundWithdrawalId)
      .executeTakeFirstOrThrow();
    assert.equal(paid.status, 'processing');
    assert.ok(paid.tx_hash);
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'created');
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it('a provider that does not answer holds with SCREENING_FAIL closed and credits with it open', async () => {
    for (const [app, heldExpected] of [
      [closed, true],
      [open, false],
    ] as const) {
      const { key, accountId } = await shop(app);
      const d = await deposit(app, key);
      await pay(app, d.address, 10, CLEAN);
      const row = await app.ctx.db.selectFrom('payments').select('on_hold').where('owner_id', '=', d.id).executeTakeFirstOrThrow();
      assert.equal(row.on_hold, heldExpected);
      assert.equal(await usdt(app, accountId), heldExpected ? 0n : 9_000_000n);
      if (heldExpected) {
        const [h] = (await app.admin('GET', '/admin/held-payments')).body.data;
        assert.deepEqual([h.ownerId, h.source], [d.id, 'failClosed']);
      }
      assert.deepEqual(await auditLedger(app.ctx.db), clean);
    }
  });
});
