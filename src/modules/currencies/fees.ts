import type { Config } from '../../config.ts';
import { now, type Db, type Executor } from '../../lib/db/index.ts';
import { notifyChange } from '../../lib/db/notify.ts';
import { CURRENCIES, networkOf, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { SandboxFeeOracle, type FeeOracle } from '../../chains/fees.ts';

/** Change notice sent whenever a fee quote is written. */
export const FEES_CHANGED = 'fees';

/** A stored fee quote. */
export interface FeeQuote {
  units: bigint;
  quotedAt: Date;
}

/** Every stored quote as it is, live or not (amount null: set unavailable); the operator's view reads their ages. */
export async function storedFeeQuotes(db: Executor) {
  return db.selectFrom('network_fee_quotes').select(['currency_code', 'amount', 'quoted_at']).execute();
}

/** Every stored quote that is live: not null and younger than FEE_MAX_AGE_S. */
export async function loadLiveFees(db: Executor, maxAgeS: number, now = new Date()): Promise<Map<string, FeeQuote>> {
  const rows = await storedFeeQuotes(db);
  const live = new Map<string, FeeQuote>();
  for (const row of rows) {
    if (row.amount === null) continue;
    if (now.getTime() - row.quoted_at.getTime() > maxAgeS * 1000) continue;
    live.set(row.currency_code, { units: BigInt(row.amount), quotedAt: row.quoted_at });
  }
  return live;
}

/**
 * The deposit network fee of one currency in atomic units, or null while unavailable (missing,
 * set to null, or stale). Callers refuse new deposits and payments with 503 on null.
 */
export async function getDepositNetworkFee(db: Executor, code: string, maxAgeS: number): Promise<FeeQuote | null> {
  return (await loadLiveFees(db, maxAgeS)).get(code) ?? null;
}

/** Stores a fee quote taken now. */
async function storeQuote(db: Executor, code: string, units: bigint | null, source: string): Promise<void> {
  const values = { amount: units, quoted_at: now(), source };
  await db
    .insertInto('network_fee_quotes')
    .values({ currency_code: code, ...values })
    .onConflict((oc) => oc.column('currency_code').doUpdateSet(values))
    .execute();
}

/** Operator (sandbox): sets a currency's fee now; null makes it unavailable. */
export async function setFee(db: Db, code: string, units: bigint | null, source: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await storeQuote(trx, code, units, source);
    await notifyChange(trx, FEES_CHANGED);
  });
}

/**
 * One refresh round: asks each currency's oracle and stores the answer with the time of asking.
 * A failing oracle leaves the old quote to age out (then the fee reads as unavailable).
 */
export async function refreshFees(
  db: Db,
  oracleFor: (currency: CurrencyDef) => FeeOracle,
  onError: (code: string, err: unknown) => void = () => {},
  currencies: readonly CurrencyDef[] = CURRENCIES,
): Promise<number> {
  let refreshed = 0;
  for (const currency of currencies) {
    const oracle = oracleFor(currency);
    try {
      await storeQuote(db, currency.code, await oracle.quote(currency), oracle.source);
      refreshed++;
    } catch (err) {
      onError(currency.code, err);
    }
  }
  await notifyChange(db, FEES_CHANGED);
  return refreshed;
}

/**
 * The oracle of each currency: in sandbox mode the sandbox oracle; in live mode its network's chain
 * adapter (EVM fee history, fee-rate estimates, energy). A network without an adapter has no quote,
 * so its fee reads as unavailable instead of as a made-up number.
 */
export function defaultOracles(
  db: Db,
  config: Config,
  adapters?: readonly { network: string; sandbox: boolean; feeOracle: FeeOracle }[],
): (currency: CurrencyDef) => FeeOracle {
  const sandbox = new SandboxFeeOracle(db);
  const real = new Map((adapters ?? []).filter((a) => !a.sandbox).map((a) => [a.network, a.feeOracle]));
  return (currency) => {
    if (config.mode === 'sandbox') return sandbox;
    return real.get(networkOf(currency).env) ?? { source: 'unconfigured', quote: async () => null };
  };
}
