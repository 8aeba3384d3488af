import type { ChainAdapter } from './chains/types.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import { every, type Job } from './lib/jobs.ts';
import { CURRENCIES, FIAT_CURRENCIES, servedCurrencies } from './lib/currencies/catalogue.ts';
import { defaultOracles, refreshFees } from './modules/currencies/fees.ts';
import { ratePolicy, rateProvidersFor } from './modules/rates/providers.ts';
import { logRateRefresh, refreshRates } from './modules/rates/service.ts';
import { chainAdapters } from './chains/registry.ts';
import { DepositService } from './modules/deposits/service.ts';
import { InvoiceService } from './modules/invoices/service.ts';
import { WithdrawalService } from './modules/withdrawals/service.ts';
import { EvmChain } from './chains/evm/evm-chain.ts';
import { EvmSweeper, sweepAccountKey } from './chains/evm/sweeper.ts';
import { BitcoinChain } from './chains/btc/bitcoin-chain.ts';
import { BitcoinSweeper } from './chains/btc/sweeper.ts';
import { bookSweepCost } from './modules/ledger/service.ts';
import { X402Facilitator } from './modules/x402/facilitator.ts';
import { createWatchers, allListeners } from './modules/payments/watcher.ts';
import { WebhookDeliverer, deliveryOptions, dispatchEvents } from './modules/webhooks/deliveries.ts';

/**
 * The adapters whose withdrawals this process executes: sandbox networks, and real ones whose
 * hot-wallet key it holds. Workers started without key files leave signing to the signer role.
 */
export function signingAdapters(adapters: ChainAdapter[]): ChainAdapter[] {
  return adapters.filter((a) => a.sandbox || !!a.hotWallet);
}

/** The worker role's background jobs. Each module adds its own loops here. */
export function startWorkers(ctx: AppContext, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const deposits = new DepositService(ctx);
  const invoices = new InvoiceService(ctx);
  const withdrawals = new WithdrawalService(ctx);
  const adapters = chainAdapters(ctx.config, ctx.db);
  const signers = signingAdapters(adapters);
  const oracles = defaultOracles(ctx.db, ctx.config, adapters);
  const deliverer = new WebhookDeliverer(ctx.db, deliveryOptions(ctx.config));
  const rates = rateProvidersFor(ctx.config);
  const rateAssets = [...new Set([...CURRENCIES.map((c) => c.symbol), ...FIAT_CURRENCIES.map((f) => f.code)])];
  const job = (name: string, intervalMs: number, round: () => Promise<void>) => every(name, intervalMs, log, round, ctx.database.availability);
  const jobs: Job[] = [
    job('network-fees', ctx.config.feeRefreshS * 1000, async () => {
      await refreshFees(ctx.db, oracles, (code, err) => log.warn({ err, code }, 'network fee quote failed'), servedCurrencies(ctx.config));
    }),
    ...createWatchers(ctx.config, ctx.db, allListeners(deposits, invoices)).map((w) =>
      job(`watch-${w.network}`, ctx.config.watchIntervalMs, async () => void (await w.round())),
    ),
    job('deposit-expiry', 5000, async () => void (await deposits.expireDue())),
    // Only a process holding a network's hot-wallet key signs its withdrawals (the signer role):
    // workers started without key files leave them to it. Sandbox networks sign without a key.
    job('withdrawals', ctx.config.watchIntervalMs, async () => void (await withdrawals.executeRound(signers))),
    ...(ctx.x402
      ? [job('x402-confirm', 2000, async () => void (await new X402Facilitator(ctx.db, ctx.x402, ctx.config.x402).confirmPending()))]
      : []),
    ...adapters
      .filter((a): a is EvmChain => a instanceof EvmChain)
      .filter((a) => ctx.config.chains[a.network].sweepXprv && ctx.config.chains[a.network].hotWalletKey)
      .map((a) => {
        const settings = ctx.config.chains[a.network];
        const sweeper = new EvmSweeper(ctx.db, a, sweepAccountKey(settings.sweepXprv!, settings.xpub), settings.rpcUrl!, settings.hotWalletKey as `0x${string}`, bookSweepCost);
        return job(`sweep-${a.network}`, 30_000, async () => void (await sweeper.round()));
      }),
    ...adapters
      .filter((a): a is BitcoinChain => a instanceof BitcoinChain && !!a.hotWallet && !!ctx.config.chains.BTC.sweepXprv)
      .map((a) => {
        const sweeper = new BitcoinSweeper(ctx.db, a, sweepAccountKey(ctx.config.chains.BTC.sweepXprv!, ctx.config.chains.BTC.xpub), bookSweepCost);
        return job('sweep-BTC', 60_000, async () => void (await sweeper.round()));
      }),
    job('invoice-expiry', 5000, async () => void (await invoices.expireDue())),
    job('webhook-dispatch', 200, async () => void (await dispatchEvents(ctx.db))),
    job('webhook-deliver', 200, async () => void (await deliverer.round())),
    job('exchange-rates', ctx.config.rateRefreshS * 1000, async () => {
      logRateRefresh(log, await refreshRates(ctx.db, rates, rateAssets, ratePolicy(ctx.config)));
    }),
  ];
  return {
    async stop() {
      await Promise.all(jobs.map((j) => j.stop()));
      await deliverer.drain(true);
    },
  };
}
