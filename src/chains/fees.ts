import type { Executor } from '../lib/db/index.ts';
import { toUnits } from '../lib/money.ts';
import type { CurrencyDef } from '../lib/currencies/catalogue.ts';

// What a chain adapter needs to quote deposit fees. Storing and reading quotes is the currencies
// module's business (modules/currencies/fees.ts); the oracles live here so chains import only lib.

/**
 * Quotes the live deposit network fee of a currency, in its atomic units; null when no quote can be
 * had. Real networks implement it from their chain (fee history, fee-rate estimates, energy).
 */
export interface FeeOracle {
  readonly source: string;
  quote(currency: CurrencyDef): Promise<bigint | null>;
}

/**
 * The sandbox oracle: a sandbox fee is whatever the operator last set (the catalogue's default
 * until then), re-quoted on every round so it stays live like a real feed.
 */
export class SandboxFeeOracle implements FeeOracle {
  readonly source = 'sandbox';
  constructor(private readonly db: Executor) {}
  async quote(currency: CurrencyDef): Promise<bigint | null> {
    const row = await this.db
      .selectFrom('network_fee_quotes')
      .select('amount')
      .where('currency_code', '=', currency.code)
      .executeTakeFirst();
    if (row) return row.amount === null ? null : BigInt(row.amount);
    return toUnits(currency.sandboxFee, currency.decimals);
  }
}
