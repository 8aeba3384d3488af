/**
 * x402 `exact` on Solana, against a real Solana runtime on this machine: LiteSVM behind a small
 * JSON-RPC front (test/helpers/litesvm-rpc.ts). The official @x402/svm client signs the buyer's
 * transaction; the gateway's facilitator verifies it with the x402 library, then claims, signs as
 * fee payer, records and sends it, and follows what it cannot see land.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import express from 'express';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { createKeyPairSignerFromPrivateKeyBytes, generateKeyPairSigner, getAddressEncoder, type KeyPairSigner } from '@solana/kit';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { ExactSvmScheme as ExactSvmServer } from '@x402/svm/exact/server';
import { connectSvmX402 } from '../../src/chains/x402/svm.ts';
import { facilitatorsOf, type X402Facilitators } from '../../src/modules/x402/networks.ts';
import { describeEngines, startTestApp, testConfig, type TestApp } from '../helpers/harness.ts';
import { DEVNET_USDC, SOLANA_DEVNET, startSvmDevnet, type SvmDevnet } from '../helpers/litesvm-rpc.ts';

/** A keypair as Solana's tools write it (64 bytes: the secret seed, then the public key), and its signer. */
async function keypairFile(): Promise<{ file: string; signer: KeyPairSigner }> {
  const seed = randomBytes(32);
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  return { file: JSON.stringify([...seed, ...getAddressEncoder().encode(signer.address)]), signer };
}

describeEngines('x402 exact on Solana (LiteSVM)', (engine) => {
  let net: SvmDevnet;
  let feePayer: KeyPairSigner;
  let seller: KeyPairSigner;
  let t: TestApp;
  let facilitator: X402Facilitators;
  let tenantId = '';
  let key = '';
  let origin = '';

  before(async () => {
    net = await startSvmDevnet();
    const payer = await keypairFile();
    feePayer = payer.signer;
    seller = await generateKeyPairSigner();
    net.airdrop(feePayer.address, 10n ** 9n);
    await net.setTokenBalance(DEVNET_USDC, seller.address, 0n);
    // Configured as an operator would: the network, its node and the fee payer's keypair file.
    const env = {
      SOLANA_X402_NETWORK: 'devnet',
      SOLANA_X402_RPC_URL: net.url,
      SOLANA_X402_FEE_PAYER_KEY: payer.file,
      SOLANA_X402_FEE_PAYER_RESERVE_LAMPORTS: '0',
    };
    const config = testConfig({}, env);
    if (!config.x402Svm) throw new Error('SOLANA_X402_NETWORK configures Solana');
    t = await startTestApp(engine, { env, ctx: { x402Solana: await connectSvmX402(config.x402Svm) } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const made = facilitatorsOf(t.ctx);
    if (!made) throw new Error('Solana gives the app a facilitator');
    facilitator = made;
    ({ tenantId, key } = await t.tenant(['*']));
  });
  after(async () => {
    await t?.close();
    await net?.close();
  });
  const requirements = (amount: string) => ({
    scheme: 'exact',
    network: SOLANA_DEVNET,
    asset: DEVNET_USDC,
    amount,
    payTo: seller.address,
    maxTimeoutSeconds: 60,
    extra: { feePayer: feePayer.address },
  });
  async function paymentBody(buyer: KeyPairSigner, amount: string) {
    const req = requirements(amount);
    const signed = await new ExactSvmScheme(buyer, { rpcUrl: net.url }).createPaymentPayload(2, req as never);
    return {
      x402Version: 2,
      paymentPayload: {
        ...signed,
        accepted: req,
        resource: { url: 'https://shop.example/report', description: '', mimeType: 'application/json' },
      },
      paymentRequirements: req,
    };
  }
  async function buyerWith(units: bigint) {
    const buyer = await generateKeyPairSigner();
    await net.setTokenBalance(DEVNET_USDC, buyer.address, units);
    return buyer;
  }

  it('the official clients pay a shop through the gateway: @x402/express sells, @x402/fetch with the Solana scheme pays', async () => {
    const supported = await t.call('GET', '/v1/x402/supported', { key });
    assert.deepEqual(
      supported.body.kinds.map((k: { scheme: string; network: string }) => [k.scheme, k.network]),
      [['exact', SOLANA_DEVNET]],
    );
    assert.deepEqual(supported.body.signers, { 'solana:*': [feePayer.address] });
    const headers = { 'x-tenant-api-key': key };
    const client = new HTTPFacilitatorClient({
      url: `${origin}/v1/x402`,
      createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }),
    });
    const shop = express();
    shop.use(
      paymentMiddleware(
        {
          'GET /report': {
            accepts: { scheme: 'exact', network: SOLANA_DEVNET, payTo: seller.address, price: { amount: '25000', asset: DEVNET_USDC } },
            description: 'A report',
          },
        },
        new x402ResourceServer(client).register(SOLANA_DEVNET, new ExactSvmServer()),
      ),
    );
    shop.get('/report', (_req: unknown, res: { json(v: unknown): void }) => res.json({ report: 'ready' }));
    const server: Server = await new Promise((r) => {
      const s = shop.listen(0, '127.0.0.1', () => r(s));
    });
    try {
      const buyer = await buyerWith(100_000n);
      const before = await net.tokenBalance(DEVNET_USDC, seller.address);
      const pay = wrapFetchWithPaymentFromConfig(fetch, {
        schemes: [{ network: 'solana:*', client: new ExactSvmScheme(buyer, { rpcUrl: net.url }) }],
      });
      const res = await pay(`http://127.0.0.1:${(server.address() as AddressInfo).port}/report`);
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await res.json(), { report: 'ready' });
      const receipt = decodePaymentResponseHeader(res.headers.get('PAYMENT-RESPONSE') ?? '');
      assert.deepEqual([receipt.success, receipt.network, receipt.payer], [true, SOLANA_DEVNET, buyer.address]);
      assert.equal(await net.tokenBalance(DEVNET_USDC, seller.address), before + 25_000n);
      // The merchant's books: the settlement, on its network, with the Solana addresses as they are written.
      const listed = await t.call('GET', '/v1/x402/settlements', { key });
      assert.deepEqual(
        listed.body.data
          .filter((r: Record<string, string>) => r.transaction === receipt.transaction)
          .map((r: Record<string, string>) => [r.status, r.network, r.payer, r.payTo, r.amount]),
        [['confirmed', SOLANA_DEVNET, buyer.address, seller.address, '25000']],
      );
      // Found by its base58 payer, payTo and transaction as written and by its network; the token is known: 0.025 USDC.
      for (const filter of [
        `payer=${buyer.address}`,
        `payTo=${seller.address}&network=${SOLANA_DEVNET}`,
        `transaction=${receipt.transaction}`,
      ]) {
        const found = (await t.call('GET', `/v1/x402/settlements?${filter}`, { key })).body;
        assert.deepEqual(
          found.data.map((r: Record<string, unknown>) => [r.transaction, r.assetSymbol, r.assetDecimals, r.gasSymbol]),
          [[receipt.transaction, 'USDC', 6, 'SOL']],
          filter,
        );
        assert.equal(found.total, 1, filter);
      }
    } finally {
      await new Promise((r) => server.close(() => r(undefined)));
    }
  });

  it('verifies and settles a payment once: the seller gets the amount, the fee payer pays the fee', async () => {
    const buyer = await buyerWith(5_000_000n);
    const body = await paymentBody(buyer, '1250000');
    assert.deepEqual(await facilitator.verify(body), { isValid: true, payer: buyer.address });
    const before = await net.tokenBalance(DEVNET_USDC, seller.address);
    const settled = await facilitator.settle(tenantId, body);
    assert.equal(settled.success, true, JSON.stringify(settled));
    assert.equal(await net.tokenBalance(DEVNET_USDC, seller.address), before + 1_250_000n);
    assert.equal(await net.tokenBalance(DEVNET_USDC, buyer.address), 3_750_000n);
    const row = await t.ctx.db
      .selectFrom('x402_settlements')
      .selectAll()
      .where('transaction', '=', settled.transaction)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [row.status, row.payer, row.pay_to, row.asset, row.amount, row.signed_transaction],
      ['confirmed', buyer.address, seller.address, DEVNET_USDC, '1250000', ''],
    );
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
    assert.ok(
      results.every((r) => r.success),
      JSON.stringify(results.filter((r) => !r.success)),
    );
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
    const landed = await t.ctx.db
      .selectFrom('x402_settlements')
      .select(['status', 'transaction'])
      .where('payer', '=', landedBuyer.address)
      .executeTakeFirstOrThrow();
    assert.equal(landed.status, 'confirmed');
    assert.equal(await net.tokenBalance(DEVNET_USDC, landedBuyer.address), 60_000n);

    const lostBuyer = await buyerWith(100_000n);
    net.loseNextSend('lost');
    const lost = await facilitator.settle(tenantId, await paymentBody(lostBuyer, '40000'));
    assert.deepEqual([lost.success, lost.errorReason], [false, 'settlement_pending']);
    net.expireBlockhash();
    await facilitator.confirmPending();
    const failed = await t.ctx.db
      .selectFrom('x402_settlements')
      .select(['status', 'transaction', 'signed_transaction'])
      .where('payer', '=', lostBuyer.address)
      .executeTakeFirstOrThrow();
    assert.deepEqual(failed, { status: 'failed', transaction: '', signed_transaction: '' });
    assert.equal(await net.tokenBalance(DEVNET_USDC, lostBuyer.address), 100_000n, 'nothing was taken from the buyer');
  });

  it('a retry under the same payment identifier gets the first settlement; the identifier for another payment is refused', async () => {
    const buyer = await buyerWith(1_000_000n);
    const named = async (amount: string, id: string) => {
      const body = await paymentBody(buyer, amount);
      return { ...body, paymentPayload: { ...body.paymentPayload, extensions: { 'payment-identifier': { info: { id } } } } };
    };
    const id = `order-${randomBytes(8).toString('hex')}`;
    // Four attempts, each a freshly signed transaction of the same payment, settled at once.
    const attempts = await Promise.all([1, 2, 3, 4].map(() => named('30000', id)));
    assert.equal(new Set(attempts.map((a) => a.paymentPayload.payload.transaction)).size, 4, 'four different transactions');
    const results = await Promise.all(attempts.map((a) => facilitator.settle(tenantId, a)));
    assert.ok(
      results.every((r) => r.success && r.transaction === results[0]?.transaction),
      JSON.stringify(results),
    );
    assert.equal(await net.tokenBalance(DEVNET_USDC, buyer.address), 970_000n, 'the buyer paid once');
    const other = await facilitator.settle(tenantId, await named('31000', id));
    assert.deepEqual([other.success, other.errorReason], [false, 'invalid_payload']);
    assert.match(String(other.errorMessage), new RegExp(`payment identifier ${id} was already used`));
    assert.equal(await net.tokenBalance(DEVNET_USDC, buyer.address), 970_000n);
  });

  it("the console shows Solana's fee payer: its SOL balance, reserve and the settlements it can still pay for", async () => {
    const res = await t.admin('GET', '/admin/networks');
    const solana = res.body.data.x402.find((x: { network: string }) => x.network === SOLANA_DEVNET);
    const lamports = await t.ctx.x402Solana?.rpc.getBalance(feePayer.address).send();
    assert.ok(lamports);
    const spent = 10n ** 9n - BigInt(lamports.value);
    assert.ok(spent > 0n, 'the settlements so far cost the fee payer');
    // What each settlement booked as its cost, from its message, is what the runtime charged, to the lamport.
    const booked = await t.ctx.db
      .selectFrom('x402_settlements')
      .select('gas_cost')
      .where('status', 'in', ['confirmed', 'failed'])
      .where('transaction', '!=', '')
      .execute();
    assert.equal(
      booked.reduce((sum, r) => sum + BigInt(r.gas_cost ?? '0'), 0n),
      spent,
    );
    assert.deepEqual(solana, {
      network: SOLANA_DEVNET,
      coin: 'SOL',
      feePayer: feePayer.address,
      reserve: 0,
      balance: Number(`0.${(10n ** 9n - spent).toString().padStart(9, '0')}`),
      settlementsLeft: Number((10n ** 9n - spent) / 10_000n),
      nodeReachable: true,
      error: null,
    });
  });

  it('refuses another asset, another network, another fee payer, a short amount and an unfunded buyer', async () => {
    const buyer = await buyerWith(1_000_000n);
    const body = await paymentBody(buyer, '5000');
    const other = (patch: Record<string, unknown>) => ({
      ...body,
      paymentRequirements: { ...body.paymentRequirements, ...patch },
      paymentPayload: { ...body.paymentPayload, accepted: { ...body.paymentRequirements, ...patch } },
    });
    assert.equal(
      (await facilitator.verify(other({ asset: 'So11111111111111111111111111111111111111112' }))).invalidReason,
      'invalid_payment_requirements',
    );
    assert.equal(
      (await facilitator.verify(other({ network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))).invalidReason,
      'invalid_network',
    );
    assert.equal(
      (await facilitator.verify(other({ extra: { feePayer: seller.address } }))).invalidReason,
      'invalid_exact_svm_fee_payer_not_managed_by_facilitator',
    );
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
