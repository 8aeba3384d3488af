import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { isDatabaseUnavailable } from '../../lib/db/index.ts';
import { networkOf, servedCurrencies, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { Ratio } from '../../lib/money.ts';
import { heldCoins } from '../withdrawals/candidates.ts';
import { followPayout } from '../withdrawals/follow.ts';
import type { RoundCounts } from '../withdrawals/payout-kind.ts';
import { spendable } from '../withdrawals/hot-wallet.ts';
import { usdPrice } from '../rates/service.ts';
import { COLD_TRANSFER_KIND } from './kind.ts';
import { levelOf, queueOf, storeLevels, unitsOf, type Level } from './levels.ts';
import { moveToCold, planMove } from './move.ts';

/** What one cold storage round did: the payout round's counts for its moves, and the moves it made. */
export interface ColdRoundCounts extends RoundCounts {
  moved: number;
}

/**
 * One round over the hot wallets this worker holds the keys of (live networks only): the moves to
 * cold storage in flight are followed like payouts (rebroadcast, replaced when stuck, completed
 * once final); each currency's level is read (what the wallet can spend, what the withdrawal
 * queue needs, what it lacks, what to refill) and stored for the console and the gauges; and,
 * where cold storage is configured, what lies above the ceiling goes to cold, down to the target.
 * One network's trouble with its node is counted in `failures` and does not stop the others.
 */
export async function coldStorageRound(ctx: AppContext, adapters: readonly ChainAdapter[]): Promise<ColdRoundCounts> {
  const out: ColdRoundCounts = { signed: 0, broadcast: 0, replaced: 0, capped: 0, completed: 0, waiting: 0, failures: [], moved: 0 };
  for (const adapter of adapters) {
    if (adapter.sandbox || !adapter.hotWallet) continue;
    try {
      await networkRound(ctx, adapter, out);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      out.failures.push({ payoutId: adapter.network, error: (err as Error).message });
    }
  }
  return out;
}

async function networkRound(ctx: AppContext, adapter: ChainAdapter, out: ColdRoundCounts): Promise<void> {
  const network = adapter.network;
  // The request's time as the database wrote it (microseconds), so that removing it spares a newer one.
  const request = await ctx.db
    .selectFrom('cold_move_requests')
    .select(sql<string>`requested_at::text`.as('at'))
    .where('network', '=', network)
    .executeTakeFirst();
  const open = await ctx.db
    .selectFrom('cold_transfers')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'processing')
    .execute();
  const tip = adapter.replaceTransfer ? ((await adapter.tip())?.height ?? null) : null;
  const held = await heldCoins(ctx.db, network);
  for (const t of open) {
    try {
      await followPayout(ctx, adapter, COLD_TRANSFER_KIND, t, { tip, held }, out);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      out.failures.push({ payoutId: t.id, error: (err as Error).message });
    }
  }
  const currencies = servedCurrencies(ctx.config).filter((c) => networkOf(c).env === network);
  const { levels, prices } = await readLevels(ctx, adapter, currencies);
  const cold = ctx.config.chains[network].cold;
  if (cold) {
    const busy = new Set(
      (
        await ctx.db
          .selectFrom('cold_transfers')
          .select('currency_code')
          .where('network', '=', network)
          .where('status', '=', 'processing')
          .execute()
      ).map((r) => r.currency_code),
    );
    for (const currency of currencies) {
      const price = prices.get(currency.code);
      const level = levels.get(currency.code);
      const plan = price && level && !busy.has(currency.code) ? planMove(currency, level, cold, price, !!request) : null;
      if (!plan || !level) continue;
      const moved = await moveToCold(ctx, adapter, cold, plan, levels, tip);
      if (!moved) continue;
      out.moved++;
      out.signed++;
      out.broadcast++;
      level.balance -= BigInt(moved.amount);
    }
  }
  await storeLevels(ctx.db, network, [...levels.values()]);
  // Asked for before this round read it: carried out (or nothing was above the target).
  if (request)
    await ctx.db
      .deleteFrom('cold_move_requests')
      .where('network', '=', network)
      .where('requested_at', '<=', sql<Date>`${request.at}::timestamptz`)
      .execute();
}

/**
 * Each currency's level, with its USD price where cold storage has a ceiling to compare it with
 * (a currency without a fresh price is not moved this round; its refill is the shortfall alone).
 */
async function readLevels(
  ctx: AppContext,
  adapter: ChainAdapter,
  currencies: readonly CurrencyDef[],
): Promise<{ levels: Map<string, Level>; prices: Map<string, Ratio> }> {
  const cold = ctx.config.chains[adapter.network].cold;
  const queue = await queueOf(ctx.db, adapter.network);
  const levels = new Map<string, Level>();
  const prices = new Map<string, Ratio>();
  for (const currency of currencies) {
    const balance = await spendable(ctx, adapter, currency.code);
    const price = cold?.hotTargetUsdCents
      ? await usdPrice(ctx.db, currency.symbol, ctx.config.rateMaxAgeS).then(
          (p) => p.price,
          () => null,
        )
      : null;
    if (price) prices.set(currency.code, price);
    const target = price && cold?.hotTargetUsdCents ? unitsOf(cold.hotTargetUsdCents, currency.decimals, price) : null;
    levels.set(currency.code, levelOf(currency.code, balance, queue.get(currency.code), target));
  }
  return { levels, prices };
}
