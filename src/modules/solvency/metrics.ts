import { Gauge, type Registry } from 'prom-client';
import { feePayerBalanceNow } from '../../chains/x402/svm.ts';
import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { toGaugeValue } from '../../lib/money.ts';
import { CachedReading, type Read } from './reading.ts';
import { limitsOf } from '../x402/networks.ts';
import type { SolvencyRow } from './row.ts';

/** How long a scrape waits for a chain reading before it answers with the last one. */
const SCRAPE_WAIT_MS = 2_000;

type Sample = [labels: Record<string, string>, value: number];

/** A gauge whose samples come from a cached reading: the last values stand while a node fails. */
function readingGauge<T>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  reading: CachedReading<T>,
  samples: (read: Read<T>) => Sample[],
): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      const read = await reading.recent(SCRAPE_WAIT_MS);
      if (!read) return;
      this.reset();
      for (const [labels, value] of samples(read)) this.set(labels, value);
    },
  });
}

/** The solvency gauges, one sample per currency, in whole units of it (reporting only). */
function registerSolvency(registry: Registry, solvency: CachedReading<SolvencyRow[]>): void {
  const per = (pick: (r: SolvencyRow) => bigint) => (read: Read<SolvencyRow[]>) =>
    read.value.map((r): Sample => [{ currency: r.currency.code }, toGaugeValue(pick(r), r.currency.decimals)]);
  const gauges: Array<[string, string, (r: Read<SolvencyRow[]>) => Sample[]]> = [
    [
      'solvency_custody',
      'What the chain shows the gateway holding (hot wallet, deposit addresses not swept yet and the cold address), per currency, in whole units',
      per((r) => r.custody),
    ],
    ['solvency_cold', "What the network's cold address holds (<NET>_COLD_ADDRESS), per currency, in whole units", per((r) => r.cold)],
    [
      'solvency_liabilities',
      'What custody must cover: merchant balances, withdrawals not yet out, suspense and the house FX long, per currency',
      per((r) => r.liabilities),
    ],
    ['solvency_ledger_custody', "The ledger's custody account of the currency's network, per currency", per((r) => r.ledgerCustody)],
    ['solvency_difference', 'Custody less liabilities, per currency (negative: not covered)', per((r) => r.difference)],
    [
      'solvency_warning',
      '1 when custody is below liabilities or the chain and the ledger disagree (GET /admin/solvency), per currency',
      (read) => read.value.map((r) => [{ currency: r.currency.code }, r.warning ? 1 : 0]),
    ],
  ];
  for (const [name, help, samples] of gauges) readingGauge(registry, name, help, ['currency'], solvency, samples);
  new Gauge({
    name: 'solvency_reading_age_seconds',
    help: 'Seconds since the chain and the ledger were last read for solvency (since the process started, before the first reading)',
    registers: [registry],
    async collect() {
      const read = await solvency.recent(SCRAPE_WAIT_MS);
      this.set((Date.now() - (read?.at ?? solvency.createdAt)) / 1000);
    },
  });
}

/** Each network's tip as its node shows it; a node that fails keeps its last height. */
function registerTips(registry: Registry, adapters: readonly ChainAdapter[]): CachedReading<Map<string, number>> {
  const tips: CachedReading<Map<string, number>> = new CachedReading(
    async () => {
      const out = new Map(tips.peek()?.value);
      const results = await Promise.allSettled(adapters.map(async (a) => [a.network, await a.tip()] as const));
      for (const r of results) if (r.status === 'fulfilled' && r.value[1]) out.set(r.value[0], r.value[1].height);
      return out;
    },
    { maxAgeMs: 15_000, timeoutMs: 30_000 },
  );
  readingGauge(
    registry,
    'chain_tip_height',
    "Height of the best chain's head as each network's node shows it (less chain_scanned_height: the watcher's lag)",
    ['network'],
    tips,
    (read) => [...read.value].map(([network, height]) => [{ network }, height]),
  );
  return tips;
}

/** Each x402 network's fee payer balance and the reserve under which it stops paying for settlements. */
function registerFeePayer(
  registry: Registry,
  ctx: Pick<AppContext, 'config' | 'x402' | 'x402Solana'>,
): CachedReading<Array<[string, bigint]>> {
  const evm = (ctx.x402 ?? []).flatMap((chain) =>
    chain.feePayer ? [{ network: chain.network, feePayer: chain.feePayer, client: chain.publicClient }] : [],
  );
  const solana = ctx.x402Solana;
  const paying: Array<{ network: string; balance(): Promise<bigint | null>; reserve: bigint }> = [
    ...evm.map((p) => ({
      network: p.network,
      balance: () => p.client.getBalance({ address: p.feePayer }),
      reserve: limitsOf(ctx.config.x402, p.network).feePayerReserveWei,
    })),
    ...(solana
      ? [{ network: solana.network, balance: () => feePayerBalanceNow(solana), reserve: ctx.config.x402Svm?.feePayerReserveLamports ?? 0n }]
      : []),
  ];
  // A network whose node fails has no sample this time; the others keep theirs.
  const read = async () => {
    const read = await Promise.all(
      paying.map((p) =>
        p.balance().then(
          (units): Array<[string, bigint]> => (units === null ? [] : [[p.network, units]]),
          () => [],
        ),
      ),
    );
    return read.flat();
  };
  const balance = new CachedReading(read, { maxAgeMs: 60_000, timeoutMs: 30_000 });
  readingGauge(
    registry,
    'x402_fee_payer_balance_wei',
    "Native balance of each x402 network's fee payer in its coin's smallest unit: wei, lamports on Solana (absent: no fee payer)",
    ['network'],
    balance,
    (read) => read.value.map(([network, wei]) => [{ network }, Number(wei)]),
  );
  new Gauge({
    name: 'x402_fee_payer_reserve_wei',
    help: "The network's fee payer reserve (X402_FEE_PAYER_RESERVE_WEI; SOLANA_X402_FEE_PAYER_RESERVE_LAMPORTS): below it its fee payer refuses to settle (fee_payer_reserve_low)",
    labelNames: ['network'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { network, reserve } of paying) this.set({ network }, Number(reserve));
    },
  });
  return balance;
}

/**
 * The gauges read from the chains, each through a short cache and a bounded wait: solvency per
 * currency, each network's tip, each x402 fee payer's balance. Returns the readings, to settle at shutdown.
 */
export function registerChainMetrics(
  registry: Registry,
  env: {
    ctx: Pick<AppContext, 'config' | 'x402' | 'x402Solana'>;
    adapters: readonly ChainAdapter[];
    solvency: CachedReading<SolvencyRow[]>;
  },
): Array<{ settle(): Promise<void> }> {
  registerSolvency(registry, env.solvency);
  return [env.solvency, registerTips(registry, env.adapters), registerFeePayer(registry, env.ctx)];
}
