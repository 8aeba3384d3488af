import {
  createPublicClient,
  defineChain,
  getAddress,
  http,
  type Address,
  type Chain,
  type HttpTransport,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getHttpRpcClient } from 'viem/utils';
import { eip3009ABI } from '@x402/evm';
import type { Config, X402NetworkSettings } from '../../config.ts';
import { X402_CHAIN_IDS, x402EnvOf } from '../../config/x402.ts';
import { CURRENCIES, networkNamed } from '../../lib/currencies/catalogue.ts';
import { FeePayerSender } from './sender.ts';

/** Circle's USDC on the networks x402 is used on: the default accepted asset. */
export const DEFAULT_USDC: Readonly<Record<number, Address>> = {
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  84532: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
};

/**
 * The tokens a network accepts when none are configured: Circle's USDC where x402 has one, else on a
 * catalogue network's main chain its US-dollar tokens (on BNB Smart Chain USDT and USDC, paid through
 * Permit2), else none.
 */
export function defaultX402Assets(chainId: number): Address[] {
  const usdc = DEFAULT_USDC[chainId];
  if (usdc) return [usdc];
  const net = x402EnvOf(chainId);
  if (!net || X402_CHAIN_IDS[net][0] !== chainId) return [];
  const api = networkNamed(net).api;
  return CURRENCIES.flatMap((c) => (c.network === api && c.peg === 'USD' && c.contractAddress ? [getAddress(c.contractAddress)] : []));
}

/**
 * The EIP-3009 surface the facilitator uses: the x402 library's ABI (transferWithAuthorization,
 * authorizationState, balanceOf, name, version) plus EIP-5267's `eip712Domain`.
 */
export const EIP3009_ABI = [
  ...eip3009ABI,
  {
    type: 'function',
    name: 'eip712Domain',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'fields', type: 'bytes1' },
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
      { name: 'salt', type: 'bytes32' },
      { name: 'extensions', type: 'uint256[]' },
    ],
  },
] as const;

/** How often a settlement's receipt is polled for while it is not mined. */
const RECEIPT_POLL_MS = 200;

/**
 * The transaction's receipt, looked for at once and then every RECEIPT_POLL_MS until `timeoutMs`
 * has passed; null when it is not mined by then (or the node cannot be asked). Not viem's
 * `waitForTransactionReceipt` with a `timeout`: when that timeout falls before its first receipt
 * lookup has returned (a short remaining deadline, a busy node), it still starts its block watcher
 * afterwards and never stops it, so a transaction that is never mined left a poller running for the
 * life of the process. This loop ends at its deadline, whatever the node does.
 */
export async function receiptWithin(client: PublicClient, hash: Hex, timeoutMs: number): Promise<TransactionReceipt | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
    const left = deadline - Date.now();
    if (receipt || left <= 0) return receipt;
    await new Promise((r) => setTimeout(r, Math.min(RECEIPT_POLL_MS, left)));
  }
}

/**
 * An accepted token and its EIP-712 domain (read once from the chain: it cannot change). A token
 * without one (no `version()`: USDT on BNB Smart Chain) has no EIP-3009 and is paid through Permit2.
 */
export interface X402Asset {
  address: Address;
  name: string;
  version?: string;
}

/** The facilitator's chain: clients, the fee payer, and the accepted assets. */
export interface X402Chain {
  /** CAIP-2 id, e.g. eip155:84532. */
  network: string;
  chainId: number;
  publicClient: PublicClient;
  /** Signs, sends and pays for settlements; absent: verify only (settle answers settlement_disabled). */
  sender?: FeePayerSender;
  feePayer?: Address;
  assets: Map<string, X402Asset>;
  /**
   * eth_calls at the latest block sent as one JSON-RPC batch at once, each answered with its result
   * or its error (an error of the request itself rejects). Absent: each goes through publicClient.
   */
  ethCallBatch?: (calls: readonly EthCall[]) => Promise<EthCallAnswer[]>;
}

/** A read-only call: the contract and the call data. */
export interface EthCall {
  to: Address;
  data: Hex;
}
export type EthCallAnswer = { ok: true; result: Hex } | { ok: false; error: unknown };

/**
 * One HTTP request carrying `calls` as a JSON-RPC batch, without the client's batch timer: the
 * caller has already gathered the calls that go together. Answers are matched to calls by id (a
 * node may answer a batch in any order).
 */
function ethCallBatcher(rpcUrl: string): (calls: readonly EthCall[]) => Promise<EthCallAnswer[]> {
  const rpc = getHttpRpcClient(rpcUrl, { timeout: 10_000 });
  return async (calls) => {
    const body = calls.map((c, id) => ({
      jsonrpc: '2.0' as const,
      id,
      method: 'eth_call',
      params: [{ to: c.to, data: c.data }, 'latest'],
    }));
    const answers = (await rpc.request({ body })) as unknown as Array<{ id: number; result?: Hex; error?: unknown }>;
    const byId = new Map(answers.map((a) => [a.id, a]));
    return calls.map((_, id): EthCallAnswer => {
      const a = byId.get(id);
      if (a && a.error === undefined && typeof a.result === 'string') return { ok: true, result: a.result };
      return { ok: false, error: a?.error ?? new Error('the node did not answer this call of the batch') };
    });
  };
}

/**
 * Connects to the x402 network: JSON-RPC requests made together go out as one batch, and the fee
 * payer's transactions are signed here with nonces assigned here (sender.ts), so concurrent
 * settlements do not collide and a send the node never got leaves no gap (one it may have got is
 * sent again by the worker, follow.ts).
 */
export async function connectX402(opts: { network: string; rpcUrl: string; feePayerKey?: string; assets: string[] }): Promise<X402Chain> {
  const chainId = Number(opts.network.split(':')[1]);
  const chain = defineChain({
    id: chainId,
    name: opts.network,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const transport = http(opts.rpcUrl, { batch: { wait: 2 }, retryCount: 2 });
  // A receipt not there at the first look is looked for again at each new block, polled this often
  // (viem's default, 4 s, would hold a settlement long after an L2 or a devnet has mined it).
  const pollingInterval = RECEIPT_POLL_MS;
  const publicClient: PublicClient = createPublicClient<HttpTransport, Chain>({ chain, transport, pollingInterval });
  const account = opts.feePayerKey ? privateKeyToAccount(opts.feePayerKey as Hex) : undefined;
  const sender = account ? new FeePayerSender(publicClient, account, chainId) : undefined;
  // A node of another chain would have every payment signed for this one refused, or worse: said at start.
  const actual = await publicClient.getChainId();
  if (actual !== chainId) throw new Error(`the x402 node of ${opts.network} serves chain ${actual}`);
  const addresses = opts.assets.length > 0 ? opts.assets : defaultX402Assets(chainId);
  const assets = new Map<string, X402Asset>();
  for (const raw of addresses) {
    const address = getAddress(raw);
    const domain = await readDomain(publicClient, address);
    assets.set(address.toLowerCase(), { address, ...domain });
  }
  return {
    network: opts.network,
    chainId,
    publicClient,
    sender,
    feePayer: account?.address,
    assets,
    ethCallBatch: ethCallBatcher(opts.rpcUrl),
  };
}

/**
 * A token's EIP-712 name and version: EIP-5267 `eip712Domain()`, else `name()` and `version()`; a
 * token with a name and no version has no domain (Permit2 only). One without a name is no token.
 */
async function readDomain(client: PublicClient, address: Address): Promise<{ name: string; version?: string }> {
  try {
    const [, name, version] = await client.readContract({ address, abi: EIP3009_ABI, functionName: 'eip712Domain' });
    return { name, version };
  } catch {
    const [name, version] = await Promise.all([
      client.readContract({ address, abi: EIP3009_ABI, functionName: 'name' }),
      client.readContract({ address, abi: EIP3009_ABI, functionName: 'version' }).catch(() => undefined),
    ]);
    return version === undefined ? { name } : { name, version };
  }
}

/** The x402 network of these settings, when they name an RPC (a sandbox devnet is set up by main). */
function connectX402Network(n: X402NetworkSettings): Promise<X402Chain> | undefined {
  return n.rpcUrl ? connectX402({ network: n.network, rpcUrl: n.rpcUrl, feePayerKey: n.feePayerKey, assets: n.assets }) : undefined;
}

/** The chains of this installation's x402 networks that name an RPC, in the configured order. */
export async function x402FromConfig(config: Config): Promise<X402Chain[]> {
  return Promise.all(config.x402.networks.flatMap((n) => connectX402Network(n) ?? []));
}
