/** Conversions between two balances of one account, and the quotes they are committed from. */
import type { Numeric, Timestamp } from './columns.ts';

/** A conversion quote (migration 0018): both amounts fixed until `expires_at`, nothing reserved. */
export interface ConversionQuotesTable {
  id: string;
  tenant_id: string;
  account_id: string;
  from_currency: string;
  to_currency: string;
  /** Everything that leaves the source balance, commission included. */
  from_amount: Numeric;
  /** Everything that arrives. */
  to_amount: Numeric;
  /** The part of `from_amount` the house keeps (informational). */
  commission: Numeric;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** A booked conversion: from a committed quote, or a withdrawal's auto-convert (`quote_id` null). */
export interface ConversionsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  from_currency: string;
  to_currency: string;
  from_amount: Numeric;
  to_amount: Numeric;
  commission: Numeric;
  quote_id: string | null;
  completed_at: Timestamp;
  created_at: Timestamp;
}
