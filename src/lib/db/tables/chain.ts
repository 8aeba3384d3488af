/** What the gateway knows of the networks: derived addresses, cursors, observed payments, fee quotes, the sandbox chain. */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Numeric, NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

export interface NetworkFeeQuotesTable {
  currency_code: string;
  amount: NullableNumeric;
  quoted_at: Timestamp;
  source: string;
}

export interface HdAccountsTable {
  id: Generated<number>;
  network: string;
  xpub: string;
  next_index: Generated<number>;
  sandbox: boolean;
  created_at: Timestamp;
}

export interface AddressesTable {
  network: string;
  address: string;
  hd_account_id: number;
  derivation_index: number;
  purpose: string;
  owner_id: string;
  tenant_id: string;
  /** The currency the address was handed out for: only payments in it count toward its owner. */
  currency_code: string;
  created_at: Timestamp;
}

export interface SandboxBlocksTable {
  network: string;
  height: number;
  hash: string;
  parent_hash: string | null;
  created_at: Timestamp;
}

export interface SandboxTransfersTable {
  network: string;
  tx_hash: string;
  output_index: number;
  to_address: string;
  /** A catalogue currency, or null for a token outside the catalogue (then `contract`). */
  currency_code: string | null;
  contract: string | null;
  amount: Numeric;
  block_height: number | null;
  rbf: Generated<boolean>;
  dropped: Generated<boolean>;
  /** Who pays it, when the operator named them (migration 0058). */
  sender: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** Sandbox only: coins the faucet put into a network's hot wallet for a payout (migration 0041). */
export interface SandboxFaucetTable {
  id: string;
  network: string;
  currency_code: string;
  amount: Numeric;
  withdrawal_id: string;
  created_at: Timestamp;
}

export interface ChainCursorsTable {
  network: string;
  next_height: number;
  updated_at: Timestamp;
}

/** Statuses of an observed payment (migration 0007's CHECK; the machine is in modules/payments/status.ts). */
export const PAYMENT_STATUSES = ['seen', 'confirmed', 'orphaned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentsTable {
  id: string;
  network: string;
  tx_hash: string;
  output_index: number;
  address: string;
  currency_code: string;
  amount: Numeric;
  block_height: number | null;
  block_hash: string | null;
  confirmations: Generated<number>;
  rbf: Generated<boolean>;
  status: PaymentStatus;
  purpose: string;
  owner_id: string;
  tenant_id: string;
  first_seen_at: Timestamp;
  confirmed_at: NullableTimestamp;
  updated_at: Timestamp;
  swept_at: NullableTimestamp;
  sweep_tx: string | null;
  /** In the currency its address was made for: it counts toward the invoice or deposit. */
  counted: Generated<boolean>;
  /** The payment's split once settled (null before): network fee withheld, commission, credited, held in suspense. */
  fee_withheld: NullableNumeric;
  commission: NullableNumeric;
  net_credited: NullableNumeric;
  held: NullableNumeric;
  /** Who paid it, as the chain names them (null: the chain did not say; migration 0058). */
  senders: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** Held by incoming screening: recorded, never told to its invoice or deposit until released. */
  on_hold: Generated<boolean>;
}

/** A payment as stored. */
export type Payment = Selectable<PaymentsTable>;

/** Statuses of a payment held by incoming screening (migration 0058's CHECK; the machine is in modules/payments/status.ts). */
export const HELD_PAYMENT_STATUSES = ['held', 'released', 'refunded'] as const;
export type HeldPaymentStatus = (typeof HELD_PAYMENT_STATUSES)[number];

export interface HeldPaymentsTable {
  /** The payment's id. */
  id: string;
  tenant_id: string;
  status: HeldPaymentStatus;
  /** The sender screening flagged, and what decided (`deny` or `review`; denylist, provider or failClosed). */
  sender: string;
  decision: string;
  source: string;
  reason: string | null;
  refund_address: string | null;
  refund_withdrawal_id: string | null;
  decided_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Statuses of a token outside the catalogue that arrived at one of our addresses (migration 0032's CHECK). */
export const UNLISTED_TOKEN_STATUSES = ['held', 'moving', 'moved', 'dismissed'] as const;
export type UnlistedTokenStatus = (typeof UNLISTED_TOKEN_STATUSES)[number];

export interface UnlistedTokenTransfersTable {
  id: string;
  network: string;
  tx_hash: string;
  output_index: number;
  address: string;
  contract: string;
  amount: Numeric;
  block_height: number | null;
  purpose: string;
  owner_id: string;
  tenant_id: string;
  status: UnlistedTokenStatus;
  /** Where the operator asked it moved (null: the network's hot wallet). */
  move_to: string | null;
  move_tx: string | null;
  note: string | null;
  first_seen_at: Timestamp;
  updated_at: Timestamp;
}
