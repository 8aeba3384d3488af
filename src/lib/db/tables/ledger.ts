/** The double-entry ledger, the outbox, exchange rates. */
import type { ColumnType, Generated } from 'kysely';
import type { Numeric, NullableTimestamp, Timestamp } from './columns.ts';

export interface JournalEntriesTable {
  id: string;
  tenant_id: string | null;
  kind: string;
  ref_type: string;
  ref_id: string;
  created_at: Timestamp;
}

export interface JournalLinesTable {
  entry_id: string;
  line_no: number;
  ledger_account: string;
  currency_code: string;
  amount: Numeric;
}

export interface LedgerBalancesTable {
  ledger_account: string;
  currency_code: string;
  balance: Numeric;
  updated_at: Timestamp;
}

/** A house account's move not yet folded into ledger_balances (migration 0071, modules/ledger/fold.ts). */
export interface LedgerBalanceDeltasTable {
  id: Generated<string>;
  ledger_account: string;
  currency_code: string;
  delta: Numeric;
}

/** The view of every balance as it stands: folded balance plus pending deltas (migration 0071). */
export interface LedgerBalancesNowView {
  ledger_account: string;
  currency_code: string;
  balance: Numeric;
}

export interface OutboxEventsTable {
  id: Generated<string>;
  tenant_id: string | null;
  event_type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  processed_at: NullableTimestamp;
}

export interface ExchangeRatesTable {
  asset: string;
  usd_price: Numeric;
  fetched_at: Timestamp;
  source: string;
}

/** One source's latest USD price of an asset (migration 0014). */
export interface RateSourcesTable {
  asset: string;
  source: string;
  usd_price: Numeric;
  fetched_at: Timestamp;
}

/** Why an asset's combined price was refused at the last refresh. */
export interface RateRefusalsTable {
  asset: string;
  reason: string;
  detail: ColumnType<Record<string, unknown>, string, string>;
  decided_at: Timestamp;
}

/** The last price each asset was accepted at: what a jump is measured from (migration 0036). */
export interface RateAcceptedTable {
  asset: string;
  usd_price: Numeric;
  /** The sources it came from, '+'-joined. */
  sources: string;
  accepted_at: Timestamp;
}
