// The report's row on its own, so advice.ts reads it without importing report.ts, which calls advice.ts.
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';

/** One currency's solvency, in its atomic units (exact). */
export interface SolvencyRow {
  currency: CurrencyDef;
  /** On chain: the hot wallet and the deposit addresses not swept yet. */
  hot: bigint;
  /** On chain: the network's cold address (0 without one). */
  cold: bigint;
  /** hot + cold. */
  custody: bigint;
  liabilities: bigint;
  ledgerCustody: bigint;
  difference: bigint;
  /**
   * How far the chain is outside what the ledger explains: above 0 the chain holds more than the
   * ledger books (counting payouts in flight), below 0 less; 0 when they agree.
   */
  chainVsLedger: bigint;
  /** What payouts in flight add to what the ledger expects on chain. */
  inFlight: bigint;
  warning: boolean;
}
