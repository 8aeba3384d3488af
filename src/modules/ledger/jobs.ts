import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { BitcoinChain } from '../../chains/btc/bitcoin-chain.ts';
import { BitcoinSweeper } from '../../chains/btc/sweeper.ts';
import { EvmChain } from '../../chains/evm/evm-chain.ts';
import { EvmSweeper, sweepAccountKey } from '../../chains/evm/sweeper.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { bookSweepCost } from './service.ts';

/**
 * Sweeps deposit addresses into the hot wallet on the networks configured with a sweep key and a
 * hot wallet; each sweep's network cost is booked in the ledger (`bookSweepCost`).
 */
export function sweepJobs({ ctx }: JobEnv<AppContext>, adapters: ChainAdapter[]): JobSpec[] {
  const { chains } = ctx.config;
  const evm = adapters
    .filter((a): a is EvmChain => a instanceof EvmChain)
    .filter((a) => chains[a.network].sweepXprv && chains[a.network].hotWalletKey)
    .map((a): JobSpec => {
      const settings = chains[a.network];
      const key = sweepAccountKey(settings.sweepXprv!, settings.xpub);
      const sweeper = new EvmSweeper(ctx.db, a, key, settings.rpcUrl!, settings.hotWalletKey as `0x${string}`, bookSweepCost);
      return { name: `sweep-${a.network}`, intervalMs: 30_000, round: () => sweeper.round() };
    });
  const btc = adapters
    .filter((a): a is BitcoinChain => a instanceof BitcoinChain && !!a.hotWallet && !!chains.BTC.sweepXprv)
    .map((a): JobSpec => {
      const sweeper = new BitcoinSweeper(ctx.db, a, sweepAccountKey(chains.BTC.sweepXprv!, chains.BTC.xpub), bookSweepCost);
      return { name: 'sweep-BTC', intervalMs: 60_000, round: () => sweeper.round() };
    });
  return [...evm, ...btc];
}
