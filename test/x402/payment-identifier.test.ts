import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { before, it } from 'node:test';
import express from 'express';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme as ExactEvmServer } from '@x402/evm/exact/server';
import { ExactEvmScheme as ExactEvmClient } from '@x402/evm/exact/client';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import {
  PAYMENT_IDENTIFIER,
  appendPaymentIdentifierToExtensions,
  declarePaymentIdentifierExtension,
  generatePaymentId,
} from '@x402/extensions/payment-identifier';
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC } from '../../src/chains/evm/devnet.ts';
import { TRANSFER_TYPES } from '../../src/modules/x402/facilitator.ts';
import { describeEngines } from '../helpers/harness.ts';
import { X402_NETWORK, useX402App, useX402Devnet, x402Skip, type X402App } from '../helpers/x402-devnet.ts';

const NETWORK = X402_NETWORK;
const buyer = privateKeyToAccount(DEV_KEYS.buyer);
const seller = privateKeyToAccount(DEV_KEYS.seller).address;

// One local node for both engines.
const net = useX402Devnet();
const skip = x402Skip;

const balance = (address: Address) =>
  createPublicClient({ transport: http(net().devnet.rpcUrl) }).readContract({
    address: net().devnet.usdc,
    abi: TEST_USDC.abi,
    functionName: 'balanceOf',
    args: [address],
  }) as Promise<bigint>;

/** A settle body: a freshly signed authorization (its own nonce) under the payment identifier `id`. */
async function payment(id: string | undefined, opts: { amount?: string; payTo?: Address; resource?: string; signer?: typeof buyer } = {}) {
  const amount = opts.amount ?? '10000';
  const payTo = opts.payTo ?? seller;
  const signer = opts.signer ?? buyer;
  const requirements = {
    scheme: 'exact',
    network: NETWORK,
    asset: net().devnet.usdc,
    amount,
    payTo,
    maxTimeoutSeconds: 60,
    extra: { name: 'USDC', version: '2' },
  };
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: signer.address,
    to: payTo,
    value: amount,
    validAfter: String(now - 60),
    validBefore: String(now + 300),
    nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
  };
  const signature = await signer.signTypedData({
    domain: { name: 'USDC', version: '2', chainId: 84532, verifyingContract: net().devnet.usdc },
    types: TRANSFER_TYPES,
    primaryType: 'TransferWithAuthorization',
    message: {
      ...authorization,
      value: BigInt(amount),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
    },
  });
  // As a buyer's client adds it: the seller's declaration, with the buyer's id appended.
  const extensions: Record<string, unknown> = { [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension() };
  if (id !== undefined) appendPaymentIdentifierToExtensions(extensions, id);
  return {
    x402Version: 2,
    paymentPayload: {
      x402Version: 2,
      resource: { url: opts.resource ?? 'https://seller.test/report' },
      accepted: requirements,
      payload: { signature, authorization },
      extensions,
    },
    paymentRequirements: requirements,
  };
}

describeEngines('x402 payment-identifier extension', (engine) => {
  const app = useX402App(engine, net);
  let { t, origin, a, b } = {} as X402App;
  before(() => {
    if (!skip) ({ t, origin, a, b } = app());
  });

  const settle = (body: unknown, key = a.key) => t.call('POST', '/v1/x402/settle', { key, body });
  const settlementsOf = async (tenantId: string) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('x402_settlements')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("the official client's retry under one identifier pays once and gets the first settlement", { skip }, async () => {
    const facilitator = new HTTPFacilitatorClient({
      url: `${origin}/v1/x402`,
      createAuthHeaders: async () => {
        const headers = { 'x-tenant-api-key': a.key };
        return { verify: headers, settle: headers, supported: headers };
      },
    });
    const shop = express();
    const accepts = {
      scheme: 'exact',
      network: NETWORK as `${string}:${string}`,
      payTo: seller,
      price: { amount: '10000', asset: net().devnet.usdc, extra: { name: 'USDC', version: '2' } },
    };
    const routes = {
      'GET /report': { accepts, description: 'Report', extensions: { [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension() } },
    };
    shop.use(paymentMiddleware(routes, new x402ResourceServer(facilitator).register(NETWORK, new ExactEvmServer())));
    shop.get('/report', (_req: unknown, res: { json(v: unknown): void }) => res.json({ ok: true }));
    const server: Server = await new Promise((r) => {
      const s = shop.listen(0, '127.0.0.1', () => r(s));
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/report`;
      const paymentId = generatePaymentId();
      // The client signs a new authorization for every attempt; the hook names them all with one id.
      const client = x402Client.fromConfig({
        schemes: [{ network: NETWORK, client: new ExactEvmClient(buyer) }],
        spendControls: { allowedAssets: true },
      });
      client.onBeforePaymentCreation(async ({ paymentRequired }) => {
        paymentRequired.extensions ??= {};
        appendPaymentIdentifierToExtensions(paymentRequired.extensions, paymentId);
      });
      const pay = wrapFetchWithPayment(fetch, client);
      const before = await balance(buyer.address);
      const receipts = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await pay(url);
        assert.equal(res.status, 200, await res.clone().text());
        receipts.push(decodePaymentResponseHeader(res.headers.get('PAYMENT-RESPONSE')!));
      }
      assert.equal(receipts[0]!.success, true);
      assert.match(receipts[0]!.transaction, /^0x[0-9a-f]{64}$/);
      assert.equal(receipts[1]!.transaction, receipts[0]!.transaction, 'the retry answers the first transaction');
      assert.equal(await balance(buyer.address), before - 10_000n, 'paid once');
      const claimed = await t.ctx.db.selectFrom('x402_payment_identifiers').selectAll().where('payment_id', '=', paymentId).execute();
      assert.deepEqual(
        claimed.map((r) => [r.tenant_id, r.payer]),
        [[a.tenantId, buyer.address.toLowerCase()]],
      );
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('refuses the identifier for a different payment, scoped per tenant and payer', { skip }, async () => {
    const id = generatePaymentId();
    const first = await settle(await payment(id));
    assert.equal(first.body.success, true, JSON.stringify(first.body));
    const before = await balance(buyer.address);
    const count = await settlementsOf(a.tenantId);
    const other: Address = `0x${'11'.repeat(20)}`;
    for (const [what, body] of [
      ['another amount', await payment(id, { amount: '20000' })],
      ['another payTo', await payment(id, { payTo: other })],
      ['another resource', await payment(id, { resource: 'https://seller.test/other' })],
    ] as const) {
      const res = await settle(body);
      assert.equal(res.status, 200);
      assert.deepEqual([res.body.success, res.body.errorReason, res.body.transaction], [false, 'invalid_payload', ''], what);
      assert.match(res.body.errorMessage, new RegExp(`payment identifier ${id} was already used for a different payment`), what);
    }
    // The same payment signed again under the id: the first result, nothing sent.
    const retry = await settle(await payment(id));
    assert.deepEqual([retry.body.success, retry.body.transaction], [true, first.body.transaction]);
    assert.equal(await balance(buyer.address), before, 'nothing more paid');
    assert.equal(await settlementsOf(a.tenantId), count, 'no settlement row for a refused or retried payment');
    // Another tenant's id space is its own: the same id there is a new payment.
    const ofB = await settle(await payment(id), b.key);
    assert.equal(ofB.body.success, true, JSON.stringify(ofB.body));
    assert.notEqual(ofB.body.transaction, first.body.transaction);
    assert.equal(await balance(buyer.address), before - 10_000n);
    // So is another payer's, under the same tenant.
    const payer2 = privateKeyToAccount(DEV_KEYS.deployer);
    await net().devnet.mint(payer2.address, 1_000_000n);
    const ofPayer2 = await settle(await payment(id, { signer: payer2 }));
    assert.equal(ofPayer2.body.success, true, JSON.stringify(ofPayer2.body));
    assert.notEqual(ofPayer2.body.transaction, first.body.transaction);
  });

  it('refuses a malformed identifier, and settles a payment naming none as before', { skip }, async () => {
    for (const id of ['short', 'x'.repeat(129), 'has spaces in it!!!!']) {
      const body = await payment(undefined);
      (body.paymentPayload.extensions[PAYMENT_IDENTIFIER] as { info: Record<string, unknown> }).info.id = id;
      const res = await settle(body);
      assert.deepEqual([res.body.success, res.body.errorReason], [false, 'invalid_payload'], id);
      assert.match(res.body.errorMessage, /payment identifier must be 16 to 128/);
    }
    const declaredOnly = await settle(await payment(undefined));
    assert.equal(declaredOnly.body.success, true, JSON.stringify(declaredOnly.body));
  });

  it('concurrent settles under one identifier send one transfer and all answer it', { skip }, async () => {
    const id = generatePaymentId('race_');
    const bodies = await Promise.all(Array.from({ length: 6 }, () => payment(id)));
    const before = await balance(buyer.address);
    const count = await settlementsOf(a.tenantId);
    const answers = await Promise.all(bodies.map((body) => settle(body)));
    const transactions = new Set(answers.map((r) => r.body.transaction));
    assert.equal(transactions.size, 1, JSON.stringify(answers.map((r) => r.body)));
    assert.ok(
      answers.every((r) => r.body.success === true),
      JSON.stringify(answers.map((r) => r.body)),
    );
    assert.equal(await balance(buyer.address), before - 10_000n, 'one transfer');
    assert.equal(await settlementsOf(a.tenantId), count + 1, 'one settlement row: the losers rolled theirs back');
  });
});
