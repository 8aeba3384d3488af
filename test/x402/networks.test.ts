import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme as ExactEvmServer } from '@x402/evm/exact/server';
import { ExactEvmScheme as ExactEvmClient } from '@x402/evm/exact/client';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { PERMIT2_ADDRESS, permit2WitnessTypes, x402ExactPermit2ProxyAddress } from '@x402/evm';
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, devnetControls, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { x402FromConfig, type X402Chain } from '../../src/chains/x402/chain.ts';
import { TRANSFER_TYPES, X402Facilitator } from '../../src/modules/x402/facilitator.ts';
import { limitsOf } from '../../src/modules/x402/networks.ts';
import { startTestApp, testConfig, type TestApp } from '../helpers/harness.ts';

// Two x402 networks in one installation: a Base-like chain (84532) paid in EIP-3009 USDC and a BNB
// Smart Chain-like one (97) whose USDT (and USDC) are paid through Permit2, each with its own node,
// fee payer and assets, configured as an operator would (X402_NETWORKS, <NET>_X402_*).
const BASE = 'eip155:84532' as const;
const BSC = 'eip155:97' as const;
const buyer = privateKeyToAccount(DEV_KEYS.buyer);
const seller = privateKeyToAccount(DEV_KEYS.seller).address;
const bscFeePayer = generatePrivateKey();

let base: Devnet;
let bsc: Devnet;
let usdt: Address;
let env: NodeJS.ProcessEnv = {};
const skip = anvilBinary() ? false : 'anvil (@foundry-rs/anvil) is not available on this platform';

before(async () => {
  if (skip) return;
  [base, bsc] = await Promise.all([startDevnet({ chainId: 84532 }), startDevnet({ chainId: 97, usdt: true })]);
  if (!bsc.usdt) throw new Error('the BSC-like devnet has no USDT');
  usdt = bsc.usdt;
  await devnetControls(bsc.rpcUrl, 97).setBalance({ address: privateKeyToAccount(bscFeePayer).address, value: parseEther('10') });
  // Permit2 moves only what the buyer allowed it to, once, per token.
  const wallet = createWalletClient({
    account: buyer,
    transport: http(bsc.rpcUrl),
    chain: {
      id: 97,
      name: 'bsc',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [bsc.rpcUrl] } },
    },
  });
  const pub = createPublicClient({ transport: http(bsc.rpcUrl) });
  for (const token of [usdt, bsc.usdc]) {
    await pub.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: token,
        abi: TEST_USDC.abi,
        functionName: 'approve',
        args: [PERMIT2_ADDRESS, 10n ** 30n],
      }),
    });
  }
  env = {
    X402_NETWORKS: `${BASE},${BSC}`,
    BASE_X402_RPC_URL: base.rpcUrl,
    BASE_X402_FEE_PAYER_KEY: DEV_KEYS.feePayer,
    BASE_X402_ASSETS: base.usdc,
    BNB_X402_RPC_URL: bsc.rpcUrl,
    BNB_X402_FEE_PAYER_KEY: bscFeePayer,
    BNB_X402_ASSETS: `${usdt},${bsc.usdc}`,
  };
});
after(async () => {
  await Promise.all([base?.stop(), bsc?.stop()]);
});

const balanceOf = (devnet: Devnet, token: Address, who: Address) =>
  createPublicClient({ transport: http(devnet.rpcUrl) }).readContract({
    address: token,
    abi: TEST_USDC.abi,
    functionName: 'balanceOf',
    args: [who],
  }) as Promise<bigint>;

/** An EIP-3009 USDC payment signed for `chainId`, presented as a payment on `network`. */
async function usdcPayment(chainId: number, network: string, asset: Address) {
  const requirements = {
    scheme: 'exact',
    network,
    asset,
    amount: '1000',
    payTo: seller,
    maxTimeoutSeconds: 60,
    extra: { name: 'USDC', version: '2' },
  };
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: buyer.address,
    to: seller,
    value: '1000',
    validAfter: String(now - 60),
    validBefore: String(now + 300),
    nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
  };
  const signature = await buyer.signTypedData({
    domain: { name: 'USDC', version: '2', chainId, verifyingContract: asset },
    types: TRANSFER_TYPES,
    primaryType: 'TransferWithAuthorization',
    message: { ...authorization, value: 1000n, validAfter: BigInt(now - 60), validBefore: BigInt(now + 300) },
  });
  return {
    x402Version: 2,
    paymentPayload: { x402Version: 2, accepted: requirements, payload: { signature, authorization } },
    paymentRequirements: requirements,
  };
}

/** A Permit2 payment of `amount` USDT on the BSC-like chain, as the x402 client signs it. */
async function usdtPermit(amount: bigint) {
  const requirements = {
    scheme: 'exact',
    network: BSC,
    asset: usdt,
    amount: amount.toString(),
    payTo: seller,
    maxTimeoutSeconds: 60,
    extra: { assetTransferMethod: 'permit2' },
  };
  const now = Math.floor(Date.now() / 1000);
  const permit = {
    permitted: { token: usdt, amount: amount.toString() },
    from: buyer.address,
    spender: x402ExactPermit2ProxyAddress,
    nonce: BigInt(`0x${randomBytes(16).toString('hex')}`).toString(),
    deadline: String(now + 300),
    witness: { to: seller, validAfter: String(now - 60) },
  };
  const signature = await buyer.signTypedData({
    domain: { name: 'Permit2', chainId: 97, verifyingContract: PERMIT2_ADDRESS },
    types: permit2WitnessTypes,
    primaryType: 'PermitWitnessTransferFrom',
    message: {
      permitted: { token: usdt, amount },
      spender: permit.spender,
      nonce: BigInt(permit.nonce),
      deadline: BigInt(permit.deadline),
      witness: { to: seller, validAfter: BigInt(now - 60) },
    },
  });
  return {
    x402Version: 2,
    paymentPayload: { x402Version: 2, accepted: requirements, payload: { signature, permit2Authorization: permit } },
    paymentRequirements: requirements,
  };
}

/** A shop (the official express middleware) selling one route per network and token, through the gateway. */
async function startShop(origin: string, key: string): Promise<{ url: string; close(): Promise<void> }> {
  const headers = { 'x-tenant-api-key': key };
  const facilitator = new HTTPFacilitatorClient({
    url: `${origin}/v1/x402`,
    createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }),
  });
  const resourceServer = new x402ResourceServer(facilitator).register(BASE, new ExactEvmServer()).register(BSC, new ExactEvmServer());
  const shop = express();
  const route = (network: `eip155:${number}`, amount: string, asset: Address, extra: Record<string, string>) => ({
    accepts: { scheme: 'exact', network, payTo: seller, price: { amount, asset, extra } },
    description: 'Weather',
  });
  shop.use(
    paymentMiddleware(
      {
        'GET /base': route(BASE, '10000', base.usdc, { name: 'USDC', version: '2' }),
        'GET /bsc-usdt': route(BSC, '10000000000000000', usdt, { assetTransferMethod: 'permit2' }),
        'GET /bsc-usdc': route(BSC, '20000', bsc.usdc, { assetTransferMethod: 'permit2' }),
      },
      resourceServer,
    ),
  );
  for (const path of ['/base', '/bsc-usdt', '/bsc-usdc'])
    shop.get(path, (_req: unknown, res: { json(v: unknown): void }) => res.json({ forecast: 'sunny' }));
  const server: Server = await new Promise((r) => {
    const s = shop.listen(0, '127.0.0.1', () => r(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

for (const engine of ['pglite', 'postgres'] as const) {
  const skipped = skip || (engine === 'postgres' && !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : false);
  describe(`x402 on two networks in one installation [${engine}]`, { skip: skipped }, () => {
    let t: TestApp;
    let chains: X402Chain[];
    let origin = '';
    let key = '';
    let tenantId = '';
    before(async () => {
      chains = await x402FromConfig(testConfig({}, env));
      t = await startTestApp(engine, { env, ctx: { x402: chains } });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      ({ key, tenantId } = await t.tenant(['*']));
    });
    after(async () => {
      await t?.close();
    });
    const call = (path: string, body: unknown) => t.call('POST', `/v1/x402/${path}`, { key, body });

    it('supported lists both networks with their assets, and both fee payers as signers', async () => {
      const supported = (await t.call('GET', '/v1/x402/supported', { key })).body;
      assert.deepEqual(
        supported.kinds.map((k: { network: string; scheme: string }) => [k.scheme, k.network]),
        [
          ['exact', BASE],
          ['upto', BASE],
          ['exact', BSC],
          ['upto', BSC],
        ],
      );
      const bscAssets = supported.kinds[2].extra.assets as Array<{ address: string; name: string; version?: string }>;
      assert.deepEqual(
        bscAssets.map((a) => [a.address, a.name, a.version]),
        [
          [usdt, 'Tether USD', undefined],
          [bsc.usdc, 'USDC', '2'],
        ],
      );
      assert.deepEqual(supported.signers, {
        'eip155:*': [privateKeyToAccount(DEV_KEYS.feePayer).address, privateKeyToAccount(bscFeePayer).address],
      });
    });

    it('the official client pays on both networks at once: EIP-3009 USDC on one, Permit2 USDT and USDC on the other, each from its own fee payer', async () => {
      const shop = await startShop(origin, key);
      try {
        const before = {
          base: await balanceOf(base, base.usdc, seller),
          usdt: await balanceOf(bsc, usdt, seller),
          usdc: await balanceOf(bsc, bsc.usdc, seller),
        };
        const pay = wrapFetchWithPaymentFromConfig(fetch, {
          schemes: [{ network: 'eip155:*', client: new ExactEvmClient(buyer) }],
          spendControls: { allowedAssets: true },
        });
        const answers = await Promise.all(['/base', '/bsc-usdt', '/bsc-usdc'].map((p) => pay(`${shop.url}${p}`)));
        for (const res of answers) assert.equal(res.status, 200, await res.clone().text());
        const receipts = answers.map((res) => decodePaymentResponseHeader(res.headers.get('PAYMENT-RESPONSE') ?? ''));
        assert.deepEqual(
          receipts.map((r) => [r.success, r.network]),
          [
            [true, BASE],
            [true, BSC],
            [true, BSC],
          ],
        );
        assert.equal(await balanceOf(base, base.usdc, seller), before.base + 10_000n);
        assert.equal(await balanceOf(bsc, usdt, seller), before.usdt + 10n ** 16n);
        assert.equal(await balanceOf(bsc, bsc.usdc, seller), before.usdc + 20_000n);
        // Each network's own fee payer sent its transactions.
        const senders = await Promise.all(
          receipts.map((r, i) =>
            createPublicClient({ transport: http(i === 0 ? base.rpcUrl : bsc.rpcUrl) })
              .getTransaction({ hash: r.transaction as Hex })
              .then((tx) => tx.from),
          ),
        );
        const bscPayer = privateKeyToAccount(bscFeePayer).address.toLowerCase();
        assert.deepEqual(
          senders.map((a) => a.toLowerCase()),
          [privateKeyToAccount(DEV_KEYS.feePayer).address.toLowerCase(), bscPayer, bscPayer],
        );
        // The records keep their network, and so do the events the webhooks carry.
        for (const [i, r] of receipts.entries()) {
          const listed = (await t.call('GET', `/v1/x402/settlements?transaction=${r.transaction}`, { key })).body;
          assert.deepEqual([listed.total, listed.data[0].network, listed.data[0].status], [1, i === 0 ? BASE : BSC, 'confirmed']);
          const event = await t.ctx.db
            .selectFrom('outbox_events')
            .select(['event_type', 'payload'])
            .where('aggregate_id', '=', listed.data[0].id)
            .executeTakeFirstOrThrow();
          assert.equal(event.event_type, 'x402.payment.settled');
          assert.equal((event.payload as { network: string }).network, i === 0 ? BASE : BSC);
        }
      } finally {
        await shop.close();
      }
    });

    it('a payment made for one network is refused with the requirements of another, and an unserved network is refused', async () => {
      const onBase = await usdcPayment(84532, BASE, base.usdc);
      const onBsc = await usdtPermit(10n ** 16n);
      // Signed on Base, presented with BSC's requirements.
      const crossed = { ...onBase, paymentRequirements: onBsc.paymentRequirements };
      // Signed on Base, relabelled whole as BSC's (the devnets' USDC has one address on both): the signature is Base's.
      const relabelled = await usdcPayment(84532, BSC, bsc.usdc);
      // The other way: BSC's Permit2 payment presented with Base's requirements.
      const back = { ...onBsc, paymentRequirements: onBase.paymentRequirements };
      const unserved = { ...onBase, paymentRequirements: { ...onBase.paymentRequirements, network: 'eip155:8453' } };
      const usdtByEip3009 = {
        ...onBsc,
        paymentRequirements: { ...onBsc.paymentRequirements, extra: {} },
        paymentPayload: { ...onBsc.paymentPayload, accepted: { ...onBsc.paymentRequirements, extra: {} } },
      };
      const cases: Array<[string, unknown]> = [
        ['invalid_network', crossed],
        ['invalid_exact_evm_payload_signature', relabelled],
        ['invalid_network', back],
        ['invalid_network', unserved],
        ['invalid_payment_requirements', usdtByEip3009],
      ];
      for (const [reason, body] of cases) {
        const v = await call('verify', body);
        assert.equal(v.status, 200);
        assert.deepEqual([v.body.isValid, v.body.invalidReason], [false, reason], JSON.stringify(v.body));
        const s = await call('settle', body);
        assert.deepEqual([s.body.success, s.body.errorReason, s.body.transaction], [false, reason, ''], JSON.stringify(s.body));
      }
      assert.equal((await call('verify', unserved)).body.invalidMessage, `this facilitator settles on ${BASE}, ${BSC}`);
      // Nothing was written for any of them; each one as it was signed still verifies.
      assert.deepEqual((await call('verify', onBase)).body, { isValid: true, payer: buyer.address });
      assert.deepEqual((await call('verify', onBsc)).body, { isValid: true, payer: buyer.address });
    });

    it('20 concurrent Permit2 settles on the second network all succeed, each paying once', async () => {
      const bodies = await Promise.all(Array.from({ length: 20 }, () => usdtPermit(10n ** 15n)));
      const before = await balanceOf(bsc, usdt, seller);
      const results = await Promise.all(bodies.map((b) => call('settle', b)));
      assert.ok(
        results.every((r) => r.body.success === true),
        JSON.stringify(results.filter((r) => !r.body.success).map((r) => r.body)),
      );
      assert.ok(results.every((r) => r.body.network === BSC));
      assert.equal(new Set(results.map((r) => r.body.transaction)).size, 20);
      assert.equal(await balanceOf(bsc, usdt, seller), before + 20n * 10n ** 15n);
      // A replay gets its original transaction.
      assert.equal((await call('settle', bodies[0])).body.transaction, results[0]?.body.transaction);
    });

    it("a merchant's gas budget is per network: spent on one, the other still settles", async () => {
      const fresh = await t.tenant(['*']);
      const [onBase, onBsc] = chains;
      assert.ok(onBase && onBsc);
      const spent = await new X402Facilitator(t.ctx.db, onBsc, limitsOf(t.ctx.config.x402, BSC)).settle(
        fresh.tenantId,
        await usdtPermit(10n ** 15n),
      );
      assert.equal(spent.success, true, JSON.stringify(spent));
      const budget = (chain: X402Chain) =>
        new X402Facilitator(t.ctx.db, chain, { ...limitsOf(t.ctx.config.x402, chain.network), tenantGasBudgetWei: 1n });
      const refused = await budget(onBsc).settle(fresh.tenantId, await usdtPermit(10n ** 15n));
      assert.deepEqual([refused.success, refused.errorReason], [false, 'tenant_gas_budget_exhausted']);
      const other = await budget(onBase).settle(fresh.tenantId, await usdcPayment(84532, BASE, base.usdc));
      assert.equal(other.success, true, JSON.stringify(other));
      assert.ok(tenantId);
    });
  });
}
