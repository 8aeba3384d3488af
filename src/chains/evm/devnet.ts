import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freePort } from '../../lib/net.ts';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type Abi,
  type Address,
  type Hex,
  toHex,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';

const require = createRequire(import.meta.url);

const artifact = (name: string) => JSON.parse(readFileSync(new URL(`../../../contracts/${name}.json`, import.meta.url), 'utf8')) as { abi: Abi; bytecode: Hex };

/** Permit2's and x402's exact permit2 proxy's canonical addresses (the same on every chain). */
export const PERMIT2_CANONICAL: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
export const X402_PERMIT2_PROXY_CANONICAL: Address = '0x402085c248EeA27D92E8b30b2C58ed07f9E20001';

/** The compiled EIP-3009 test token (contracts/TestUSDC.sol, built by `npm run build:contracts`). */
export const TEST_USDC = JSON.parse(readFileSync(new URL('../../../contracts/TestUSDC.json', import.meta.url), 'utf8')) as {
  abi: Abi;
  bytecode: Hex;
};

/** Anvil's development mnemonic: public knowledge, its accounts funded only on a local devnet. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

function devKey(index: number): Hex {
  return toHex(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }).getHdKey().privateKey!);
}

/** The devnet's roles, as anvil's first development accounts (never secrets, never on a real chain). */
export const DEV_KEYS = {
  deployer: devKey(0),
  feePayer: devKey(1),
  buyer: devKey(2),
  seller: devKey(3),
} as const;

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
  /** Mints test USDC (6 decimals, atomic units) to an address. */
  mint(to: Address, units: bigint): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a local EVM node (anvil, from npm) with `chainId`, deploys the test USDC and funds the
 * development buyer with it. Blocks are mined on every transaction (and every `blockTimeS`
 * seconds when set), like a fast L2.
 */
export async function startDevnet(opts: { chainId?: number; blockTimeS?: number; buyerUsdc?: bigint } = {}): Promise<Devnet> {
  const binary = anvilBinary();
  if (!binary) throw new Error(`anvil is not installed for ${process.platform}-${process.arch} (@foundry-rs/anvil-*)`);
  const chainId = opts.chainId ?? 84532;
  const port = await freePort();
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'];
  if (opts.blockTimeS) args.push('--block-time', String(opts.blockTimeS));
  const proc: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  // The node never outlives the process that started it.
  const reap = () => proc.kill('SIGKILL');
  process.once('exit', reap);
  proc.once('exit', () => process.off('exit', reap));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = defineChain({ id: chainId, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const pub = createPublicClient({ chain, transport: http(rpcUrl) });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await pub.getChainId();
      break;
    } catch {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`anvil did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const deployer = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(DEV_KEYS.deployer) });
  const hash = await deployer.deployContract({ abi: TEST_USDC.abi, bytecode: TEST_USDC.bytecode });
  const receipt = await pub.waitForTransactionReceipt({ hash });
  const usdc = receipt.contractAddress!;
  const mint = async (to: Address, units: bigint) => {
    const h = await deployer.writeContract({ address: usdc, abi: TEST_USDC.abi, functionName: 'mint', args: [to, units] });
    await pub.waitForTransactionReceipt({ hash: h });
  };
  await mint(privateKeyToAccount(DEV_KEYS.buyer).address, opts.buyerUsdc ?? 1_000_000_000n);
  // Permit2 and x402's permit2 proxy at their canonical addresses, as on Base: deployed, then
  // their runtime code placed where payments name them (neither has constructor state).
  const control = devnetControls(rpcUrl, chainId);
  for (const [name, at] of [['TestPermit2', PERMIT2_CANONICAL], ['TestX402Permit2Proxy', X402_PERMIT2_PROXY_CANONICAL]] as const) {
    const { abi, bytecode } = artifact(name);
    const deployed = await pub.waitForTransactionReceipt({ hash: await deployer.deployContract({ abi, bytecode }) });
    await control.setCode({ address: at, bytecode: (await pub.getCode({ address: deployed.contractAddress! }))! });
  }
  return {
    rpcUrl,
    chainId,
    usdc,
    mint,
    async stop() {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}

/** A test client for devnet-only controls (mine, time travel). */
export function devnetControls(rpcUrl: string, chainId: number) {
  const chain = defineChain({ id: chainId, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  return createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl) });
}
