/**
 * Payout governance, the tenant's side: the address book with its delay, the policy's allowlist and
 * limits refusing a stolen full-scope key's quotes, tightening at once and loosening after the
 * delay, and who may change either (a signed-in owner or finance user, never a key).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';
import { member, withTwoFactor, type Browser } from '../users/helpers.ts';

const TRON_SHOP = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_THIEF = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

async function events(t: TestApp, tenantId: string, type: string): Promise<any[]> {
  const rows = await t.ctx.db
    .selectFrom('outbox_events')
    .select('payload')
    .where('tenant_id', '=', tenantId)
    .where('event_type', '=', type)
    .orderBy('id')
    .execute();
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}

async function auditCount(t: TestApp, tenantId: string, action: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select(sql<string>`count(*)`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function quote(t: TestApp, key: string, address: string, amount: number | string) {
  return t.call('POST', '/v1/withdrawal/quote', {
    key,
    body: { cryptoCurrencyCode: 'USDT_TRC20', address, amount, orderId: randomUUID() },
  });
}

/** The time an address's delay would take, passed: its activeAt moved to the past. */
async function delayPassed(t: TestApp, id: string): Promise<void> {
  await t.ctx.db.updateTable('payout_addresses').set({ active_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', id).execute();
}

describeEngines('payout governance: address book and policy', (engine) => {
  const app = useTestApp(engine);

  it('with no policy, withdrawals go anywhere as before', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    assert.equal((await quote(t, a.key, TRON_THIEF, 50)).status, 200);
    const policy = await t.call('GET', '/v1/payout-policy', { key: a.key });
    assert.equal(policy.status, 200);
    assert.deepEqual(policy.body.data, {
      allowlistOnly: false,
      newAddressDelayHours: 24,
      maxPerWithdrawalUsd: null,
      maxPerDayUsd: null,
      maxPerDayPerKeyUsd: null,
      approvalAboveUsd: null,
      approvalForApiKeys: false,
      pending: [],
    });
  });

  it('a stolen full-scope key can neither add its own address nor change the policy; an owner can, with a fresh code', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const wide = await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, scopes: ['*'] });
    assert.equal(wide.status, 201, JSON.stringify(wide.body));
    // The tenant-wide key is refused as a key; the account's key already as bound to one account.
    for (const [key, code] of [
      [wide.body.data.key, 'exceptions.auth.sessionOnly'],
      [a.key, 'exceptions.auth.accountNotAllowed'],
    ]) {
      const added = await t.call('POST', '/v1/payout-addresses', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_THIEF } });
      assert.deepEqual([added.status, added.body.code], [403, code]);
      const loosened = await t.call('PATCH', '/v1/payout-policy', { key, body: { allowlistOnly: false } });
      assert.deepEqual([loosened.status, loosened.body.code], [403, code]);
    }
    assert.equal((await t.ctx.db.selectFrom('payout_addresses').selectAll().where('tenant_id', '=', a.tenantId).execute()).length, 0);

    const owner = await member(t, a.tenantId, 'owner');
    const codes = await withTwoFactor(owner);
    const body = { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_SHOP, label: 'Supplier' };
    assert.equal((await owner.call('POST', '/v1/payout-addresses', { body })).body.code, 'exceptions.auth.stepUpRequired');
    const ok = await owner.call('POST', '/v1/payout-addresses', { body, headers: { 'x-totp-code': codes.fresh() } });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    const entry = ok.body.data;
    assert.deepEqual([entry.status, entry.network, entry.label, entry.createdBy], ['pending', 'Tron', 'Supplier', owner.email]);
    const delay = new Date(entry.activeAt).getTime() - new Date(entry.createdAt).getTime();
    assert.ok(Math.abs(delay - 24 * 3600_000) < 5_000, `usable 24 h after it was added (${delay} ms)`);
    assert.equal(await auditCount(t, a.tenantId, 'payoutAddress.added'), 1);
    const told = await events(t, a.tenantId, 'payoutAddress.added');
    assert.deepEqual(
      told.map((e) => e.address),
      [TRON_SHOP],
      'the tenant’s webhook hears of it',
    );
    // The key still reads the book.
    const list = await t.call('GET', '/v1/payout-addresses', { key: a.key });
    assert.deepEqual([list.status, list.body.total, list.body.data[0].id], [200, 1, entry.id]);
  });

  it('allowlist: unknown and pending destinations are refused, an active one pays; refunds are not bound to it', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const owner = await member(t, a.tenantId, 'owner');
    const entry = (await owner.call('POST', '/v1/payout-addresses', { body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_SHOP } }))
      .body.data;
    const on = await owner.call('PATCH', '/v1/payout-policy', { body: { allowlistOnly: true } });
    assert.deepEqual([on.status, on.body.data.allowlistOnly, on.body.data.pending], [200, true, []], 'tightening applies at once');

    const stranger = await quote(t, a.key, TRON_THIEF, 10);
    assert.deepEqual([stranger.status, stranger.body.code], [403, 'exceptions.withdrawal.addressNotAllowed']);
    const waiting = await quote(t, a.key, TRON_SHOP, 10);
    assert.deepEqual(
      [waiting.status, waiting.body.code, waiting.body.extension.activeAt],
      [403, 'exceptions.withdrawal.addressNotAllowed', entry.activeAt],
    );
    await delayPassed(t, entry.id);
    const paid = await quote(t, a.key, TRON_SHOP, 10);
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const commit = await t.call('POST', '/v1/withdrawal/commit', { key: a.key, body: { quoteId: paid.body.data.quoteId } });
    assert.equal(commit.status, 201, JSON.stringify(commit.body));

    // Removed: refused again at once.
    const removed = await owner.call('DELETE', `/v1/payout-addresses/${entry.id}`);
    assert.deepEqual([removed.status, removed.body.data.status], [200, 'removed']);
    assert.equal((await quote(t, a.key, TRON_SHOP, 10)).body.code, 'exceptions.withdrawal.addressNotAllowed');
    assert.equal((await events(t, a.tenantId, 'payoutAddress.removed')).length, 1);
  });

  it('limits: one withdrawal and a rolling 24 hours, with what remains', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const owner = await member(t, a.tenantId, 'owner');
    const set = await owner.call('PATCH', '/v1/payout-policy', { body: { maxPerWithdrawalUsd: 30, maxPerDayUsd: 40.5 } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual([set.body.data.maxPerWithdrawalUsd, set.body.data.maxPerDayUsd], [30, 40.5]);

    // 30 USDT plus the 1 USDT fee is worth 31 USD: over the per-withdrawal limit.
    const big = await quote(t, a.key, TRON_THIEF, 30);
    assert.deepEqual(
      [big.status, big.body.code, big.body.extension.limit, big.body.extension.requestedUsd],
      [403, 'exceptions.withdrawal.limitExceeded', 'maxPerWithdrawalUsd', 31],
    );
    const first = await quote(t, a.key, TRON_THIEF, 25);
    assert.equal((await t.call('POST', '/v1/withdrawal/commit', { key: a.key, body: { quoteId: first.body.data.quoteId } })).status, 201);
    // 26 of 40.50 spent: 14.50 remain, so 14 + 1 fee is refused and 13 + 1 passes.
    const over = await quote(t, a.key, TRON_THIEF, 14);
    assert.deepEqual(
      [over.body.code, over.body.extension.limit, over.body.extension.remainingUsd],
      ['exceptions.withdrawal.limitExceeded', 'maxPerDayUsd', 14.5],
    );
    assert.equal((await quote(t, a.key, TRON_THIEF, 13)).status, 200);
  });

  it('each API key has its own rolling 24 hours: a key past its own total is refused (at the quote and the commit) while another key and people still pay', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const other = (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: a.accountId, scopes: ['*'] })).body.data
      .key as string;
    const owner = await member(t, a.tenantId, 'owner');
    const set = await owner.call('PATCH', '/v1/payout-policy', { body: { maxPerDayPerKeyUsd: 30, maxPerDayUsd: 80 } });
    assert.deepEqual([set.status, set.body.data.maxPerDayPerKeyUsd, set.body.data.maxPerDayUsd], [200, 30, 80], JSON.stringify(set.body));
    const commit = (key: string, quoteId: string) => t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId } });

    // 15 + 1 fee of the first key's 30: 14 remain for it.
    assert.equal((await commit(a.key, (await quote(t, a.key, TRON_THIEF, 15)).body.data.quoteId)).status, 201);
    const over = await quote(t, a.key, TRON_THIEF, 15);
    assert.deepEqual(
      [over.status, over.body.code, over.body.extension.limit, over.body.extension.limitUsd, over.body.extension.remainingUsd],
      [403, 'exceptions.withdrawal.limitExceeded', 'maxPerDayPerKeyUsd', 30, 14],
    );
    // Two quotes that each fit what remains: the second is refused at its commit, the first having spent it.
    const [first, second] = [await quote(t, a.key, TRON_THIEF, 7), await quote(t, a.key, TRON_THIEF, 7)];
    assert.deepEqual([first.status, second.status], [200, 200]);
    assert.equal((await commit(a.key, first.body.data.quoteId)).status, 201);
    const late = await commit(a.key, second.body.data.quoteId);
    assert.deepEqual(
      [late.status, late.body.code, late.body.extension.limit, late.body.extension.remainingUsd],
      [403, 'exceptions.withdrawal.limitExceeded', 'maxPerDayPerKeyUsd', 6],
    );

    // The other key has its own 30, and a person's session no key's limit (the tenant's 80 binds all).
    const theirs = await quote(t, other, TRON_THIEF, 15);
    assert.equal(theirs.status, 200, JSON.stringify(theirs.body));
    assert.equal((await commit(other, theirs.body.data.quoteId)).status, 201);
    const person = await owner.call('POST', '/v1/withdrawal/quote', {
      body: { accountId: a.accountId, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_THIEF, amount: 40, orderId: randomUUID() },
    });
    assert.deepEqual(
      [person.status, person.body.code, person.body.extension?.limit],
      [403, 'exceptions.withdrawal.limitExceeded', 'maxPerDayUsd'],
      '16 + 8 + 16 of 80 spent: 40 remain for anyone',
    );
    assert.equal(
      (
        await owner.call('POST', '/v1/withdrawal/quote', {
          body: { accountId: a.accountId, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_THIEF, amount: 39, orderId: randomUUID() },
        })
      ).status,
      200,
    );
    // Raising a key's limit is a loosening: it waits out the delay.
    const raised = await owner.call('PATCH', '/v1/payout-policy', { body: { maxPerDayPerKeyUsd: 100 } });
    assert.deepEqual([raised.body.data.maxPerDayPerKeyUsd, raised.body.data.pending[0].changes], [30, { maxPerDayPerKeyUsd: 100 }]);
  });

  it('loosening waits out the delay as a pending change the owner can cancel; the operator’s applies at once', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const owner = await member(t, a.tenantId, 'owner');
    await owner.call('PATCH', '/v1/payout-policy', { body: { allowlistOnly: true, maxPerDayUsd: 10 } });
    const loosen = await owner.call('PATCH', '/v1/payout-policy', {
      body: { allowlistOnly: false, maxPerDayUsd: null, newAddressDelayHours: 48 },
    });
    assert.equal(loosen.status, 200, JSON.stringify(loosen.body));
    const policy = loosen.body.data;
    assert.deepEqual(
      [policy.allowlistOnly, policy.maxPerDayUsd, policy.newAddressDelayHours],
      [true, 10, 48],
      'the longer delay applies at once, the loosening waits',
    );
    assert.equal(policy.pending.length, 1);
    assert.deepEqual(policy.pending[0].changes, { allowlistOnly: false, maxPerDayUsd: null });
    const wait = new Date(policy.pending[0].effectiveAt).getTime() - Date.now();
    assert.ok(wait > 23 * 3600_000 && wait <= 24 * 3600_000 + 5_000, 'after the delay in force when it was asked (24 h)');
    assert.equal((await quote(t, a.key, TRON_THIEF, 5)).body.code, 'exceptions.withdrawal.addressNotAllowed', 'still enforced meanwhile');

    const cancelled = await owner.call('DELETE', `/v1/payout-policy/pending/${policy.pending[0].id}`);
    assert.deepEqual([cancelled.status, cancelled.body.data.pending], [200, []]);
    assert.equal((await owner.call('DELETE', `/v1/payout-policy/pending/${policy.pending[0].id}`)).status, 404, 'cancelled once');

    // Asked again, and its time comes: applied on the next read, audited and announced.
    const again = await owner.call('PATCH', '/v1/payout-policy', { body: { allowlistOnly: false } });
    await t.ctx.db
      .updateTable('payout_policy_changes')
      .set({ effective_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', again.body.data.pending[0].id)
      .execute();
    assert.equal((await quote(t, a.key, TRON_THIEF, 5)).status, 200, 'the allowlist is off once the delay passed');
    assert.equal(await auditCount(t, a.tenantId, 'payoutPolicy.changeApplied'), 1);
    const read = await t.call('GET', '/v1/payout-policy', { key: a.key });
    assert.deepEqual([read.body.data.allowlistOnly, read.body.data.pending], [false, []]);

    const op = await t.admin('PATCH', `/admin/tenants/${a.tenantId}/payout-policy`, { maxPerDayUsd: null, newAddressDelayHours: 0 });
    assert.deepEqual([op.status, op.body.data.maxPerDayUsd, op.body.data.newAddressDelayHours, op.body.data.pending], [200, null, 0, []]);
    assert.ok((await events(t, a.tenantId, 'payoutPolicy.changed')).length >= 5, 'every change is announced');
  });

  it('roles: finance keeps the book, only owners change the policy, viewers neither', async () => {
    const t = app();
    const a = await t.tenant();
    const finance = await member(t, a.tenantId, 'finance');
    const viewer = await member(t, a.tenantId, 'viewer');
    const body = { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_SHOP };
    assert.equal((await finance.call('POST', '/v1/payout-addresses', { body })).status, 201);
    assert.equal(
      (await finance.call('PATCH', '/v1/payout-policy', { body: { allowlistOnly: true } })).body.code,
      'exceptions.auth.insufficientScope',
    );
    assert.equal(
      (await viewer.call('POST', '/v1/payout-addresses', { body: { ...body, address: TRON_THIEF } })).body.code,
      'exceptions.auth.insufficientScope',
    );
    assert.equal((await viewer.call('GET', '/v1/payout-addresses')).body.total, 1);
    assert.equal((await finance.call('POST', '/v1/payout-addresses', { body })).body.code, 'exceptions.payoutAddress.alreadyExists');
  });

  it('another tenant’s entries are not found; bad input is refused and changes nothing', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const ownerA: Browser = await member(t, a.tenantId, 'owner');
    const ownerB: Browser = await member(t, b.tenantId, 'owner');
    const entry = (await ownerA.call('POST', '/v1/payout-addresses', { body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_SHOP } }))
      .body.data;
    assert.equal((await ownerB.call('DELETE', `/v1/payout-addresses/${entry.id}`)).status, 404);
    assert.equal((await ownerB.call('GET', '/v1/payout-addresses')).body.total, 0);
    const bad = [
      { cryptoCurrencyCode: 'USDT_TRC20', address: '0x0000000000000000000000000000000000000001' },
      { cryptoCurrencyCode: 'USDT_TRC20', address: 'T000000000000000000000000000000000' },
      { cryptoCurrencyCode: 'NOPE', address: TRON_SHOP },
    ];
    for (const body of bad) assert.equal((await ownerA.call('POST', '/v1/payout-addresses', { body })).status, 400, JSON.stringify(body));
    for (const body of [{ maxPerDayUsd: 1.234 }, { maxPerDayUsd: -1 }, { newAddressDelayHours: 1000 }, {}, { allowlistOnly: 'yes' }]) {
      const res = await ownerA.call('PATCH', '/v1/payout-policy', { body });
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const after = await ownerA.call('GET', '/v1/payout-policy');
    assert.deepEqual([after.body.data.maxPerDayUsd, after.body.data.newAddressDelayHours, after.body.total ?? 1], [null, 24, 1]);
  });
});
