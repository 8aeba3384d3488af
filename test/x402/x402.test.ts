import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme as ExactEvmServer } from '@x402/evm/exact/server';
import { ExactEvmScheme as ExactEvmClient } from '@x402/evm/exact/client';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { createPublicClient, createTestClient, createWalletClient, getAddress, http, type Address, type Hex } from 'viem';
import { PERMIT2_ADDRESS, permit2WitnessTypes, x402ExactPermit2ProxyAddress } from '@x402/evm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { readFileSync } from 'node:fs';

const TEST_SMART_WALLET = JSON.parse(readFileSync('contracts/TestSmartWallet.json', 'utf8')) as { abi: readonly unknown[]; bytecode: Hex };
import { connectX402 } from '../../src/chains/x402/chain.ts';
import { dispatchEvents } from '../../src/modules/webhooks/deliveries.ts';
import { TRANSFER_TYPES, X402Facilitator } from '../../src/modules/x402/facilitator.ts';
import type { X402Settings } from '../../src/config.ts';
import { startTestApp, type TestApp } from '../helpers/harness.ts';

const NETWORK = 'eip155:84532';
const buyer = privateKeyToAccount(DEV_KEYS.buyer);
const seller = privateKeyToAccount(DEV_KEYS.seller).address;

describe('x402 facilitator on a local EVM node', {
  skip: anvilBinary() ? false : 'anvil (@foundry-rs/anvil) is not available on this platform',
}, () => {
  let devnet: Devnet;
  let t: TestApp;
  let origin = '';
  let key = '';
  let tenantId = '';
  before(async () => {
    devnet = await startDevnet({ chainId: 84532 });
    const x402 = await connectX402({ network: NETWORK, rpcUrl: devnet.rpcUrl, feePayerKey: DEV_KEYS.feePayer, assets: [devnet.usdc] });
    t = await startTestApp('pglite', { ctx: { x402: [x402] } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ key, tenantId } = await t.tenant(['*']));
  });
  after(async () => {
    await t?.close();
    await devnet?.stop();
  });

  const usdcBalance = (address: Address) =>
    createPublicClient({ transport: http(devnet.rpcUrl) }).readContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'balanceOf',
      args: [address],
    }) as Promise<bigint>;

  /** A signed exact payment of `amount` from the buyer to the seller, as an x402 client makes it. */
  async function payment(
    opts: {
      amount?: string;
      to?: Address;
      value?: string;
      validAfter?: number;
      validBefore?: number;
      signer?: typeof buyer;
      nonce?: Hex;
      from?: Address;
    } = {},
  ) {
    const amount = opts.amount ?? '10000';
    const requirements = {
      scheme: 'exact',
      network: NETWORK,
      asset: devnet.usdc,
      amount,
      payTo: seller,
      maxTimeoutSeconds: 60,
      extra: { name: 'USDC', version: '2' },
    };
    const now = Math.floor(Date.now() / 1000);
    const authorization = {
      from: opts.from ?? buyer.address,
      to: opts.to ?? seller,
      value: opts.value ?? amount,
      validAfter: String(opts.validAfter ?? now - 60),
      validBefore: String(opts.validBefore ?? now + 300),
      nonce: opts.nonce ?? (`0x${randomBytes(32).toString('hex')}` as Hex),
    };
    const signature = await (opts.signer ?? buyer).signTypedData({
      domain: { name: 'USDC', version: '2', chainId: 84532, verifyingContract: devnet.usdc },
      types: TRANSFER_TYPES,
      primaryType: 'TransferWithAuthorization',
      message: {
        ...authorization,
        value: BigInt(authorization.value),
        validAfter: BigInt(authorization.validAfter),
        validBefore: BigInt(authorization.validBefore),
      },
    });
    return {
      x402Version: 2,
      paymentPayload: {
        x402Version: 2,
        resource: { url: 'http://seller.test/paid' },
        accepted: requirements,
        payload: { signature, authorization },
      },
      paymentRequirements: requirements,
    };
  }
  const call = (path: string, body: unknown, k = key) => t.call('POST', `/v1/x402/${path}`, { key: k, body });

  describe('paying, and refusals with their reason', () => {
    it('an unmodified x402 seller (express) and buyer (fetch) pay through the facilitator', async () => {
      const facilitatorClient = new HTTPFacilitatorClient({
        url: `${origin}/v1/x402`,
        createAuthHeaders: async () => {
          const headers = { 'x-tenant-api-key': key };
          return { verify: headers, settle: headers, supported: headers };
        },
      });
      const resourceServer = new x402ResourceServer(facilitatorClient).register(NETWORK, new ExactEvmServer());
      const shop = express();
      shop.use(
        paymentMiddleware(
          {
            'GET /weather': {
              accepts: {
                scheme: 'exact',
                network: NETWORK,
                payTo: seller,
                price: { amount: '10000', asset: devnet.usdc, extra: { name: 'USDC', version: '2' } },
              },
              description: 'Weather report',
            },
          },
          resourceServer,
        ),
      );
      shop.get('/weather', (_req: unknown, res: { json(v: unknown): void }) => {
        res.json({ forecast: 'sunny' });
      });
      const server: Server = await new Promise((r) => {
        const s = shop.listen(0, '127.0.0.1', () => r(s));
      });
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/weather`;
        const unpaid = await fetch(url);
        assert.equal(unpaid.status, 402);

        const before = { buyer: await usdcBalance(buyer.address), seller: await usdcBalance(seller) };
        // The devnet token is not one of the library's default assets: allow it explicitly.
        const pay = wrapFetchWithPaymentFromConfig(fetch, {
          schemes: [{ network: NETWORK, client: new ExactEvmClient(buyer) }],
          spendControls: { allowedAssets: true },
        });
        const res = await pay(url);
        assert.equal(res.status, 200, await res.clone().text());
        assert.deepEqual(await res.json(), { forecast: 'sunny' });
        const receipt = decodePaymentResponseHeader(res.headers.get('PAYMENT-RESPONSE')!);
        assert.equal(receipt.success, true);
        assert.match(receipt.transaction, /^0x[0-9a-f]{64}$/);
        assert.equal(await usdcBalance(buyer.address), before.buyer - 10_000n);
        assert.equal(await usdcBalance(seller), before.seller + 10_000n);

        const listed = (await t.call('GET', `/v1/x402/settlements?transaction=${receipt.transaction}`, { key })).body;
        assert.equal(listed.total, 1);
        assert.ok(BigInt(listed.data[0].gasCost) > 0n, 'the gas the fee payer spent');
        assert.deepEqual(
          { ...listed.data[0], id: undefined, createdAt: undefined, confirmedAt: undefined },
          {
            id: undefined,
            status: 'confirmed',
            network: NETWORK,
            scheme: 'exact',
            asset: devnet.usdc.toLowerCase(),
            amount: '10000',
            cap: null,
            payer: buyer.address.toLowerCase(),
            payTo: seller.toLowerCase(),
            transaction: receipt.transaction,
            errorReason: null,
            createdAt: undefined,
            confirmedAt: undefined,
            // The fee payer's wei, and what the gateway knows: the network, not the devnet's own token.
            gasCost: listed.data[0].gasCost,
            networkName: 'Base Sepolia',
            catalogueNetwork: null,
            assetSymbol: null,
            assetDecimals: null,
            gasSymbol: 'ETH',
            gasDecimals: 18,
          },
        );
        const one = await t.call('GET', `/v1/x402/settlements/${listed.data[0].id}`, { key });
        assert.equal(one.body.data.transaction, receipt.transaction);
        const events = await t.ctx.db
          .selectFrom('outbox_events')
          .select(['event_type'])
          .where('aggregate_id', '=', listed.data[0].id)
          .execute();
        assert.deepEqual(
          events.map((e) => e.event_type),
          ['x402.payment.settled'],
        );
        // Delivered to the merchant's default webhook URL, with the settlement record as data.
        await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositWebhookUrl: 'https://merchant.example.com/x402' });
        await dispatchEvents(t.ctx.db);
        const delivery = await t.ctx.db
          .selectFrom('webhook_deliveries')
          .select(['url', 'event_type'])
          .where('aggregate_key', '=', `x402:${listed.data[0].id}`)
          .executeTakeFirstOrThrow();
        assert.deepEqual(delivery, { url: 'https://merchant.example.com/x402', event_type: 'x402.payment.settled' });
      } finally {
        await new Promise((r) => server.close(r));
      }
    });

    it('answers every refusal as HTTP 200 with the API reason', async () => {
      const other = privateKeyToAccount(DEV_KEYS.seller);
      const now = Math.floor(Date.now() / 1000);
      const cases: Array<[string, () => Promise<unknown>]> = [
        ['invalid_x402_version', async () => ({ ...(await payment()), x402Version: 1 })],
        [
          'invalid_scheme',
          async () => {
            const p = await payment();
            return { ...p, paymentRequirements: { ...p.paymentRequirements, scheme: 'upto' } };
          },
        ],
        [
          'invalid_network',
          async () => {
            const p = await payment();
            return {
              ...p,
              paymentRequirements: { ...p.paymentRequirements, network: 'eip155:8453' },
              paymentPayload: { ...p.paymentPayload, accepted: { ...p.paymentRequirements, network: 'eip155:8453' } },
            };
          },
        ],
        [
          'invalid_payment_requirements',
          async () => {
            const p = await payment();
            return { ...p, paymentRequirements: { ...p.paymentRequirements, asset: '0x0000000000000000000000000000000000000001' } };
          },
        ],
        [
          'invalid_payment_requirements',
          async () => {
            const p = await payment();
            return { ...p, paymentRequirements: { ...p.paymentRequirements, amount: '20000' } }; // accepted disagrees
          },
        ],
        [
          'invalid_payload',
          async () => {
            const p = await payment();
            return { ...p, paymentPayload: { ...p.paymentPayload, payload: { signature: '0x1234' } } };
          },
        ],
        ['invalid_exact_evm_payload_recipient_mismatch', () => payment({ to: buyer.address })],
        ['invalid_exact_evm_payload_authorization_value_mismatch', () => payment({ value: '9999' })],
        ['invalid_exact_evm_payload_authorization_valid_after', () => payment({ validAfter: now + 600 })],
        ['invalid_exact_evm_payload_authorization_valid_before', () => payment({ validBefore: now + 2 })],
        ['invalid_exact_evm_payload_signature', () => payment({ signer: other })],
        ['insufficient_funds', () => payment({ amount: '999999999999' })],
      ];
      for (const [reason, make] of cases) {
        const body = await make();
        const v = await call('verify', body);
        assert.equal(v.status, 200);
        assert.equal(v.body.isValid, false, reason);
        assert.equal(v.body.invalidReason, reason, `${reason}: ${JSON.stringify(v.body)}`);
        const s = await call('settle', body);
        assert.equal(s.status, 200);
        assert.equal(s.body.success, false, reason);
        assert.equal(s.body.errorReason, reason);
        assert.equal(s.body.transaction, '');
      }
      // A valid one verifies, with the payer.
      const ok = await call('verify', await payment());
      assert.deepEqual(ok.body, { isValid: true, payer: buyer.address });
      // HTTP errors only for auth and malformed JSON.
      assert.equal((await t.call('POST', '/v1/x402/verify', { body: await payment() })).status, 401);
      const limited = await t.tenant(['x402.list']);
      assert.equal((await call('settle', await payment(), limited.key)).status, 403);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/v1/x402/verify',
        headers: { 'x-tenant-api-key': key, 'content-type': 'application/json' },
        payload: '{"x402',
      });
      assert.equal(malformed.statusCode, 400);
      const json = { 'content-type': 'application/json' };
      assert.equal(
        (await t.call('POST', '/v1/x402/verify', { key, body: '"not an object"', headers: json })).body.invalidReason,
        'invalid_payload',
      );
      assert.equal((await t.call('POST', '/v1/x402/settle', { key, body: '[1,2]', headers: json })).body.errorReason, 'invalid_payload');
    });
  });

  describe('settle: once, concurrently, through lost sends', () => {
    it('settles one payload once: a replay and a concurrent duplicate get the original transaction', async () => {
      const body = await payment();
      const [a, b] = await Promise.all([call('settle', body), call('settle', body)]);
      assert.equal(a.body.success, true, JSON.stringify(a.body));
      assert.equal(b.body.success, true, JSON.stringify(b.body));
      assert.equal(a.body.transaction, b.body.transaction);
      const replay = await call('settle', body);
      assert.equal(replay.body.transaction, a.body.transaction);
      assert.equal(replay.body.success, true);
      // Verifying it again: already used.
      assert.equal((await call('verify', body)).body.invalidReason, 'authorization_already_used');
      const rows = await t.ctx.db.selectFrom('x402_settlements').select('id').where('transaction', '=', a.body.transaction).execute();
      assert.equal(rows.length, 1);
    });

    it('verify reads the chain at each call: concurrent verifies share reads, a drained payer or a used nonce is refused', async () => {
      // Ten callers verifying one payload at once, with a bad signature and an unfunded amount among
      // them in the same batch: each gets its own answer.
      const body = await payment({ amount: '1000' });
      const forged = await payment({ amount: '1000', signer: privateKeyToAccount(DEV_KEYS.seller) });
      const broke = await payment({ amount: '999999999999' });
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => call('verify', body)),
        call('verify', forged),
        call('verify', broke),
      ]);
      for (const a of answers.slice(0, 10)) assert.deepEqual(a.body, { isValid: true, payer: buyer.address });
      assert.equal(answers[10]!.body.invalidReason, 'invalid_exact_evm_payload_signature');
      assert.equal(answers[11]!.body.invalidReason, 'insufficient_funds');

      // A payer whose balance goes away between two verifies of the same payload is refused the second time.
      const payer = privateKeyToAccount(generatePrivateKey());
      await devnet.mint(payer.address, 1500n);
      const first = await payment({ amount: '1000', signer: payer, from: payer.address });
      const second = await payment({ amount: '1000', signer: payer, from: payer.address });
      assert.deepEqual((await call('verify', first)).body, { isValid: true, payer: payer.address });
      assert.deepEqual((await call('verify', second)).body, { isValid: true, payer: payer.address });
      const settled = await call('settle', second);
      assert.equal(settled.body.success, true, JSON.stringify(settled.body));
      const drained = await call('verify', first);
      assert.equal(drained.body.isValid, false);
      assert.equal(drained.body.invalidReason, 'insufficient_funds');
      // The settled one is used, by our record and on chain.
      assert.equal((await call('verify', second)).body.invalidReason, 'authorization_already_used');
      await t.ctx.db.deleteFrom('x402_settlements').where('transaction', '=', settled.body.transaction).execute();
      assert.equal((await call('verify', second)).body.invalidReason, 'authorization_already_used');
    });

    it('20 concurrent settles of different payloads all succeed (fee payer nonces managed)', async () => {
      const bodies = await Promise.all(Array.from({ length: 20 }, () => payment({ amount: '1000' })));
      const before = await usdcBalance(seller);
      const results = await Promise.all(bodies.map((b) => call('settle', b)));
      assert.ok(
        results.every((r) => r.body.success === true),
        JSON.stringify(results.filter((r) => !r.body.success).map((r) => r.body)),
      );
      assert.equal(new Set(results.map((r) => r.body.transaction)).size, 20);
      assert.equal(await usdcBalance(seller), before + 20_000n);
    });

    it('a send the node never got is sent again and one whose answer was lost is followed: each pays once, no nonce gap', async () => {
      // Between the facilitator and the node: the second transaction sent is lost on its way three
      // times (each attempt of the transport and its retries), the fourth reaches the node but its
      // answer is lost (the transport's retry then hears "already known").
      const attempts = new Map<string, number>();
      const faults = { dropped: 0, answersLost: 0 };
      const proxy = await faultyRpc(devnet.rpcUrl, (call) => {
        if (call.method !== 'eth_sendRawTransaction') return 'pass';
        const raw = String(call.params?.[0]);
        if (!attempts.has(raw)) attempts.set(raw, 0);
        const index = [...attempts.keys()].indexOf(raw);
        const attempt = attempts.get(raw)! + 1;
        attempts.set(raw, attempt);
        if (index === 1 && attempt <= 3) return (faults.dropped++, 'drop');
        if (index === 3 && attempt === 1) return (faults.answersLost++, 'lose-answer');
        return 'pass';
      });
      try {
        const x402 = await connectX402({ network: NETWORK, rpcUrl: proxy.url, feePayerKey: DEV_KEYS.feePayer, assets: [devnet.usdc] });
        const facilitator = new X402Facilitator(t.ctx.db, x402, t.ctx.config.x402);
        const bodies = await Promise.all(Array.from({ length: 5 }, () => payment({ amount: '700' })));
        const before = await usdcBalance(seller);
        const results = await Promise.all(bodies.map((b) => facilitator.settle(tenantId, b)));
        assert.deepEqual(faults, { dropped: 3, answersLost: 1 }, 'both faults happened');
        assert.deepEqual(
          results.map((r) => r.success),
          [true, true, true, true, true],
          JSON.stringify(results),
        );
        assert.equal(new Set(results.map((r) => r.transaction)).size, 5);
        assert.equal(await usdcBalance(seller), before + 5n * 700n, 'each paid once');
        // No nonce was left unused: the next settlement is mined at once.
        const next = await facilitator.settle(tenantId, await payment({ amount: '700' }));
        assert.equal(next.success, true, JSON.stringify(next));
      } finally {
        await proxy.close();
      }
      // The app's own sender (a second sender of the same fee payer, as a second instance would be)
      // finds its next nonce taken, reads the count again and sends.
      const again = await call('settle', await payment({ amount: '700' }));
      assert.equal(again.body.success, true, JSON.stringify(again.body));
    });
  });

  describe('settlements: listed, pending, confirmed later', () => {
    it('lists settlements with every filter, case-insensitively, and hides other tenants', async () => {
      const all = (await t.call('GET', '/v1/x402/settlements?limit=100', { key })).body;
      assert.ok(all.total >= 22);
      const byPayer = (
        await t.call('GET', `/v1/x402/settlements?payer=${buyer.address.toUpperCase().replace('0X', '0x')}&limit=5`, { key })
      ).body;
      assert.equal(byPayer.total, all.total);
      assert.equal(byPayer.data.length, 5);
      assert.equal(byPayer.hasMore, true);
      const byPayTo = (await t.call('GET', `/v1/x402/settlements?payTo=${seller}&status=confirmed`, { key })).body;
      assert.equal(byPayTo.total, all.total);
      const future = new Date(Date.now() + 60_000).toISOString();
      assert.equal((await t.call('GET', `/v1/x402/settlements?from=${encodeURIComponent(future)}`, { key })).body.total, 0);
      assert.equal((await t.call('GET', `/v1/x402/settlements?to=${encodeURIComponent(future)}`, { key })).body.total, all.total);
      assert.equal((await t.call('GET', '/v1/x402/settlements?status=failed', { key })).body.total, 0);
      const stranger = await t.tenant(['*']);
      assert.equal((await t.call('GET', '/v1/x402/settlements', { key: stranger.key })).body.total, 0);
      assert.equal((await t.call('GET', `/v1/x402/settlements/${all.data[0].id}`, { key: stranger.key })).status, 404);
      assert.equal(
        (await t.call('GET', `/v1/x402/settlements/${all.data[0].id}`, { key: stranger.key })).body.code,
        'exceptions.x402.settlementNotFound',
      );
      const supported = (await t.call('GET', '/v1/x402/supported', { key })).body;
      assert.deepEqual(
        supported.kinds.map((k: any) => [k.x402Version, k.scheme, k.network]),
        [
          [2, 'exact', NETWORK],
          [2, 'upto', NETWORK],
        ],
      );
      assert.ok(tenantId);
    });

    it('a receipt that does not arrive in time answers settlement_pending; the worker confirms it later', async () => {
      const x402 = t.ctx.x402![0]!;
      const slow = new X402Facilitator(t.ctx.db, x402, { ...t.ctx.config.x402, receiptTimeoutMs: 300 });
      const body = await payment();
      // The node holds its transactions unmined, as a congested chain would, until it is told to mine.
      const node = createTestClient({ mode: 'anvil', transport: http(devnet.rpcUrl) });
      await node.setAutomine(false);
      let transaction = '';
      try {
        const pending = await slow.settle(tenantId, body); // returns at its deadline: nothing is mined meanwhile
        assert.equal(pending.errorReason, 'settlement_pending');
        assert.match(pending.transaction, /^0x[0-9a-f]{64}$/);
        transaction = pending.transaction;
        assert.equal(await slow.confirmPending(), 0, 'not mined yet: still pending');
      } finally {
        await node.mine({ blocks: 1 });
        await node.setAutomine(true);
      }
      assert.equal(await slow.confirmPending(), 1);
      const row = await t.ctx.db
        .selectFrom('x402_settlements')
        .select(['status', 'transaction'])
        .where('transaction', '=', transaction)
        .executeTakeFirstOrThrow();
      assert.equal(row.status, 'confirmed');
    });

    it('a node that stops answering mid-send: settlement_pending with the hash, then the worker sends it again, confirms it, or fails it once its nonce is taken', async () => {
      // From the first raw transaction on, the node answers nothing until told otherwise: that send
      // either reaches it (`took`: forwarded, its answer lost) or not (`lost`); so does every retry,
      // and the facilitator's question whether the node has it goes unanswered too.
      let silence: { send: 'took' | 'lost'; on: boolean } | undefined;
      const proxy = await faultyRpc(devnet.rpcUrl, (call) => {
        if (silence && call.method === 'eth_sendRawTransaction') silence.on = true;
        if (!silence?.on) return 'pass';
        return call.method === 'eth_sendRawTransaction' && silence.send === 'took' ? 'lose-answer' : 'drop';
      });
      const rowOf = (transaction: string) =>
        t.ctx.db.selectFrom('x402_settlements').selectAll().where('transaction', '=', transaction).executeTakeFirstOrThrow();
      const silent = async (
        send: 'took' | 'lost',
        settle: () => Promise<{ errorReason?: string; transaction: string; success: boolean }>,
      ) => {
        silence = { send, on: false };
        try {
          const r = await settle();
          assert.equal(silence.on, true, 'the node fell silent at the send');
          assert.deepEqual([r.success, r.errorReason], [false, 'settlement_pending'], JSON.stringify(r));
          assert.match(r.transaction, /^0x[0-9a-f]{64}$/);
          return r.transaction;
        } finally {
          silence = undefined;
        }
      };
      // The worker's rounds, 150 ms apart, until `done` (at most 100).
      const rounds = async (f: X402Facilitator, done: () => Promise<boolean>) => {
        for (let i = 0; i < 100 && !(await done()); i++) {
          await new Promise((r) => setTimeout(r, 150));
          await f.confirmPending();
        }
      };
      try {
        const x402 = await connectX402({ network: NETWORK, rpcUrl: proxy.url, feePayerKey: DEV_KEYS.feePayer, assets: [devnet.usdc] });
        const facilitator = new X402Facilitator(t.ctx.db, x402, { ...t.ctx.config.x402, receiptTimeoutMs: 400 });
        const before = await usdcBalance(seller);

        // 1. The node took it: the settlement stays submitted with its hash (not failed, as it paid),
        // and the worker confirms it from its receipt.
        const took = await silent('took', async () => facilitator.settle(tenantId, await payment({ amount: '300' })));
        assert.equal((await rowOf(took)).status, 'submitted');
        assert.equal(await usdcBalance(seller), before + 300n, 'it paid');
        await rounds(facilitator, async () => (await rowOf(took)).status !== 'submitted');
        assert.equal((await rowOf(took)).status, 'confirmed');
        assert.equal((await rowOf(took)).signed_transaction, '', 'a final row keeps no signed bytes');

        // 2. The node never got it: its nonce is kept, so the next settlement waits behind it unmined;
        // the worker sends the first again, and both are mined, each paying once.
        const lost = await silent('lost', async () => facilitator.settle(tenantId, await payment({ amount: '301' })));
        const behind = await facilitator.settle(tenantId, await payment({ amount: '302' }));
        assert.deepEqual([behind.success, behind.errorReason], [false, 'settlement_pending'], JSON.stringify(behind));
        assert.equal(await usdcBalance(seller), before + 300n, 'nothing mined behind the gap yet');
        await rounds(
          facilitator,
          async () => (await rowOf(lost)).status !== 'submitted' && (await rowOf(behind.transaction)).status !== 'submitted',
        );
        assert.deepEqual([(await rowOf(lost)).status, (await rowOf(behind.transaction)).status], ['confirmed', 'confirmed']);
        assert.equal(await usdcBalance(seller), before + 300n + 301n + 302n, 'each paid once');

        // 3. The node never got it, and the fee payer's nonce went to another transaction (a second
        // instance's sender, here the app's own): it can never be mined, so it is failed and names no
        // transaction; the payer's authorization was not used.
        const body = await payment({ amount: '303' });
        const orphan = await silent('lost', async () => facilitator.settle(tenantId, body));
        const other = await call('settle', await payment({ amount: '304' }));
        assert.equal(other.body.success, true, JSON.stringify(other.body));
        const id = (await rowOf(orphan)).id;
        const byId = () => t.ctx.db.selectFrom('x402_settlements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await rounds(facilitator, async () => (await byId()).status !== 'submitted');
        const failed = await byId();
        assert.deepEqual(
          [failed.status, failed.error_reason, failed.transaction, failed.signed_transaction],
          ['failed', 'invalid_transaction_state', '', ''],
        );
        assert.equal(await usdcBalance(seller), before + 300n + 301n + 302n + 304n, 'the orphan paid nothing');
        assert.deepEqual((await call('verify', body)).body, { isValid: true, payer: buyer.address });
      } finally {
        await proxy.close();
      }
    });
  });

  describe('operator limits and payload kinds', () => {
    it('refuses by the operator limits before writing or sending anything', async () => {
      const x402 = t.ctx.x402![0]!;
      const limited = (over: Partial<X402Settings>) => new X402Facilitator(t.ctx.db, x402, { ...t.ctx.config.x402, ...over });
      const cases: Array<[Partial<X402Settings>, string]> = [
        [{ gasCeiling: 1000n }, 'gas_ceiling_exceeded'],
        [{ feePayerReserveWei: 10n ** 30n }, 'fee_payer_reserve_low'],
        [{ gasBudgetWei: 1n }, 'gas_budget_exhausted'], // the settlements above already spent gas
        [{ tenantGasBudgetWei: 1n }, 'tenant_gas_budget_exhausted'],
      ];
      const body = await payment();
      const nonce = (body.paymentPayload.payload.authorization as { nonce: string }).nonce;
      for (const [over, reason] of cases) {
        const r = await limited(over).settle(tenantId, body);
        assert.deepEqual([r.success, r.errorReason, r.transaction], [false, reason, ''], reason);
      }
      assert.equal((await t.ctx.db.selectFrom('x402_settlements').select('id').where('nonce', '=', nonce).execute()).length, 0);
      // A merchant that has spent nothing is within its own budget.
      const fresh = await t.tenant(['*']);
      const ok = await limited({ tenantGasBudgetWei: 1n }).settle(fresh.tenantId, body);
      assert.equal(ok.success, true, JSON.stringify(ok));
      const row = await t.ctx.db
        .selectFrom('x402_settlements')
        .select(['gas_cost', 'tenant_id'])
        .where('nonce', '=', nonce)
        .executeTakeFirstOrThrow();
      assert.ok(BigInt(row.gas_cost!) > 0n);
      assert.equal(row.tenant_id, fresh.tenantId);
    });

    it('verifies permit2 payloads: signature, witness, spender, deadline, allowance (signed fixtures)', async () => {
      const requirements = {
        scheme: 'exact',
        network: NETWORK,
        asset: devnet.usdc,
        amount: '5000',
        payTo: seller,
        maxTimeoutSeconds: 60,
        extra: { name: 'USDC', version: '2', assetTransferMethod: 'permit2' },
      };
      const now = Math.floor(Date.now() / 1000);
      const permitBody = async (o: { spender?: Address; to?: Address; amount?: string; deadline?: number; signer?: typeof buyer } = {}) => {
        const permit = {
          permitted: { token: devnet.usdc, amount: o.amount ?? '5000' },
          from: buyer.address,
          spender: o.spender ?? x402ExactPermit2ProxyAddress,
          nonce: BigInt(`0x${randomBytes(16).toString('hex')}`).toString(),
          deadline: String(o.deadline ?? now + 300),
          witness: { to: o.to ?? seller, validAfter: String(now - 60) },
        };
        const signature = await (o.signer ?? buyer).signTypedData({
          domain: { name: 'Permit2', chainId: 84532, verifyingContract: PERMIT2_ADDRESS },
          types: permit2WitnessTypes,
          primaryType: 'PermitWitnessTransferFrom',
          message: {
            permitted: { token: permit.permitted.token, amount: BigInt(permit.permitted.amount) },
            spender: permit.spender,
            nonce: BigInt(permit.nonce),
            deadline: BigInt(permit.deadline),
            witness: { to: permit.witness.to, validAfter: BigInt(permit.witness.validAfter) },
          },
        });
        return {
          x402Version: 2,
          paymentPayload: { x402Version: 2, accepted: requirements, payload: { signature, permit2Authorization: permit } },
          paymentRequirements: requirements,
        };
      };
      // Not approved yet: the payer must first allow Permit2 to move the token.
      assert.equal((await call('verify', await permitBody())).body.invalidReason, 'permit2_allowance_required');
      const wallet = createWalletClient({
        account: buyer,
        transport: http(devnet.rpcUrl),
        chain: {
          id: 84532,
          name: 'devnet',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [devnet.rpcUrl] } },
        },
      });
      const approval = await wallet.writeContract({
        address: devnet.usdc,
        abi: TEST_USDC.abi,
        functionName: 'approve',
        args: [PERMIT2_ADDRESS, 10n ** 12n],
      });
      await createPublicClient({ transport: http(devnet.rpcUrl) }).waitForTransactionReceipt({ hash: approval });
      assert.deepEqual((await call('verify', await permitBody())).body, { isValid: true, payer: buyer.address });
      const cases: Array<[string, Parameters<typeof permitBody>[0]]> = [
        ['invalid_payload', { spender: seller }],
        ['invalid_exact_evm_payload_recipient_mismatch', { to: buyer.address }],
        ['invalid_exact_evm_payload_authorization_value_mismatch', { amount: '4999' }],
        ['invalid_exact_evm_payload_authorization_valid_before', { deadline: now - 1 }],
        ['invalid_exact_evm_payload_signature', { signer: privateKeyToAccount(DEV_KEYS.seller) }],
      ];
      for (const [reason, o] of cases) assert.equal((await call('verify', await permitBody(o))).body.invalidReason, reason, reason);
      // Settled through the x402 permit2 proxy (at its canonical address on the devnet): the amount
      // goes to the witness recipient; a replay gets the same transaction; the nonce is then spent.
      const body = await permitBody();
      const before = await usdcBalance(seller);
      const settled = await call('settle', body);
      assert.equal(settled.body.success, true, JSON.stringify(settled.body));
      assert.match(settled.body.transaction, /^0x[0-9a-f]{64}$/);
      assert.equal(await usdcBalance(seller), before + 5000n);
      assert.equal((await call('settle', body)).body.transaction, settled.body.transaction);
      assert.equal((await call('verify', body)).body.invalidReason, 'authorization_already_used');
    });

    it('a smart-contract wallet (ERC-1271) pays: its owner signs, the chain checks, the token settles', async () => {
      const owner = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
      const deployer = createWalletClient({
        account: privateKeyToAccount(DEV_KEYS.deployer),
        transport: http(devnet.rpcUrl),
        chain: {
          id: 84532,
          name: 'devnet',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [devnet.rpcUrl] } },
        },
      });
      const pub = createPublicClient({ transport: http(devnet.rpcUrl) });
      const hash = await deployer.deployContract({
        abi: TEST_SMART_WALLET.abi,
        bytecode: TEST_SMART_WALLET.bytecode,
        args: [owner.address],
      });
      const wallet = (await pub.waitForTransactionReceipt({ hash })).contractAddress!;
      await devnet.mint(wallet, 50_000n);
      const body = await payment({ from: wallet, signer: owner });
      assert.deepEqual((await call('verify', body)).body, { isValid: true, payer: getAddress(wallet) });
      const settled = await call('settle', body);
      assert.equal(settled.body.success, true, JSON.stringify(settled.body));
      assert.equal(await usdcBalance(wallet), 40_000n);
      // Someone else's signature for the wallet is refused.
      const forged = await payment({ from: wallet, signer: privateKeyToAccount(DEV_KEYS.seller) });
      assert.equal((await call('verify', forged)).body.invalidReason, 'invalid_exact_evm_payload_signature');
    });
  });
});

/**
 * A JSON-RPC proxy in front of the node that can lose a request on its way (`drop`: not forwarded,
 * the caller gets a 502) or lose the node's answer to it (`lose-answer`: forwarded, then a 502);
 * everything else passes. `plan` is asked once for each call of each request (a batch fails whole).
 */
type RpcFate = 'pass' | 'drop' | 'lose-answer';
async function faultyRpc(
  target: string,
  plan: (call: { method: string; params?: unknown[] }) => RpcFate,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    const calls = ([] as Array<{ method: string; params?: unknown[] }>).concat(JSON.parse(body));
    const fates = calls.map(plan);
    if (fates.includes('drop')) return void res.writeHead(502).end('lost on its way');
    const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await answer.text();
    if (fates.includes('lose-answer')) return void res.writeHead(502).end('answer lost');
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => (server.close(() => r()), server.closeAllConnections())),
  };
}
