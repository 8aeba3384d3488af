/** x402 settlements. */
import type { ColumnType, Generated } from 'kysely';
import type { Numeric, NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of an x402 settlement (migration 0012's CHECK; the machine is in modules/x402/status.ts). */
export const X402_STATUSES = ['submitted', 'confirmed', 'failed'] as const;
export type X402Status = (typeof X402_STATUSES)[number];

/** The EVM x402 schemes a settlement is made under (migration 0070's CHECK). */
export type X402Scheme = 'exact' | 'upto';

export interface X402SettlementsTable {
  id: string;
  tenant_id: string;
  network: string;
  asset: string;
  payer: string;
  pay_to: string;
  nonce: string;
  amount: Numeric;
  status: X402Status;
  transaction: Generated<string>;
  /** The signed raw transaction (0x hex) while it may still be mined; '' once final (migration 0031). */
  signed_transaction: Generated<string>;
  /** The x402 scheme it was paid under (migration 0070). */
  scheme: Generated<X402Scheme>;
  /** `upto`: the most the payer signed for, of which `amount` was charged; null for `exact` (migration 0070). */
  cap: NullableNumeric;
  error_reason: string | null;
  gas_cost: NullableNumeric;
  created_at: Timestamp;
  updated_at: Timestamp;
  confirmed_at: NullableTimestamp;
}

/** A payment requirement as a seller lists it in the discovery catalog (x402 v2 `accepts[]` entry). */
export interface StoredRequirement {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra?: Record<string, unknown>;
}

/** A tenant's resource in its x402 discovery catalog (migration 0068). */
export interface X402ResourcesTable {
  id: string;
  tenant_id: string;
  resource: string;
  type: 'http';
  accepts: ColumnType<StoredRequirement[], string, string>;
  metadata: ColumnType<Record<string, unknown>, string, string>;
  description: string | null;
  mime_type: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A buyer's payment identifier and the settlement it was first claimed with (migration 0068). */
export interface X402PaymentIdentifiersTable {
  tenant_id: string;
  payer: string;
  payment_id: string;
  fingerprint: string;
  network: string;
  asset: string;
  nonce: string;
  created_at: Timestamp;
}
