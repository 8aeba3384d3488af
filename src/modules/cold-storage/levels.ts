import { sql } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import type { WaitingDetail } from '../../lib/db/schema.ts';
import type { Ratio } from '../../lib/money.ts';
import { findCurrency } from '../../lib/currencies/catalogue.ts';

/** A hot wallet's level of one currency, as a round reads it, in atomic units. */
export interface Level {
  code: string;
  /** What the hot wallet can spend (its balance less payouts sent and not yet in a block). */
  balance: bigint;
  /** What the withdrawal queue needs of it: withdrawals committed and not signed, and those awaiting approval. */
  queued: bigint;
  /** What it lacks for the queue (the amounts, or the gas a waiting token payout found missing). */
  shortfall: bigint;
  /** What to bring back from cold storage: the shortfall, and with a target the level restored above the queue. */
  refill: bigint;
}

/** What a network's withdrawal queue needs per currency, and the most a waiting payout found missing of it. */
export async function queueOf(db: Executor, network: string): Promise<Map<string, { queued: bigint; missing: bigint }>> {
  const rows = await db
    .selectFrom('withdrawals')
    .select(['currency_code', 'amount', 'waiting_reason', 'waiting_detail'])
    .where('network', '=', network)
    .where('status', 'in', ['created', 'awaitingApproval'])
    .execute();
  const out = new Map<string, { queued: bigint; missing: bigint }>();
  const at = (code: string) => {
    let level = out.get(code);
    if (!level) out.set(code, (level = { queued: 0n, missing: 0n }));
    return level;
  };
  for (const r of rows) {
    at(r.currency_code).queued += BigInt(r.amount);
    const d: WaitingDetail = r.waiting_detail ?? {};
    if (r.waiting_reason !== 'hotWalletLow' || !d.cryptoCurrencyCode || d.missing === undefined) continue;
    const lack = at(d.cryptoCurrencyCode);
    if (BigInt(d.missing) > lack.missing) lack.missing = BigInt(d.missing);
  }
  return out;
}

/**
 * A currency's level from what the hot wallet can spend and what the queue needs. With a target
 * (cold storage configured and the currency priced), a refill covers the queue and restores the
 * target above it; without one it is the shortfall alone. Nothing to refill while nothing lacks.
 */
export function levelOf(
  code: string,
  balance: bigint,
  queue: { queued: bigint; missing: bigint } | undefined,
  targetUnits: bigint | null,
): Level {
  const queued = queue?.queued ?? 0n;
  const short = queued - balance > (queue?.missing ?? 0n) ? queued - balance : (queue?.missing ?? 0n);
  const shortfall = short > 0n ? short : 0n;
  const restore = targetUnits === null ? 0n : queued + targetUnits - balance;
  const refill = shortfall === 0n ? 0n : restore > shortfall ? restore : shortfall;
  return { code, balance, queued, shortfall, refill };
}

/** What `units` of a currency of `decimals` are worth at `price` (USD per whole unit), in cents, rounded down. */
export function centsOf(units: bigint, decimals: number, price: Ratio): bigint {
  return (units * price.num * 100n) / (price.den * 10n ** BigInt(decimals));
}

/** How many atomic units `cents` buy at `price`, rounded up (a level kept is never under what was asked). */
export function unitsOf(cents: bigint, decimals: number, price: Ratio): bigint {
  const num = cents * price.den * 10n ** BigInt(decimals);
  const den = 100n * price.num;
  return (num + den - 1n) / den;
}

/** A level is written again at most this often when it has not changed: the view says how fresh it is. */
const UNCHANGED_REWRITE_S = 60;

/** Stores a round's levels: a changed one at once, an unchanged one once a minute (so its age shows the worker runs). */
export async function storeLevels(db: Executor, network: string, levels: readonly Level[]): Promise<void> {
  if (levels.length === 0) return;
  const changed = sql<boolean>`(hot_wallet_levels.balance, hot_wallet_levels.queued, hot_wallet_levels.shortfall, hot_wallet_levels.refill)
    is distinct from (excluded.balance, excluded.queued, excluded.shortfall, excluded.refill)
    or hot_wallet_levels.checked_at < now() - make_interval(secs => ${UNCHANGED_REWRITE_S})`;
  await db
    .insertInto('hot_wallet_levels')
    .values(
      levels.map((l) => ({
        network,
        currency_code: l.code,
        balance: l.balance,
        queued: l.queued,
        shortfall: l.shortfall,
        refill: l.refill,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['network', 'currency_code'])
        .doUpdateSet({
          balance: sql`excluded.balance`,
          queued: sql`excluded.queued`,
          shortfall: sql`excluded.shortfall`,
          refill: sql`excluded.refill`,
          checked_at: sql`now()`,
        })
        .where(changed),
    )
    .execute();
}

/** Each stored shortfall, per network (its API name) and currency, in whole units of it: the `hot_wallet_shortfall` gauge. */
export async function storedShortfalls(
  db: Executor,
): Promise<Array<{ network: string; currency: string; units: bigint; decimals: number }>> {
  const rows = await db.selectFrom('hot_wallet_levels').select(['network', 'currency_code', 'shortfall']).execute();
  return rows.flatMap((r) => {
    const currency = findCurrency(r.currency_code);
    return currency ? [{ network: r.network, currency: currency.code, units: BigInt(r.shortfall), decimals: currency.decimals }] : [];
  });
}
