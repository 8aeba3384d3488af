import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { freePort } from '../../lib/net.ts';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  getContractAddress,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const require = createRequire(import.meta.url);

const artifact = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../contracts/${name}.json`, import.meta.url), 'utf8')) as { abi: Abi; bytecode: Hex };

/** Permit2's and x402's permit2 proxies' (exact, upto) canonical addresses (the same on every chain). */
export const PERMIT2_CANONICAL: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
export const X402_PERMIT2_PROXY_CANONICAL: Address = '0x402085c248EeA27D92E8b30b2C58ed07f9E20001';
export const X402_UPTO_PERMIT2_PROXY_CANONICAL: Address = '0x4020A4f3b7b90ccA423B9fabCc0CE57C6C240002';

/** The compiled EIP-3009 test token (contracts/TestUSDC.sol, built by `npm run build:contracts`). */
export const TEST_USDC = JSON.parse(readFileSync(new URL('../../../contracts/TestUSDC.json', import.meta.url), 'utf8')) as {
  abi: Abi;
  bytecode: Hex;
};

/** The compiled plain ERC-20 USDT-like test token (contracts/TestUSDT.sol): no EIP-3009, paid through Permit2. */
export const TEST_USDT = artifact('TestUSDT');

/** The deployer's nonce that deploys the test USDT: after the USDC, its first mint, Permit2 and the two proxies. */
const USDT_NONCE = 5;

/** Anvil's development mnemonic: public knowledge, its accounts funded only on a local devnet. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * The devnet's roles, as anvil's first development accounts (never secrets, never on a real chain):
 * the keys of DEV_MNEMONIC's accounts 0 to 3 (m/44'/60'/0'/0/i), written out because deriving them
 * costs a second of start-up.
 */
export const DEV_KEYS = {
  deployer: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  feePayer: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  buyer: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  seller: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
} as const satisfies Record<string, Hex>;

/**
 * The anvil binary from npm (`@foundry-rs/anvil-<platform>-<arch>`; this project depends on the
 * linux-amd64 one as an optional dependency), or null where it is not installed.
 */
export function anvilBinary(): string | null {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  try {
    const path = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil`);
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

export interface Devnet {
  rpcUrl: string;
  chainId: number;
  /** The deployed EIP-3009 USDC-like token. */
  usdc: Address;
  /** The deployed plain ERC-20 USDT-like token (Permit2 only), when asked for with `usdt`. */
  usdt?: Address;
  /** Mints a test token (USDC unless named; atomic units) to an address. */
  mint(to: Address, units: bigint, token?: Address): Promise<void>;
  stop(): Promise<void>;
}

/** Polling of the devnet's own client: a local node answers at once, so waiting 4 s (viem's default) only delays. */
const POLL_MS = 50;

/**
 * Starts a local EVM node (anvil, from npm) with `chainId`, deploys the test USDC and funds the
 * development buyer with it. Blocks are mined on every transaction (and also every `blockTimeS`
 * seconds when set), like a fast L2: deploys never wait for a block time.
 *
 * With `statePath` the chain is kept in that file (anvil --state: loaded at start, saved when it
 * stops): a later start on the same file finds its contracts and balances as they were, and deploys
 * nothing. A file that does not hold them (a first start, an older format) is deployed upon as usual.
 */
export async function startDevnet(
  opts: { chainId?: number; blockTimeS?: number; buyerUsdc?: bigint; statePath?: string; usdt?: boolean } = {},
): Promise<Devnet> {
  const binary = anvilBinary();
  if (!binary) throw new Error(`anvil is not installed for ${process.platform}-${process.arch} (@foundry-rs/anvil-*)`);
  const chainId = opts.chainId ?? 84532;
  const port = await freePort();
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'];
  if (opts.blockTimeS) args.push('--block-time', String(opts.blockTimeS), '--mixed-mining');
  if (opts.statePath) args.push('--state', keptState(opts.statePath, opts.usdt === true));
  const node = spawnAnvil(binary, args);
  const { proc } = node;
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = defineChain({
    id: chainId,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const pub = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: POLL_MS });
  await untilAnswering(pub, node);
  const deployer = createWalletClient({
    chain,
    transport: http(rpcUrl),
    account: privateKeyToAccount(DEV_KEYS.deployer),
    pollingInterval: POLL_MS,
  });
  const reused = opts.statePath ? await deployedBefore(pub, opts.usdt === true) : null;
  const usdc = reused ?? getContractAddress({ from: deployer.account.address, nonce: 0n });
  const mint = async (to: Address, units: bigint, token: Address = usdc) => {
    const h = await deployer.writeContract({ address: token, abi: TEST_USDC.abi, functionName: 'mint', args: [to, units] });
    await pub.waitForTransactionReceipt({ hash: h, pollingInterval: POLL_MS });
  };
  if (!reused)
    await deployContracts(pub, deployer, devnetControls(rpcUrl, chainId), usdc, () =>
      mint(privateKeyToAccount(DEV_KEYS.buyer).address, opts.buyerUsdc ?? 1_000_000_000n),
    );
  // The USDT-like token comes after every other contract, so theirs keep their addresses.
  const usdt = opts.usdt ? getContractAddress({ from: deployer.account.address, nonce: BigInt(USDT_NONCE) }) : undefined;
  if (usdt && !reused) await deployUsdt(pub, deployer, usdt, mint);
  return {
    rpcUrl,
    chainId,
    usdc,
    ...(usdt ? { usdt } : {}),
    mint,
    async stop() {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}
/**
 * The saved chain at `path`, unless its contracts were compiled from other sources (the file
 * beside it names the bytecode they were deployed from): then it is dropped and deployed anew.
 */
function keptState(path: string, usdt: boolean): string {
  const bytecodes = [
    TEST_USDC.bytecode,
    artifact('TestPermit2').bytecode,
    artifact('TestX402Permit2Proxy').bytecode,
    artifact('TestX402UptoPermit2Proxy').bytecode,
    ...(usdt ? [TEST_USDT.bytecode] : []),
  ];
  const fingerprint = createHash('sha256').update(bytecodes.join()).digest('hex');
  const marker = `${path}.contracts`;
  // The devnet starts while the database opens: a new DATA_DIR may not exist yet.
  mkdirSync(dirname(path), { recursive: true });
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== fingerprint) {
    rmSync(path, { force: true });
    writeFileSync(marker, fingerprint);
  }
  return path;
}

type DevnetPublic = ReturnType<typeof createPublicClient>;
type DevnetWallet = WalletClient<Transport, Chain, Account>;

/** The anvil process, killed with this one, and what it wrote to stderr so far (for the error when it does not start). */
function spawnAnvil(binary: string, args: string[]): { proc: ChildProcessByStdio<null, null, Readable>; stderr: () => string } {
  const proc = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  // The node never outlives the process that started it.
  const reap = () => proc.kill('SIGKILL');
  process.once('exit', reap);
  proc.once('exit', () => process.off('exit', reap));
  return { proc, stderr: () => stderr };
}

/** Waits (up to 20 s) until the node answers, or throws with its stderr when it exits or never does. */
async function untilAnswering(pub: DevnetPublic, node: ReturnType<typeof spawnAnvil>): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await pub.getChainId();
      return;
    } catch {
      if (node.proc.exitCode !== null || Date.now() > deadline) throw new Error(`anvil did not start: ${node.stderr()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** The USDT-like token at `usdt` (its fixed nonce) and the development buyer's 1,000 USDT of it. */
async function deployUsdt(
  pub: DevnetPublic,
  deployer: DevnetWallet,
  usdt: Address,
  mint: (to: Address, units: bigint, token: Address) => Promise<void>,
): Promise<void> {
  const deployed = await pub.waitForTransactionReceipt({
    hash: await deployer.deployContract({ abi: TEST_USDT.abi, bytecode: TEST_USDT.bytecode, nonce: USDT_NONCE }),
    pollingInterval: POLL_MS,
  });
  if (deployed.contractAddress?.toLowerCase() !== usdt.toLowerCase())
    throw new Error('the devnet deployer had sent other transactions before the test USDT');
  // 1,000 USDT (18 decimals, as on BNB Smart Chain) for the development buyer.
  await mint(privateKeyToAccount(DEV_KEYS.buyer).address, 10n ** 21n, usdt);
}

/** The test USDC (the deployer's first contract, at `usdc`), the buyer's funds, Permit2 and x402's permit2 proxies. */
async function deployContracts(
  pub: DevnetPublic,
  deployer: DevnetWallet,
  control: ReturnType<typeof devnetControls>,
  usdc: Address,
  fundBuyer: () => Promise<void>,
): Promise<void> {
  const deploy = async (abi: Abi, bytecode: Hex) =>
    pub.waitForTransactionReceipt({ hash: await deployer.deployContract({ abi, bytecode }), pollingInterval: POLL_MS });
  const token = await deploy(TEST_USDC.abi, TEST_USDC.bytecode);
  if (token.contractAddress?.toLowerCase() !== usdc.toLowerCase())
    throw new Error('the devnet deployer had sent transactions before the test USDC');
  await fundBuyer();
  // Permit2 and x402's permit2 proxies at their canonical addresses, as on Base: deployed, then
  // their runtime code placed where payments name them (none has constructor state).
  const placed = [
    ['TestPermit2', PERMIT2_CANONICAL],
    ['TestX402Permit2Proxy', X402_PERMIT2_PROXY_CANONICAL],
    ['TestX402UptoPermit2Proxy', X402_UPTO_PERMIT2_PROXY_CANONICAL],
  ] as const;
  for (const [name, at] of placed) {
    const { abi, bytecode } = artifact(name);
    const deployed = await deploy(abi, bytecode);
    const code = deployed.contractAddress ? await pub.getCode({ address: deployed.contractAddress }) : undefined;
    if (!code) throw new Error(`the devnet did not deploy ${name}`);
    await control.setCode({ address: at, bytecode: code });
  }
}

/** The test USDC's address when a saved chain already holds every devnet contract, else null. */
async function deployedBefore(pub: DevnetPublic, usdt: boolean): Promise<Address | null> {
  const from = privateKeyToAccount(DEV_KEYS.deployer).address;
  const usdc = getContractAddress({ from, nonce: 0n });
  const expected = [
    usdc,
    PERMIT2_CANONICAL,
    X402_PERMIT2_PROXY_CANONICAL,
    X402_UPTO_PERMIT2_PROXY_CANONICAL,
    ...(usdt ? [getContractAddress({ from, nonce: BigInt(USDT_NONCE) })] : []),
  ];
  for (const at of expected) {
    const code = await pub.getCode({ address: at });
    if (!code || code === '0x') return null;
  }
  return usdc;
}

/** A test client for devnet-only controls (mine, time travel). */
export function devnetControls(rpcUrl: string, chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl) });
}
