/** x402 settlements. */
import type { Generated } from 'kysely';
import type { Numeric, NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of an x402 settlement (migration 0012's CHECK; the machine is in modules/x402/status.ts). */
export const X402_STATUSES = ['submitted', 'confirmed', 'failed'] as const;
export type X402Status = (typeof X402_STATUSES)[number];

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
  error_reason: string | null;
  gas_cost: NullableNumeric;
  created_at: Timestamp;
  updated_at: Timestamp;
  confirmed_at: NullableTimestamp;
}
