/** Withdrawal quotes and withdrawals (the conversions that fund them are in conversions.ts). */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Numeric, NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of a withdrawal, the API's enum (migration 0011's CHECK; the machine is in modules/withdrawals/status.ts). */
export const WITHDRAWAL_STATUSES = ['awaitingApproval', 'created', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Why a withdrawal in `created` is not signed yet, as the last execution round found it (migration
 * 0053's CHECK; modules/withdrawals/waiting.ts says what each means).
 */
export const WAITING_REASONS = ['hotWalletLow', 'feeUnavailable', 'noSigner', 'signingFailed', 'screening'] as const;
export type WaitingReason = (typeof WAITING_REASONS)[number];

/** What a waiting reason stored beside it: the currency and atomic units missing, or the node's message. */
export interface WaitingDetail {
  cryptoCurrencyCode?: string;
  /** Atomic units, as a decimal string. */
  missing?: string;
  message?: string;
}

export interface WithdrawalQuotesTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  currency_code: string;
  network: string;
  address: string;
  amount: Numeric;
  fee: Numeric;
  fee_native: Numeric;
  fee_native_currency: string;
  usd_price: Numeric;
  convert_from: string | null;
  convert_from_amount: NullableNumeric;
  convert_to_amount: NullableNumeric;
  convert_commission: NullableNumeric;
  expires_at: Timestamp;
  committed_at: NullableTimestamp;
  withdrawal_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A refund of this invoice's or deposit's receipts (migration 0020; never both). */
  refund_invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  refund_deposit_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The batch quote this quote is an item of, and its place there (migration 0064); null for a single quote. */
  batch_quote_id: ColumnType<string | null, string | null | undefined, string | null>;
  batch_index: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface WithdrawalsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  quote_id: string;
  currency_code: string;
  network: string;
  address: string;
  amount: Numeric;
  fee: Numeric;
  usd_price: Numeric;
  status: WithdrawalStatus;
  convert_id: string | null;
  custom_data: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  webhook_url: string | null;
  source: string;
  tx_hash: string | null;
  signed_tx: string | null;
  failure_reason: string | null;
  broadcast_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The hot wallet that signed it (migration 0017). */
  sender: string | null;
  /** EVM: the nonce every candidate of this payout shares. */
  nonce: number | null;
  /** What the network finally took, in the native coin's atomic units, once completed. */
  network_cost: NullableNumeric;
  network_cost_currency: string | null;
  /** Since when its replacement waits above the operator's fee ceiling (null: not waiting). */
  fee_capped_at: NullableTimestamp;
  fee_capped_detail: string | null;
  /** A refund of this invoice's or deposit's receipts (migration 0020; never both). */
  refund_invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  refund_deposit_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What a deposit refund took out of `suspense:below-minimum` rather than the merchant's balance. */
  suspense_released: ColumnType<string, string | bigint | undefined, string | bigint>;
  /** The suspense account `suspense_released` came out of, and goes back to if it is not paid (migration 0058). */
  suspense_account: ColumnType<string, string | undefined, string>;
  /** Why it is not signed yet, as the last round found it (migration 0040); null before a round looked, and once signed. */
  waiting_reason: ColumnType<WaitingReason | null, WaitingReason | null | undefined, WaitingReason | null>;
  waiting_detail: ColumnType<WaitingDetail | null, string | null | undefined, string | null>;
  /** Since when it waits for this reason. */
  waiting_since: NullableTimestamp;
  /** Approvals it needs before it is paid (migration 0055): a second person of the tenant, an operator. */
  tenant_approval_required: Generated<boolean>;
  operator_approval_required: Generated<boolean>;
  committed_by_user_id: string | null;
  approval_expires_at: NullableTimestamp;
  /** The API key that committed it, and how people read who did (migration 0057); null before. */
  committed_by_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  committed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The batch it is an item of (migration 0064); null for a single withdrawal. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bitcoin: the bundle that pays it, and its output there (migration 0066); null when paid alone. */
  bundle_id: ColumnType<string | null, string | null | undefined, string | null>;
  output_index: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A withdrawal as stored. */
export type WithdrawalRow = Selectable<WithdrawalsTable>;

export interface WithdrawalApprovalsTable {
  id: string;
  withdrawal_id: string;
  level: 'tenant' | 'operator';
  user_id: string | null;
  actor: string;
  created_at: Generated<Date>;
}

/** The networks a worker holding the key signs payouts for, and its last round there (migration 0040). */
export interface WithdrawalSignersTable {
  network: string;
  seen_at: Timestamp;
}

/**
 * What a payout signed as a whole (a move to cold storage, a Bitcoin bundle) keeps of the
 * transaction it stands on now (its newest candidate, or the one in a block) and of its end.
 */
export interface SignedPayoutColumns {
  tx_hash: string;
  signed_tx: string;
  /** What the network took, in the native coin's atomic units, booked when it completes. */
  network_cost: NullableNumeric;
  network_cost_currency: string | null;
  /** Since when its replacement waits above the operator's fee ceiling (null: not waiting). */
  fee_capped_at: NullableTimestamp;
  fee_capped_detail: string | null;
  failure_reason: string | null;
  broadcast_at: NullableTimestamp;
  completed_at: NullableTimestamp;
}

/** Why a candidate replaced the one before it (chains/types.ts ReplacementReason). */
export type CandidateReason = 'stuck' | 'underpriced' | 'expired';

/** One signed transaction of a withdrawal, kept before it is broadcast (migration 0017). */
export interface WithdrawalTransactionsTable {
  withdrawal_id: string;
  /** 0 for the first signing, then each replacement. */
  seq: number;
  network: string;
  tx_hash: string;
  raw: string;
  /** chains/types.ts TransferTerms, as JSON. */
  terms: ColumnType<unknown, string | null, string | null>;
  reason: CandidateReason | null;
  broadcast_height: number | null;
  broadcast_at: NullableTimestamp;
  rejected_at: NullableTimestamp;
  created_at: Timestamp;
}
