// A payment counts only in the asset that actually arrived (point 1). Each case here was
// a finding of a hostile probe: another asset sent to an address was credited as the address's
// currency, in raw units (0.001 ETH to a USDT address became 990,000,000 USDT).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { actOnUnlisted, moveSandboxUnlisted } from '../../src/modules/payments/unlisted-ops.ts';
import { randomUUID } from 'node:crypto';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers, sandboxTransfer } from '../helpers/scenario.ts';

const clean = { mismatches: [], unbalancedCurrencies: [] };

describeEngines('payments in another asset', (engine) => {
  const app = useTestApp(engine);
  let seq = 0;

  /** Sends `amount` of `code` to `to` on the sandbox and makes it final. */
  const send = (t: TestApp, code: string, to: string, amount: string) => sandboxTransfer(t, code, to, amount, { blocks: 20 });
  async function tenant(t: TestApp) {
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB', 'LINK', 'USD', 'EUR']);
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const owner = await t.tenant(['*']);
    await t.admin('PATCH', `/admin/tenants/${owner.tenantId}`, { depositCommission: 0.01 });
    return owner;
  }
  const deposit = async (t: TestApp, key: string, code: string) => {
    const res = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: code, orderId: `d-${++seq}` } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data as { id: string; address: string };
  };
  const balances = async (t: TestApp, accountId: string) =>
    Object.fromEntries((await merchantBalances(t.ctx.db, accountId)).map((b) => [b.currency, b.units]));
  const suspense = async (t: TestApp, code: string) =>
    BigInt(
      (
        await t.ctx.db
          .selectFrom('ledger_balances_now')
          .select('balance')
          .where('ledger_account', '=', 'suspense:below-minimum')
          .where('currency_code', '=', code)
          .executeTakeFirst()
      )?.balance ?? '0',
    );
  const events = (t: TestApp, id: string) =>
    t.ctx.db.selectFrom('outbox_events').select(['event_type', 'payload']).where('aggregate_id', '=', id).orderBy('id').execute();

  it('0.001 ETH to a USDT_ERC20 deposit is not 990,000,000 USDT: it is held as ETH below the ETH minimum', async () => {
    const t = app();
    const { key, accountId } = await tenant(t);
    const d = await deposit(t, key, 'USDT_ERC20');
    const held = await suspense(t, 'ETH');
    const txHash = await send(t, 'ETH', d.address, '0.001');

    const record = (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data;
    assert.equal(record.status, 'created', 'another asset does not move the deposit');
    assert.equal(record.settlement, undefined);
    assert.deepEqual(await balances(t, accountId), {}, 'nothing credited: 0.001 ETH is below the ETH minimum (0.001 + its fee)');
    assert.equal(await suspense(t, 'ETH'), held + 10n ** 15n, 'the ETH is held in suspense, in ETH');
    assert.equal(await suspense(t, 'USDT_ERC20'), 0n);

    const [p] = (await t.call('GET', `/v1/deposit/payments?id=${d.id}`, { key })).body.data;
    assert.deepEqual(
      [p.txHash, p.cryptoCurrencyCode, p.amount, p.counted, p.settlement],
      [txHash, 'ETH', 0.001, false, { networkFeeAmount: 0, commissionAmount: 0, netAmount: 0, heldAmount: 0.001 }],
    );
    const types = (await events(t, d.id)).map((e) => e.event_type);
    assert.deepEqual(types, ['deposit.otherAssetReceived']);
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it('0.01 ETH to a USDT_ERC20 deposit credits ETH less the ETH fee and the commission, and the webhook says so', async () => {
    const t = app();
    const { key, accountId } = await tenant(t);
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'ETH', amount: '0.0003' });
    const d = await deposit(t, key, 'USDT_ERC20');
    await send(t, 'ETH', d.address, '0.01');
    // 0.01 - 0.0003 fee = 0.0097; commission 1 % = 0.000097; net 0.009603 ETH.
    assert.deepEqual(await balances(t, accountId), { ETH: 9_603_000_000_000_000n });
    const [e] = await events(t, d.id);
    const payload = e!.payload as Record<string, any>;
    assert.equal(e!.event_type, 'deposit.otherAssetReceived');
    assert.deepEqual([payload.id, payload.status, payload.cryptoCurrencyCode], [d.id, 'created', 'USDT_ERC20']);
    assert.deepEqual([payload.payment.cryptoCurrencyCode, payload.payment.amount, payload.payment.counted], ['ETH', 0.01, false]);
    assert.deepEqual(payload.payment.settlement, {
      networkFeeAmount: 0.0003,
      commissionAmount: 0.000097,
      netAmount: 0.009603,
      heldAmount: 0,
    });

    // The deposit's own currency still counts as before.
    await send(t, 'USDT_ERC20', d.address, '10');
    const record = (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data;
    assert.equal(record.status, 'completed');
    assert.equal(record.settlement.amountPaid, 10);
    const after = await balances(t, accountId);
    assert.equal(after.ETH, 9_603_000_000_000_000n);
    assert.ok(after.USDT_ERC20! > 0n && after.USDT_ERC20! < 10_000_000n);
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it('0.000001 ETH to a $50 invoice paid in USDT_ERC20 does not make it overpaid; 100 TRX to USDT_TRC20 and 1 LINK to ETH credit their own currency', async () => {
    const t = app();
    const { key, accountId } = await tenant(t);
    const inv = (await t.call('POST', '/v1/invoice', { key, body: { amount: 50, fiatCurrencyCode: 'USD', orderId: `inv-${++seq}` } })).body
      .data;
    const picked = await t.call('POST', `/pay/${inv.id}/select`, { body: { cryptoCurrencyCode: 'USDT_ERC20' } });
    assert.equal(picked.status, 200);
    const address = picked.body.data.selected.address as string;
    await send(t, 'ETH', address, '0.000001');
    let record = (await t.call('GET', `/v1/invoice?id=${inv.id}`, { key })).body.data;
    assert.deepEqual([record.status, record.cryptoAmountReceived], ['created', 0]);
    assert.deepEqual(
      (await events(t, inv.id)).map((e) => e.event_type),
      ['invoice.otherAssetReceived'],
    );
    // The customer can still pick another currency: nothing in the invoice's own currency arrived.
    assert.equal((await t.call('POST', `/pay/${inv.id}/select`, { body: { cryptoCurrencyCode: 'USDC_ERC20' } })).status, 200);
    record = (await t.call('GET', `/v1/invoice?id=${inv.id}`, { key })).body.data;
    assert.equal(record.cryptoCurrencyCode, 'USDC_ERC20');

    const trxDeposit = await deposit(t, key, 'USDT_TRC20');
    await send(t, 'TRX', trxDeposit.address, '100');
    const ethDeposit = await deposit(t, key, 'ETH');
    await send(t, 'LINK_ERC20', ethDeposit.address, '1');
    const b = await balances(t, accountId);
    assert.equal(b.USDT_ERC20, undefined);
    assert.equal(b.USDT_TRC20, undefined, '100 TRX is not 98.01 USDT');
    assert.equal(b.ETH, undefined, '1 LINK is not 0.99 ETH');
    // 100 TRX - fee 1 = 99, commission 0.99: 98.01 TRX. 1 LINK - fee = 0.99 LINK less 1 %.
    assert.equal(b.TRX, 98_010_000n);
    assert.ok(b.LINK_ERC20! > 0n && b.LINK_ERC20! < 10n ** 18n);
    for (const id of [trxDeposit.id, ethDeposit.id]) {
      assert.equal((await t.call('GET', `/v1/deposit?id=${id}`, { key })).body.data.status, 'created');
    }
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it('100 USDT_ERC20 sent to an ETH deposit is credited as USDT and can be refunded in USDT, within what arrived', async () => {
    const t = app();
    const { key, accountId } = await tenant(t);
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_ERC20', amount: 1 });
    const d = await deposit(t, key, 'ETH');
    await send(t, 'USDT_ERC20', d.address, '100');
    // 100 - 1 fee = 99, less 1 %: 98.01 USDT.
    assert.deepEqual(await balances(t, accountId), { USDT_ERC20: 98_010_000n });

    const to = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
    const quote = (body: Record<string, unknown>) =>
      t.call('POST', '/v1/withdrawal/quote', { key, body: { address: to, orderId: `r-${++seq}`, depositId: d.id, ...body } });
    const wrong = await quote({ cryptoCurrencyCode: 'USDC_ERC20', amount: 50 });
    assert.deepEqual([wrong.status, wrong.body.code], [400, 'exceptions.withdrawal.refundCurrencyMismatch']);
    const tooMuch = await quote({ cryptoCurrencyCode: 'USDT_ERC20', amount: 101 });
    assert.deepEqual(
      [tooMuch.status, tooMuch.body.code, tooMuch.body.extension],
      [400, 'exceptions.withdrawal.refundExceedsReceived', { refundable: 100 }],
    );
    const q = await quote({ cryptoCurrencyCode: 'USDT_ERC20', amount: 50 });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } });
    assert.equal(w.status, 201, JSON.stringify(w.body));
    const record = (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data;
    assert.equal(record.amountRefunded, 0, 'nothing refunded in the deposit’s own currency');
    assert.deepEqual(
      record.refunds.map((r: Record<string, unknown>) => [r.cryptoCurrencyCode, r.amount]),
      [['USDT_ERC20', 50]],
    );
    const left = await quote({ cryptoCurrencyCode: 'USDT_ERC20', amount: 51 });
    assert.deepEqual([left.status, left.body.extension], [400, { refundable: 50 }]);
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it('a token outside the catalogue is recorded for the operator and never credited', async () => {
    const t = app();
    const { key, accountId, tenantId } = await tenant(t);
    const d = await deposit(t, key, 'USDT_ERC20');
    const contract = '0x1111111111111111111111111111111111111111';
    const sent = await t.admin('POST', '/admin/sandbox/transfers', {
      contract,
      network: 'Ethereum',
      to: d.address,
      amount: '5000000000000000000000',
    });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    await t.admin('POST', '/admin/sandbox/mine', { network: 'Ethereum', blocks: 5 });
    await runWatchers(t);
    await runWatchers(t);
    assert.deepEqual(await balances(t, accountId), {});
    assert.deepEqual((await t.call('GET', `/v1/deposit/payments?id=${d.id}`, { key })).body.data, []);
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'created');
    const listed = await t.admin('GET', '/admin/unlisted-tokens');
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const [row] = listed.body.data;
    assert.deepEqual(
      [row.network, row.address, row.contract, row.amount, row.transactionHash, row.status, row.tenantId, row.ownerType, row.ownerId],
      ['Ethereum', d.address, contract, '5000000000000000000000', sent.body.data.txHash, 'held', tenantId, 'deposit', d.id],
    );
    assert.match(row.derivationPath, /^m\/44'\/60'\/0'\/0\/\d+$/);

    // The operator dismisses it (spam), holds it again, and has it moved; each step is audited.
    const act = (action: string, body: Record<string, unknown> = {}) => t.admin('POST', `/admin/unlisted-tokens/${row.id}/${action}`, body);
    assert.equal((await act('dismiss', { reason: 'airdrop spam' })).body.data.status, 'dismissed');
    const wrong = await act('move');
    assert.deepEqual([wrong.status, wrong.body.code], [409, 'exceptions.unlistedToken.wrongStatus']);
    assert.equal((await act('hold')).body.data.status, 'held');
    const bad = await act('move', { to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    assert.deepEqual([bad.status, bad.body.code], [400, 'exceptions.unlistedToken.invalidDestination']);
    assert.equal((await act('move')).body.data.status, 'moving');
    assert.equal(await moveSandboxUnlisted(t.ctx.db, 'ETHEREUM'), 1);
    const moved = (await t.admin('GET', `/admin/unlisted-tokens?status=moved&tenantId=${tenantId}`)).body.data;
    assert.deepEqual(
      moved.map((m: Record<string, unknown>) => [m.id, m.status]),
      [[row.id, 'moved']],
    );
    assert.match(moved[0].moveTransactionHash, /^0x[0-9a-f]{64}$/);
    assert.deepEqual((await act('hold')).status, 409, 'a moved token is final');
    const actions = await t.ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', row.id).orderBy('created_at').execute();
    assert.deepEqual(
      actions.map((a) => a.action),
      ['unlistedToken.dismiss', 'unlistedToken.hold', 'unlistedToken.move'],
    );
    assert.equal((await t.admin('POST', `/admin/unlisted-tokens/${randomUUID()}/hold`, {})).status, 404);
    assert.deepEqual(await balances(t, accountId), {});
    assert.deepEqual(await auditLedger(t.ctx.db), clean);
  });

  it("a token on a network no worker here signs for is moved by hand and recorded so (Tron's)", async () => {
    const t = app();
    const { key } = await tenant(t);
    const d = await deposit(t, key, 'TRX');
    await t.admin('POST', '/admin/sandbox/transfers', {
      contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      network: 'Tron',
      to: d.address,
      amount: '42',
    });
    await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 3 });
    await runWatchers(t);
    const [row] = await t.ctx.db.selectFrom('unlisted_token_transfers').selectAll().where('owner_id', '=', d.id).execute();
    const by = { actor: { name: 'operator token' }, ip: '127.0.0.1' };
    await assert.rejects(
      actOnUnlisted(t.ctx.db, row!.id, { kind: 'move' }, by, () => false),
      { code: 'exceptions.unlistedToken.notMovable' },
    );
    const done = await actOnUnlisted(t.ctx.db, row!.id, { kind: 'moved', transactionHash: 'ab'.repeat(32) }, by, () => false);
    assert.deepEqual(
      [done.status, done.moveTransactionHash, done.note, done.network, done.derivationPath.startsWith("m/44'/195'/0'/0/")],
      ['moved', 'ab'.repeat(32), 'moved by hand', 'Tron', true],
    );
  });
});
