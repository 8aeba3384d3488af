import { NETWORK_ENV_NAMES, type Config, type NetworkEnvName } from '../config.ts';
import type { Db } from '../lib/db/index.ts';
import { API_NETWORKS, NETWORKS, type ApiNetwork } from '../modules/currencies/catalogue.ts';
import { SandboxChain } from './sandbox/sandbox-chain.ts';
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
 * The adapters of the networks this installation can watch. Sandbox networks have theirs; a
 * network configured with an RPC URL gets its real adapter once that adapter exists, and until
 * then is not watched (nothing is credited from a chain nobody reads).
 */
export function chainAdapters(config: Config, db: Db): ChainAdapter[] {
  return NETWORK_ENV_NAMES.filter((n) => isSandboxNetwork(config, n)).map((n) => new SandboxChain(n, db));
}

export function createWatchers(config: Config, db: Db, listener: PaymentListener): Watcher[] {
  return chainAdapters(config, db).map((adapter) => new Watcher(db, config, adapter, listener));
}
