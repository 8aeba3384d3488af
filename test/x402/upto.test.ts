import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { before, it } from 'node:test';
import express from 'express';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { PERMIT2_ADDRESS } from '@x402/evm';
import { UptoEvmScheme as UptoEvmClient } from '@x402/evm/upto/client';
import { UptoEvmScheme as UptoEvmServer } from '@x402/evm/upto/server';
import { paymentMiddleware, setSettlementOverrides, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC } from '../../src/chains/evm/devnet.ts';
import { describeEngines } from '../helpers/harness.ts';
import { X402_NETWORK, useX402App, useX402Devnet, x402Skip, type X402App } from '../helpers/x402-devnet.ts';

// The upto scheme: the buyer signs a Permit2 transfer of at most a cap, the seller reports what the
// request used, and the facilitator charges exactly that, never more than the cap, once.
const NETWORK = X402_NETWORK;
const buyer = privateKeyToAccount(DEV_KEYS.buyer);
const seller = privateKeyToAccount(DEV_KEYS.seller).address;
const feePayer = privateKeyToAccount(DEV_KEYS.feePayer).address;
const CAP = '50000';

const net = useX402Devnet();
const skip = x402Skip;

/** Permit2 moves only what the buyer allowed it to: approved once, for the test token, by the first suite. */
let approval: Promise<void> | undefined;
const approvePermit2 = () => (approval ??= approve());
async function approve(): Promise<void> {
  const { rpcUrl, usdc } = net().devnet;
  const chain = {
    id: 84532,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  const wallet = createWalletClient({ account: buyer, transport: http(rpcUrl), chain });
  const hash = await wallet.writeContract({
    address: usdc,
    abi: TEST_USDC.abi,
    functionName: 'approve',
    args: [PERMIT2_ADDRESS, 10n ** 30n],
  });
  await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash });
}

const balance = (address: Address) =>
  createPublicClient({ transport: http(net().devnet.rpcUrl) }).readContract({
    address: net().devnet.usdc,
    abi: TEST_USDC.abi,
    functionName: 'balanceOf',
    args: [address],
  }) as Promise<bigint>;
const balances = async () => ({ buyer: await balance(buyer.address), seller: await balance(seller) });

/** The requirements a seller lists for upto on `network`, as the upto server completes them from /supported. */
const requirementsOn = (network: string, cap = CAP) => ({
  scheme: 'upto',
  network,
  asset: net().devnet.usdc,
  amount: cap,
  payTo: seller,
  maxTimeoutSeconds: 120,
  extra: { name: 'USDC', version: '2', assetTransferMethod: 'permit2', facilitatorAddress: feePayer },
});

/** A verify body signed by the official upto client for `network`; settle bodies change the requirements' amount. */
async function uptoPayment(network = NETWORK, opts: { facilitator?: Address } = {}) {
  const requirements = requirementsOn(network);
  const signed = { ...requirements, extra: { ...requirements.extra, facilitatorAddress: opts.facilitator ?? feePayer } };
  const { payload } = await new UptoEvmClient(buyer).createPaymentPayload(
    2,
    signed as Parameters<UptoEvmClient['createPaymentPayload']>[1],
  );
  const paymentPayload = { x402Version: 2, resource: { url: 'https://seller.test/metered' }, accepted: requirements, payload };
  return { x402Version: 2, paymentPayload, paymentRequirements: requirements };
}
type Body = Awaited<ReturnType<typeof uptoPayment>>;
/** The settle body a seller sends after the request: the requirements carry the amount it used. */
const charging = (body: Body, amount: string): Body => ({ ...body, paymentRequirements: { ...body.paymentRequirements, amount } });

/** A shop (the official express middleware) whose metered routes report what each request used. */
async function startShop(origin: string, key: string): Promise<{ url: string; close(): Promise<void> }> {
  const headers = { 'x-tenant-api-key': key };
  const facilitator = new HTTPFacilitatorClient({
    url: `${origin}/v1/x402`,
    createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }),
  });
  const shop = express();
  const accepts = {
    scheme: 'upto',
    network: NETWORK as `${string}:${string}`,
    payTo: seller,
    price: { amount: CAP, asset: net().devnet.usdc, extra: { name: 'USDC', version: '2' } },
  };
  const routes = { 'GET /metered': { accepts, description: 'Metered' }, 'GET /greedy': { accepts, description: 'Charges above the cap' } };
  shop.use(paymentMiddleware(routes, new x402ResourceServer(facilitator).register(NETWORK, new UptoEvmServer())));
  type Res = { json(v: unknown): void };
  shop.get('/metered', (_req: unknown, res: Res) => {
    setSettlementOverrides(res as Parameters<typeof setSettlementOverrides>[0], { amount: '12345' });
    res.json({ tokens: 12345 });
  });
  shop.get('/greedy', (_req: unknown, res: Res) => {
    setSettlementOverrides(res as Parameters<typeof setSettlementOverrides>[0], { amount: '50001' });
    res.json({ tokens: 50001 });
  });
  const server: Server = await new Promise((r) => {
    const s = shop.listen(0, '127.0.0.1', () => r(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describeEngines('x402 upto scheme on EVM (Permit2)', (engine) => {
  const app = useX402App(engine, net);
  let { t, origin, a, b } = {} as X402App;
  before(async () => {
    if (skip) return;
    ({ t, origin, a, b } = app());
    await approvePermit2();
  });
  const call = (path: 'verify' | 'settle', body: unknown, key = a.key) => t.call('POST', `/v1/x402/${path}`, { key, body });
  const settlements = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('x402_settlements')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('supported lists upto beside exact, naming the fee payer as the facilitator address', { skip }, async () => {
    const kinds = (await t.call('GET', '/v1/x402/supported', { key: a.key })).body.kinds;
    assert.deepEqual(
      kinds.map((k: { scheme: string; network: string }) => [k.scheme, k.network]),
      [
        ['exact', NETWORK],
        ['upto', NETWORK],
      ],
    );
    assert.equal(kinds[1].extra.facilitatorAddress, feePayer);
  });

  it('the official client pays a metered route: charged exactly what the seller reported, the record keeps cap and amount', {
    skip,
  }, async () => {
    const shop = await startShop(origin, a.key);
    try {
      const pay = wrapFetchWithPaymentFromConfig(fetch, {
        schemes: [{ network: 'eip155:*', client: new UptoEvmClient(buyer) }],
        spendControls: { allowedAssets: true },
      });
      const before = await balances();
      const res = await pay(`${shop.url}/metered`);
      assert.equal(res.status, 200, await res.clone().text());
      const receipt = decodePaymentResponseHeader(res.headers.get('PAYMENT-RESPONSE') ?? '');
      assert.deepEqual([receipt.success, receipt.network, receipt.amount], [true, NETWORK, '12345']);
      assert.match(receipt.transaction, /^0x[0-9a-f]{64}$/);
      assert.deepEqual(await balances(), { buyer: before.buyer - 12_345n, seller: before.seller + 12_345n });
      const listed = (await t.call('GET', `/v1/x402/settlements?transaction=${receipt.transaction}`, { key: a.key })).body;
      assert.equal(listed.total, 1);
      const { scheme, cap, amount, status, payer } = listed.data[0];
      assert.deepEqual(
        { scheme, cap, amount, status, payer },
        { scheme: 'upto', cap: CAP, amount: '12345', status: 'confirmed', payer: buyer.address.toLowerCase() },
      );
      const event = await t.ctx.db
        .selectFrom('outbox_events')
        .select(['event_type', 'payload'])
        .where('aggregate_id', '=', listed.data[0].id)
        .executeTakeFirstOrThrow();
      assert.equal(event.event_type, 'x402.payment.settled');
      assert.deepEqual([(event.payload as { cap: string }).cap, (event.payload as { amount: string }).amount], [CAP, '12345']);
      // Another tenant does not see it.
      assert.equal((await t.call('GET', `/v1/x402/settlements/${listed.data[0].id}`, { key: b.key })).status, 404);

      // A seller that reports more than the cap gets the payment refused, and nothing moves.
      const count = await settlements();
      const held = await balances();
      const greedy = await pay(`${shop.url}/greedy`);
      assert.notEqual(greedy.status, 200);
      assert.deepEqual(await balances(), held);
      assert.equal(await settlements(), count);
    } finally {
      await shop.close();
    }
  });

  it('an amount above the cap is refused with its reason, and nothing moves or is recorded', { skip }, async () => {
    const body = await uptoPayment();
    assert.deepEqual((await call('verify', body)).body, { isValid: true, payer: buyer.address });
    const count = await settlements();
    const held = await balances();
    const over = await call('settle', charging(body, '50001'));
    assert.deepEqual(
      [over.body.success, over.body.errorReason, over.body.transaction],
      [false, 'invalid_upto_evm_payload_settlement_exceeds_amount', ''],
    );
    assert.match(over.body.errorMessage, /50001.*above the cap.*50000/);
    // The verify of an amount other than the cap is refused too: at verify the amount is the cap.
    assert.equal((await call('verify', charging(body, '40000'))).body.invalidReason, 'permit2_amount_mismatch');
    assert.deepEqual(await balances(), held);
    assert.equal(await settlements(), count);
    // The permit is untouched: the seller can still charge within the cap.
    const ok = await call('settle', charging(body, CAP));
    assert.equal(ok.body.success, true, JSON.stringify(ok.body));
    assert.deepEqual(await balances(), { buyer: held.buyer - 50_000n, seller: held.seller + 50_000n });
  });

  it('a replay settles once: concurrent and later settles of one payload answer the first transaction and its amount', {
    skip,
  }, async () => {
    const body = await uptoPayment();
    const held = await balances();
    const results = await Promise.all(Array.from({ length: 5 }, () => call('settle', charging(body, '700'))));
    assert.ok(
      results.every((r) => r.body.success === true),
      JSON.stringify(results.map((r) => r.body)),
    );
    assert.equal(new Set(results.map((r) => r.body.transaction)).size, 1);
    // Later, with another amount: still the first settlement, nothing more charged.
    const again = await call('settle', charging(body, '900'));
    assert.deepEqual([again.body.success, again.body.transaction, again.body.amount], [true, results[0]?.body.transaction, '700']);
    assert.deepEqual(await balances(), { buyer: held.buyer - 700n, seller: held.seller + 700n });
    assert.equal((await call('verify', body)).body.invalidReason, 'authorization_already_used');
  });

  it('a settlement of 0 sends nothing, keeps its record, and is not settled again', { skip }, async () => {
    const body = await uptoPayment();
    const held = await balances();
    const zero = await call('settle', charging(body, '0'));
    assert.deepEqual(zero.body, { success: true, transaction: '', network: NETWORK, payer: buyer.address, amount: '0' });
    const row = await t.ctx.db
      .selectFrom('x402_settlements')
      .selectAll()
      .where('tenant_id', '=', a.tenantId)
      .where('amount', '=', '0')
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.scheme, row.cap, row.status, row.transaction], ['upto', CAP, 'confirmed', '']);
    const events = await t.ctx.db.selectFrom('outbox_events').select('event_type').where('aggregate_id', '=', row.id).execute();
    assert.deepEqual(
      events.map((e) => e.event_type),
      ['x402.payment.settled'],
    );
    const later = await call('settle', charging(body, '100'));
    assert.deepEqual([later.body.success, later.body.transaction, later.body.amount], [true, '', '0']);
    assert.deepEqual(await balances(), held);
  });

  it("another network's payload, or one for another facilitator, is refused and nothing moves", { skip }, async () => {
    const other = await uptoPayment('eip155:97');
    const relabel = (network: string) => ({ ...other.paymentRequirements, network });
    const cases: Array<[string, unknown]> = [
      // Made for a network this facilitator does not serve.
      ['invalid_network', other],
      // Made on another network, presented with this network's requirements.
      ['invalid_network', { ...other, paymentRequirements: relabel(NETWORK) }],
      // Relabelled whole: the signature is another chain's.
      [
        'invalid_permit2_signature',
        { ...other, paymentRequirements: relabel(NETWORK), paymentPayload: { ...other.paymentPayload, accepted: relabel(NETWORK) } },
      ],
      // Signed for a facilitator that is not this one: only it could settle the permit.
      ['upto_facilitator_mismatch', await uptoPayment(NETWORK, { facilitator: seller })],
    ];
    const count = await settlements();
    const held = await balances();
    for (const [reason, body] of cases) {
      assert.equal((await call('verify', body)).body.invalidReason, reason, JSON.stringify(body));
      const s = await call('settle', charging(body as Body, '100'));
      assert.deepEqual([s.body.success, s.body.errorReason, s.body.transaction], [false, reason, '']);
    }
    assert.deepEqual(await balances(), held);
    assert.equal(await settlements(), count);
  });
});
