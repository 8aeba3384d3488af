import { NETWORK_ENV_NAMES, type Config, type NetworkEnvName } from '../config.ts';
import type { Db } from '../lib/db/index.ts';
import { API_NETWORKS, NETWORKS, type ApiNetwork } from '../modules/currencies/catalogue.ts';
import { SandboxChain } from './sandbox/sandbox-chain.ts';
import { EvmChain } from './evm/evm-chain.ts';
import { BitcoinCoreChain } from './btc/core-chain.ts';
import { EsploraChain } from './btc/esplora-chain.ts';
import { TronGridChain } from './tron/trongrid-chain.ts';
import type { ChainAdapter } from './types.ts';
import { Watcher, type PaymentListener } from './watcher.ts';

/** A network without NET_RPC_URL runs in sandbox mode (CONTRACT §5). */
export function isSandboxNetwork(config: Config, network: NetworkEnvName): boolean {
  return !config.chains[network].rpcUrl;
}

/** The env name of an API network value (`Ethereum` → `ETHEREUM`); also accepts env names. */
export function networkFromApi(value: string): NetworkEnvName | undefined {
  if ((NETWORK_ENV_NAMES as readonly string[]).includes(value)) return value as NetworkEnvName;
  if (!(API_NETWORKS as readonly string[]).includes(value) || value === 'Solana') return undefined;
  return NETWORKS[value as Exclude<ApiNetwork, 'Solana'>].env;
}

/**
 * The adapters of the networks this installation can watch: a sandbox chain for networks without
 * an RPC URL, and with one the EVM adapter (Ethereum, BNB, Base), Esplora or Bitcoin Core (Bitcoin,
 * by `BTC_BACKEND`) or TronGrid
 * (Tron). The hot-wallet key reaches an adapter only in a process that runs the workers.
 */
export function chainAdapters(config: Config, db: Db): ChainAdapter[] {
  const adapters: ChainAdapter[] = [];
  for (const network of NETWORK_ENV_NAMES) {
    const settings = config.chains[network];
    if (!settings.rpcUrl) adapters.push(new SandboxChain(network, db));
    else if (network === 'ETHEREUM' || network === 'BNB' || network === 'BASE') {
      adapters.push(new EvmChain({ network, rpcUrl: settings.rpcUrl, hotWalletKey: config.role === 'api' ? undefined : settings.hotWalletKey }, db));
    } else if (network === 'BTC') {
      const opts = { hotWalletKey: config.role === 'api' ? undefined : settings.hotWalletKey };
      adapters.push(config.btcBackend === 'core' ? new BitcoinCoreChain(settings.rpcUrl, opts) : new EsploraChain(settings.rpcUrl, opts));
    } else if (network === 'TRON') {
      adapters.push(new TronGridChain(settings.rpcUrl, { hotWalletKey: config.role === 'api' ? undefined : settings.hotWalletKey }, db));
    }
  }
  return adapters;
}

export function createWatchers(config: Config, db: Db, listener: PaymentListener): Watcher[] {
  return chainAdapters(config, db).map((adapter) => new Watcher(db, config, adapter, listener));
}
