import { Gauge, type Registry } from 'prom-client';
import type { Config } from '../../config.ts';
import { NETWORK_ENV_NAMES } from '../../config/chains.ts';
import { sweeperEnabled } from './jobs.ts';

/**
 * `sweeper_enabled{network}`: 1 where this process sweeps deposits into the hot wallet, 0 on a live
 * network (its node configured) that it leaves unswept for want of the sweep key or the hot wallet
 * key. An API-only process sweeps nothing and reports nothing.
 */
export function registerSweeperMetrics(registry: Registry, config: Config): void {
  new Gauge({
    name: 'sweeper_enabled',
    help: 'Whether this worker sweeps deposits into the hot wallet, per live network (0: no NET_SWEEP_XPRV or hot wallet key)',
    labelNames: ['network'],
    registers: [registry],
    collect() {
      this.reset();
      if (config.role === 'api') return;
      for (const network of NETWORK_ENV_NAMES) {
        if (config.chains[network].rpcUrl) this.set({ network }, sweeperEnabled(config, network) ? 1 : 0);
      }
    },
  });
}
