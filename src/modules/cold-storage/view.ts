import type { AppContext } from '../../context.ts';
import type { NetworkEnvName } from '../../config.ts';
import { knownCurrency, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { formatUnits, toJsonNumber } from '../../lib/money.ts';
import { apiNetworkOf } from '../operations/networks.ts';
import { jsonOfCents } from '../payouts/usd.ts';
import { coldTransferRecord } from './record.ts';

/** Moves shown per network: the latest (the audit log and the outbox keep every one). */
const RECENT_MOVES = 10;

type LevelRow = {
  network: string;
  currency_code: string;
  balance: string;
  queued: string;
  shortfall: string;
  refill: string;
  checked_at: Date;
};

/** What the operator does about a currency the hot wallet lacks, in a sentence, with exact amounts. */
function refillAdvice(network: NetworkEnvName, currency: CurrencyDef, l: LevelRow, cold: string | undefined): string | null {
  if (BigInt(l.shortfall) === 0n) return null;
  const text = (units: string) => `${formatUnits(BigInt(units), currency.decimals)} ${currency.code}`;
  const api = apiNetworkOf(network);
  const lacks = `The ${api} hot wallet lacks ${text(l.shortfall)} for the withdrawal queue (${text(l.queued)} queued, ${text(l.balance)} spendable).`;
  if (!cold) return `${lacks} Fund it with at least ${text(l.refill)}; waiting withdrawals are signed on the next round after that.`;
  return `${lacks} Send ${text(l.refill)} from cold storage (${cold}) to the hot wallet: that covers the queue and brings it back to its target level. Waiting withdrawals are signed on the next round after that.`;
}

/**
 * GET /admin/hot-wallets: per network with cold storage configured or a hot wallet read by a
 * worker, its settings, each currency's level (what it can spend, what the queue needs, what it
 * lacks and what to refill from cold), and its latest moves to cold storage.
 */
export async function hotWalletsView(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db, config } = ctx;
  const [levels, requests] = await Promise.all([
    db
      .selectFrom('hot_wallet_levels')
      .selectAll()
      .where('network', 'in', [...config.networks])
      .orderBy('network')
      .orderBy('currency_code')
      .execute(),
    db.selectFrom('cold_move_requests').selectAll().execute(),
  ]);
  const shown = config.networks.filter((n) => config.chains[n].cold || levels.some((l) => l.network === n));
  return Promise.all(
    shown.map(async (network) => {
      const cold = config.chains[network].cold;
      const moves = await db
        .selectFrom('cold_transfers')
        .selectAll()
        .where('network', '=', network)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(RECENT_MOVES)
        .execute();
      const own = levels.filter((l) => l.network === network);
      return {
        network: apiNetworkOf(network),
        coldStorage: cold
          ? {
              address: cold.address,
              hotMaxUsd: cold.hotMaxUsdCents === null ? null : jsonOfCents(cold.hotMaxUsdCents),
              hotTargetUsd: cold.hotTargetUsdCents === null ? null : jsonOfCents(cold.hotTargetUsdCents),
            }
          : null,
        moveRequestedAt: requests.find((r) => r.network === network)?.requested_at.toISOString() ?? null,
        currencies: own.map((l) => {
          const currency = knownCurrency(l.currency_code);
          const units = (v: string) => toJsonNumber(BigInt(v), currency.decimals);
          return {
            cryptoCurrencyCode: currency.code,
            balance: units(l.balance),
            queued: units(l.queued),
            shortfall: units(l.shortfall),
            refill: units(l.refill),
            checkedAt: l.checked_at.toISOString(),
            advice: refillAdvice(network, currency, l, cold?.address),
          };
        }),
        moves: moves.map(coldTransferRecord),
      };
    }),
  );
}
