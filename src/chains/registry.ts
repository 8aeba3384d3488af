import { NETWORK_ENV_NAMES, type Config, type NetworkEnvName } from '../config.ts';
import type { Db } from '../lib/db/index.ts';
import { API_NETWORKS, NETWORKS, type ApiNetwork } from '../lib/currencies/catalogue.ts';
import { SandboxChain } from './sandbox/sandbox-chain.ts';
import { EvmChain } from './evm/evm-chain.ts';
import { BitcoinCoreChain } from './btc/core-chain.ts';
import { EsploraChain } from './btc/esplora-chain.ts';
import { TronGridChain } from './tron/trongrid-chain.ts';
import type { ChainAdapter } from './types.ts';

/** The env name of an API network value (`Ethereum` → `ETHEREUM`); also accepts env names. */
export function networkFromApi(value: string): NetworkEnvName | undefined {
  if ((NETWORK_ENV_NAMES as readonly string[]).includes(value)) return value as NetworkEnvName;
  if (!(API_NETWORKS as readonly string[]).includes(value) || value === 'Solana') return undefined;
  return NETWORKS[value as Exclude<ApiNetwork, 'Solana'>].env;
}

/**
 * The adapters of the networks this installation serves: in sandbox mode a sandbox chain for every
 * network; in live mode, for each configured network only, the EVM adapter (Ethereum, BNB, Base),
 * Esplora or Bitcoin Core (Bitcoin, by `BTC_BACKEND`) or TronGrid (Tron). A live installation never
 * simulates a network. The hot-wallet key reaches an adapter only in a process that runs the workers.
 */
export function chainAdapters(config: Config, db: Db): ChainAdapter[] {
  if (config.mode === 'sandbox') return config.networks.map((network) => new SandboxChain(network, db));
  const adapters: ChainAdapter[] = [];
  for (const network of config.networks) {
    const settings = config.chains[network];
    if (!settings.rpcUrl) continue;
    if (network === 'ETHEREUM' || network === 'BNB' || network === 'BASE') {
      const { maxFee: maxFeePerGas, replaceAfterBlocks } = settings;
      adapters.push(
        new EvmChain(
          {
            network,
            rpcUrl: settings.rpcUrl,
            hotWalletKey: config.role === 'api' ? undefined : settings.hotWalletKey,
            maxFeePerGas,
            replaceAfterBlocks,
          },
          db,
        ),
      );
    } else if (network === 'BTC') {
      const opts = {
        hotWalletKey: config.role === 'api' ? undefined : settings.hotWalletKey,
        maxFeeRate: settings.maxFee,
        replaceAfterBlocks: settings.replaceAfterBlocks,
      };
      adapters.push(config.btcBackend === 'core' ? new BitcoinCoreChain(settings.rpcUrl, opts) : new EsploraChain(settings.rpcUrl, opts));
    } else if (network === 'TRON') {
      adapters.push(new TronGridChain(settings.rpcUrl, { hotWalletKey: config.role === 'api' ? undefined : settings.hotWalletKey }, db));
    }
  }
  return adapters;
}
