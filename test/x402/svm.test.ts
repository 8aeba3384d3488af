/**
 * x402 `exact` on Solana, against a real Solana runtime on this machine: LiteSVM behind a small
 * JSON-RPC front (test/helpers/litesvm-rpc.ts). The official @x402/svm client signs the buyer's
 * transaction; the gateway's facilitator verifies it with the x402 library, then claims, signs as
 * fee payer, records and sends it, and follows what it cannot see land.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { svmChain } from '../../src/chains/x402/svm.ts';
import { createTenant } from '../../src/modules/tenants/service.ts';
import { SvmFacilitator } from '../../src/modules/x402/svm/facilitator.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';
import { DEVNET_USDC, SOLANA_DEVNET, startSvmDevnet, type SvmDevnet } from '../helpers/litesvm-rpc.ts';

describeEngines('x402 exact on Solana (LiteSVM)', (engine) => {
  const database = useTestDatabase(engine);
  let net: SvmDevnet;
  let feePayer: KeyPairSigner;
  let seller: KeyPairSigner;
  let facilitator: SvmFacilitator;
  let tenantId = '';

  before(async () => {
    net = await startSvmDevnet();
    [feePayer, seller] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    net.airdrop(feePayer.address, 10n ** 9n);
    await net.setTokenBalance(DEVNET_USDC, seller.address, 0n);
    const chain = svmChain({ network: SOLANA_DEVNET, rpcUrl: net.url, feePayer, assets: [{ address: DEVNET_USDC, decimals: 6 }] });
    if (!chain.signer || !chain.feePayer) throw new Error('the chain has a fee payer');
    facilitator = new SvmFacilitator(database().db, { ...chain, signer: chain.signer, feePayer: chain.feePayer }, { receiptTimeoutMs: 5000, feePayerReserveLamports: 0n });
    ({ id: tenantId } = await createTenant(database().db, 'svm seller'));
  });
  after(async () => net?.close());

  const requirements = (amount: string) => ({ scheme: 'exact', network: SOLANA_DEVNET, asset: DEVNET_USDC, amount, payTo: seller.address, maxTimeoutSeconds: 60, extra: { feePayer: feePayer.address } });
  async function paymentBody(buyer: KeyPairSigner, amount: string) {
    const req = requirements(amount);
    const signed = await new ExactSvmScheme(buyer, { rpcUrl: net.url }).createPaymentPayload(2, req as never);
    return { x402Version: 2, paymentPayload: { ...signed, accepted: req, resource: { url: 'https://shop.example/report', description: '', mimeType: 'application/json' } }, paymentRequirements: req };
  }
  async function buyerWith(units: bigint) {
    const buyer = await generateKeyPairSigner();
    await net.setTokenBalance(DEVNET_USDC, buyer.address, units);
    return buyer;
  }

  it('verifies and settles a payment once: the seller gets the amount, the fee payer pays the fee', async () => {
    const buyer = await buyerWith(5_000_000n);
    const body = await paymentBody(buyer, '1250000');
    assert.deepEqual(await facilitator.verify(body), { isValid: true, payer: buyer.address });
    const before = await net.tokenBalance(DEVNET_USDC, seller.address);
    const settled = await facilitator.settle(tenantId, body);
    assert.equal(settled.success, true, JSON.stringify(settled));
    assert.equal(await net.tokenBalance(DEVNET_USDC, seller.address), before + 1_250_000n);
    assert.equal(await net.tokenBalance(DEVNET_USDC, buyer.address), 3_750_000n);
    const row = await database().db.selectFrom('x402_settlements').selectAll().where('transaction', '=', settled.transaction).executeTakeFirstOrThrow();
    assert.deepEqual([row.status, row.payer, row.pay_to, row.asset, row.amount, row.signed_transaction], ['confirmed', buyer.address, seller.address, DEVNET_USDC, '1250000', '']);
    assert.ok(BigInt(row.gas_cost ?? '0') >= 5000n, 'the fee payer’s lamports are booked');
    // The same payload again: the first settlement, nothing sent twice.
    const again = await facilitator.settle(tenantId, body);
    assert.deepEqual([again.success, again.transaction], [true, settled.transaction]);
    assert.equal(net.sent.filter((s) => s === settled.transaction).length, 1);
    assert.equal((await facilitator.verify(body)).invalidReason, 'authorization_already_used');
  });

  it('settles twenty payments sent at once, and concurrent duplicates answer the first result', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyerWith(1_000_000n)));
    const bodies = await Promise.all(buyers.map((b) => paymentBody(b, '10000')));
    const results = await Promise.all([...bodies, ...bodies.slice(0, 5)].map((b) => facilitator.settle(tenantId, b)));
    assert.ok(results.every((r) => r.success), JSON.stringify(results.filter((r) => !r.success)));
    for (let i = 0; i < 5; i++) assert.equal(results[20 + i]?.transaction, results[i]?.transaction);
    assert.equal(new Set(net.sent).size, net.sent.length - 0, 'no transaction sent twice');
    for (const b of buyers) assert.equal(await net.tokenBalance(DEVNET_USDC, b.address), 990_000n);
  });

  it('follows a send whose answer was lost to its end: landed, or failed once its blockhash expired', async () => {
    const landedBuyer = await buyerWith(100_000n);
    net.loseNextSend('landed');
    const pending = await facilitator.settle(tenantId, await paymentBody(landedBuyer, '40000'));
    // The settle itself may already see it land; if not, it answers pending and the worker finishes it.
    if (!pending.success) {
      assert.equal(pending.errorReason, 'settlement_pending');
      assert.ok(pending.transaction, 'the pending answer names its transaction');
      await facilitator.confirmPending();
    }
    const landed = await database().db.selectFrom('x402_settlements').select(['status', 'transaction']).where('payer', '=', landedBuyer.address).executeTakeFirstOrThrow();
    assert.equal(landed.status, 'confirmed');
    assert.equal(await net.tokenBalance(DEVNET_USDC, landedBuyer.address), 60_000n);

    const lostBuyer = await buyerWith(100_000n);
    net.loseNextSend('lost');
    const lost = await facilitator.settle(tenantId, await paymentBody(lostBuyer, '40000'));
    assert.deepEqual([lost.success, lost.errorReason], [false, 'settlement_pending']);
    net.expireBlockhash();
    await facilitator.confirmPending();
    const failed = await database().db.selectFrom('x402_settlements').select(['status', 'transaction', 'signed_transaction']).where('payer', '=', lostBuyer.address).executeTakeFirstOrThrow();
    assert.deepEqual(failed, { status: 'failed', transaction: '', signed_transaction: '' });
    assert.equal(await net.tokenBalance(DEVNET_USDC, lostBuyer.address), 100_000n, 'nothing was taken from the buyer');
  });

  it('refuses another asset, another network, another fee payer, a short amount and an unfunded buyer', async () => {
    const buyer = await buyerWith(1_000_000n);
    const body = await paymentBody(buyer, '5000');
    const other = (patch: Record<string, unknown>) => ({ ...body, paymentRequirements: { ...body.paymentRequirements, ...patch }, paymentPayload: { ...body.paymentPayload, accepted: { ...body.paymentRequirements, ...patch } } });
    assert.equal((await facilitator.verify(other({ asset: 'So11111111111111111111111111111111111111112' }))).invalidReason, 'invalid_payment_requirements');
    assert.equal((await facilitator.verify(other({ network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))).invalidReason, 'invalid_network');
    assert.equal((await facilitator.verify(other({ extra: { feePayer: seller.address } }))).invalidReason, 'invalid_exact_svm_fee_payer_not_managed_by_facilitator');
    // The transaction pays 5000; requirements asking 6000 do not match it.
    const more = other({ amount: '6000' });
    const refused = await facilitator.settle(tenantId, more);
    assert.equal(refused.success, false);
    assert.match(String(refused.errorReason), /^invalid_exact_svm_payload_amount_mismatch$/);
    const poor = await buyerWith(1000n);
    const unfunded = await facilitator.settle(tenantId, await paymentBody(poor, '5000'));
    assert.equal(unfunded.success, false);
    assert.equal(await net.tokenBalance(DEVNET_USDC, poor.address), 1000n);
  });
});
