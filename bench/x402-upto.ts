import { Agent } from 'node:http';
import Fastify from 'fastify';
import { x402Facilitator } from '@x402/core/facilitator';
import { PERMIT2_ADDRESS, toFacilitatorEvmSigner } from '@x402/evm';
import { UptoEvmScheme as UptoClient } from '@x402/evm/upto/client';
import { UptoEvmScheme as UptoFacilitator } from '@x402/evm/upto/facilitator';
import { createPublicClient, createWalletClient, http, publicActions, type Address } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, DEV_MNEMONIC, TEST_USDC, startDevnet } from '../src/chains/evm/devnet.ts';
import { connectX402 } from '../src/chains/x402/chain.ts';
import { progress, startBenchGateway, type Figures } from './lib.ts';
import { drive, figuresOfRuns, postJson, printRuns } from './x402.ts';

const NETWORK = 'eip155:84532';
const CHAIN = { id: 84532, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } } as const;

/** The official `@x402/evm` upto facilitator behind a bare Fastify route, with its own fee payer on the same chain. */
async function startPlainUpto(rpcUrl: string) {
  const wallet = createWalletClient({
    account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 4 }),
    transport: http(rpcUrl),
    chain: { ...CHAIN, rpcUrls: { default: { http: [rpcUrl] } } },
  }).extend(publicActions);
  const plain = new x402Facilitator().register(
    NETWORK,
    new UptoFacilitator(toFacilitatorEvmSigner({ ...wallet, address: wallet.account.address } as never)),
  );
  const bare = Fastify({ logger: false });
  bare.post<{ Body: { paymentPayload: never; paymentRequirements: never } }>('/verify', async (req) =>
    plain.verify(req.body.paymentPayload, req.body.paymentRequirements),
  );
  bare.post<{ Body: { paymentPayload: never; paymentRequirements: never } }>('/settle', async (req) =>
    plain.settle(req.body.paymentPayload, req.body.paymentRequirements),
  );
  return { url: await bare.listen({ host: '127.0.0.1', port: 0 }), facilitator: wallet.account.address, close: () => bare.close() };
}

/**
 * x402 `upto` over HTTP: Permit2 authorizations of a cap signed by the official upto client, each
 * settled for less than its cap (what the seller reports), through this gateway against the plain
 * `@x402/evm` upto facilitator on the same chain, in the same run.
 */
export async function benchX402Upto(): Promise<Figures> {
  const verifies = Number(process.env.BENCH_X402_VERIFY ?? 1000);
  const settles = Number(process.env.BENCH_X402_SETTLE ?? 200);
  const devnet = await startDevnet({ chainId: 84532, buyerUsdc: 10n ** 15n });
  const buyer = privateKeyToAccount(DEV_KEYS.buyer);
  const seller = privateKeyToAccount(DEV_KEYS.seller).address;
  const wallet = createWalletClient({
    account: buyer,
    transport: http(devnet.rpcUrl),
    chain: { ...CHAIN, rpcUrls: { default: { http: [devnet.rpcUrl] } } },
  });
  const approval = await wallet.writeContract({
    address: devnet.usdc,
    abi: TEST_USDC.abi,
    functionName: 'approve',
    args: [PERMIT2_ADDRESS, 10n ** 30n],
  });
  await createPublicClient({ transport: http(devnet.rpcUrl) }).waitForTransactionReceipt({ hash: approval });
  const bare = await startPlainUpto(devnet.rpcUrl);
  const ourFeePayer = privateKeyToAccount(DEV_KEYS.feePayer).address;
  const sign = async (facilitator: Address) => {
    const requirements = {
      scheme: 'upto',
      network: NETWORK,
      asset: devnet.usdc,
      amount: '50000',
      payTo: seller,
      maxTimeoutSeconds: 3600,
      extra: { name: 'USDC', version: '2', assetTransferMethod: 'permit2', facilitatorAddress: facilitator },
    };
    const { payload } = await new UptoClient(buyer).createPaymentPayload(2, requirements as never);
    return {
      x402Version: 2,
      paymentPayload: { x402Version: 2, resource: { url: 'http://seller.test/metered' }, accepted: requirements, payload },
      paymentRequirements: requirements,
    };
  };
  // A settle charges what the request used: the requirements' amount, below the cap.
  const charged = (body: Awaited<ReturnType<typeof sign>>) => ({
    ...body,
    paymentRequirements: { ...body.paymentRequirements, amount: '12345' },
  });
  progress(`x402 upto: signing ${2 * settles + 400} authorizations with the official client`);
  const verifyOurs = await Promise.all(Array.from({ length: 200 }, () => sign(ourFeePayer)));
  const verifyTheirs = await Promise.all(Array.from({ length: 200 }, () => sign(bare.facilitator)));
  const settleOurs = (await Promise.all(Array.from({ length: settles }, () => sign(ourFeePayer)))).map(charged);
  const settleTheirs = (await Promise.all(Array.from({ length: settles }, () => sign(bare.facilitator)))).map(charged);

  const x402 = await connectX402({ network: NETWORK, rpcUrl: devnet.rpcUrl, feePayerKey: DEV_KEYS.feePayer, assets: [devnet.usdc] });
  const gateway = await startBenchGateway({ embedded: true, ctx: { x402: [x402] } });
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const auth = { 'x-tenant-api-key': gateway.key };
  const ours = (path: string, body: unknown) => postJson(agent, `${gateway.url}/v1/x402/${path}`, body, auth);
  const plain = (path: string, body: unknown) => postJson(agent, `${bare.url}/${path}`, body, {});
  for (let i = 0; i < 50; i++) await Promise.all([ours('verify', verifyOurs[i]), plain('verify', verifyTheirs[i])]);
  progress(`x402 upto: verify ×${verifies} and settle ×${settles} (12,345 of a 50,000 cap), plain library then gateway`);
  const runs = [
    await drive(
      'plain upto verify',
      verifies,
      10,
      async (i) => (await plain('verify', verifyTheirs[i % verifyTheirs.length])).isValid === true,
    ),
    await drive(
      'gateway upto verify',
      verifies,
      10,
      async (i) => (await ours('verify', verifyOurs[i % verifyOurs.length])).isValid === true,
    ),
    await drive('plain upto settle', settles, 10, async (i) => (await plain('settle', settleTheirs[i])).success === true),
    await drive('gateway upto settle', settles, 10, async (i) => (await ours('settle', settleOurs[i])).success === true),
  ];
  printRuns(runs, verifies, settles, 'x402 upto (Permit2, USDC)');
  agent.destroy();
  await bare.close();
  await gateway.close();
  await devnet.stop();
  return figuresOfRuns(runs);
}
