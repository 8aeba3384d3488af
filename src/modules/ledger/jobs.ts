import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { BitcoinChain } from '../../chains/btc/bitcoin-chain.ts';
import { BitcoinSweeper } from '../../chains/btc/sweeper.ts';
import { EvmChain } from '../../chains/evm/evm-chain.ts';
import { EvmSweeper } from '../../chains/evm/sweeper.ts';
import { sweepAccountKey } from '../../chains/sweep-key.ts';
import { TronGridChain } from '../../chains/tron/trongrid-chain.ts';
import { TronSweeper } from '../../chains/tron/sweeper.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { bookSweepCost } from './service.ts';
import { unlistedMoves } from '../payments/unlisted-ops.ts';

/**
 * Sweeps deposit addresses into the hot wallet on the networks configured with a sweep key and a
 * hot wallet; each sweep's network cost is booked in the ledger (`bookSweepCost`). A live network
 * without them is not swept: the worker says so at start, and `sweeper_enabled{network}` shows 0.
 */
export function sweepJobs({ ctx, log }: JobEnv<AppContext>, adapters: ChainAdapter[]): JobSpec[] {
  const { chains } = ctx.config;
  for (const a of adapters.filter((a) => !a.sandbox && !sweeperEnabled(ctx.config, a.network))) {
    log.warn({ network: a.network }, `${a.network}: no ${a.network}_SWEEP_XPRV or hot wallet key in this worker, deposits are not swept`);
  }
  const evm = adapters
    .filter((a): a is EvmChain => a instanceof EvmChain)
    .flatMap((a): JobSpec[] => {
      const settings = chains[a.network];
      // An EVM network is configured with its RPC URL; without the sweep key and hot wallet it is not swept.
      if (!settings.sweepXprv || !settings.hotWalletKey || !settings.rpcUrl) return [];
      const key = sweepAccountKey(settings.sweepXprv, settings.xpub);
      const sweeper = new EvmSweeper(
        ctx.db,
        a,
        key,
        settings.rpcUrl,
        settings.hotWalletKey as `0x${string}`,
        bookSweepCost,
        unlistedMoves(ctx.db),
      );
      return [{ name: `sweep-${a.network}`, intervalMs: 30_000, round: () => sweeper.round() }];
    });
  const btc = adapters
    .filter((a): a is BitcoinChain => a instanceof BitcoinChain && !!a.hotWallet)
    .flatMap((a): JobSpec[] => {
      const xprv = chains.BTC.sweepXprv;
      if (!xprv) return [];
      const sweeper = new BitcoinSweeper(ctx.db, a, sweepAccountKey(xprv, chains.BTC.xpub), bookSweepCost);
      return [{ name: 'sweep-BTC', intervalMs: 60_000, round: () => sweeper.round() }];
    });
  const tron = adapters
    .filter((a): a is TronGridChain => a instanceof TronGridChain && !!a.hotWallet && sweeperEnabled(ctx.config, 'TRON'))
    .flatMap((a): JobSpec[] => {
      const s = chains.TRON;
      if (!s.sweepXprv || !s.hotWalletKey) return []; // sweeperEnabled said both are there
      const sweeper = new TronSweeper(ctx.db, a, sweepAccountKey(s.sweepXprv, s.xpub), s.hotWalletKey, bookSweepCost, s.sweepMaxCostShare);
      return [
        {
          name: 'sweep-TRON',
          intervalMs: 30_000,
          round: async () => {
            const r = await sweeper.round();
            // A step that failed is retried next round from what is stored; say why meanwhile.
            if (r.errors.length > 0) log.warn({ errors: r.errors }, 'TRON sweep: some steps failed this round');
            return r;
          },
        },
      ];
    });
  return [...evm, ...btc, ...tron];
}

/** Whether this process sweeps `network`: it holds the sweep key and the hot wallet key, and runs workers. */
export function sweeperEnabled(config: AppContext['config'], network: keyof AppContext['config']['chains']): boolean {
  const settings = config.chains[network];
  return config.role !== 'api' && !!settings.sweepXprv && !!settings.hotWalletKey;
}
