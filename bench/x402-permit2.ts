import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { PERMIT2_ADDRESS, permit2WitnessTypes, x402ExactPermit2ProxyAddress } from '@x402/evm';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, startDevnet } from '../src/chains/evm/devnet.ts';
import { connectX402 } from '../src/chains/x402/chain.ts';
import { progress, startBenchGateway, type Figures } from './lib.ts';
import { drive, figuresOfRuns, postJson, printRuns, startPlain } from './x402.ts';

const BASE = 'eip155:84532';
const BSC = 'eip155:97' as const;

/**
 * x402 on a second network of the same gateway: Permit2 payments of a plain ERC-20 USDT (no
 * EIP-3009, as on BNB Smart Chain) on a BSC-like chain, through a gateway that also serves a
 * Base-like one, against the official `@x402/evm` facilitator on the same chain, same payloads.
 */
export async function benchX402Permit2(): Promise<Figures> {
  const verifies = Number(process.env.BENCH_X402_VERIFY ?? 2000);
  const settles = Number(process.env.BENCH_X402_SETTLE ?? 200);
  const [base, bsc] = await Promise.all([startDevnet({ chainId: 84532 }), startDevnet({ chainId: 97, usdt: true })]);
  const usdt = bsc.usdt;
  if (!usdt) throw new Error('x402 permit2: the BSC-like devnet has no USDT');
  const buyer = privateKeyToAccount(DEV_KEYS.buyer);
  const seller = privateKeyToAccount(DEV_KEYS.seller).address;
  await approvePermit2(bsc.rpcUrl, usdt);
  const requirements = {
    scheme: 'exact',
    network: BSC,
    asset: usdt,
    amount: '1000000000000000',
    payTo: seller,
    maxTimeoutSeconds: 60,
    extra: { assetTransferMethod: 'permit2' },
  };
  const sign = async () => {
    const now = Math.floor(Date.now() / 1000);
    const permit = {
      permitted: { token: usdt, amount: requirements.amount },
      from: buyer.address,
      spender: x402ExactPermit2ProxyAddress,
      nonce: BigInt(`0x${randomBytes(16).toString('hex')}`).toString(),
      deadline: String(now + 3600),
      witness: { to: seller, validAfter: String(now - 60) },
    };
    const signature = await buyer.signTypedData({
      domain: { name: 'Permit2', chainId: 97, verifyingContract: PERMIT2_ADDRESS },
      types: permit2WitnessTypes,
      primaryType: 'PermitWitnessTransferFrom',
      message: {
        permitted: { token: usdt, amount: BigInt(requirements.amount) },
        spender: permit.spender,
        nonce: BigInt(permit.nonce),
        deadline: BigInt(permit.deadline),
        witness: { to: seller, validAfter: BigInt(now - 60) },
      },
    });
    return {
      x402Version: 2,
      paymentPayload: {
        x402Version: 2,
        resource: { url: 'http://seller.test/x' },
        accepted: requirements,
        payload: { signature, permit2Authorization: permit },
      },
      paymentRequirements: requirements,
    };
  };
  const verifyPool = await Promise.all(Array.from({ length: 200 }, sign));
  const ours = await Promise.all(Array.from({ length: settles }, sign));
  const theirs = await Promise.all(Array.from({ length: settles }, sign));

  const chains = await Promise.all([
    connectX402({ network: BASE, rpcUrl: base.rpcUrl, feePayerKey: DEV_KEYS.feePayer, assets: [base.usdc] }),
    connectX402({ network: BSC, rpcUrl: bsc.rpcUrl, feePayerKey: DEV_KEYS.feePayer, assets: [usdt] }),
  ]);
  const gateway = await startBenchGateway({ embedded: true, ctx: { x402: chains } });
  const bare = await startPlain(bsc.rpcUrl, BSC);
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const auth = { 'x-tenant-api-key': gateway.key };
  const ours402 = (path: string, body: unknown) => postJson(agent, `${gateway.url}/v1/x402/${path}`, body, auth);
  const plain = (path: string, body: unknown) => postJson(agent, `${bare.url}/${path}`, body, {});
  for (const p of verifyPool.slice(0, 50)) await Promise.all([ours402('verify', p), plain('verify', p)]);
  progress(`x402 permit2: verify ×${verifies} and settle ×${settles} on the second network, plain library then gateway`);
  const runs = [
    await drive(
      'plain permit2 verify',
      verifies,
      10,
      async (i) => (await plain('verify', verifyPool[i % verifyPool.length])).isValid === true,
    ),
    await drive(
      'gateway permit2 verify',
      verifies,
      10,
      async (i) => (await ours402('verify', verifyPool[i % verifyPool.length])).isValid === true,
    ),
    await drive('plain permit2 settle', settles, 10, async (i) => (await plain('settle', theirs[i])).success === true),
    await drive('gateway permit2 settle', settles, 10, async (i) => (await ours402('settle', ours[i])).success === true),
  ];
  printRuns(runs, verifies, settles, 'x402 Permit2 (USDT, BSC-like second network)');
  agent.destroy();
  await bare.close();
  await gateway.close();
  await Promise.all([base.stop(), bsc.stop()]);
  return figuresOfRuns(runs);
}

/** The buyer allows Permit2 to move its USDT (once, as a wallet does before its first Permit2 payment). */
async function approvePermit2(rpcUrl: string, token: Address): Promise<void> {
  const chain = {
    id: 97,
    name: 'bsc',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.buyer), transport: http(rpcUrl), chain });
  const hash = await wallet.writeContract({
    address: token,
    abi: TEST_USDC.abi,
    functionName: 'approve',
    args: [PERMIT2_ADDRESS, 2n ** 255n],
  });
  await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash });
}
