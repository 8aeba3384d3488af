/** Transactions the sweepers sign, stored before they are broadcast (migration 0026). */
import type { Generated } from 'kysely';
import type { NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of a stored sweep transaction (migration 0026's CHECK): signed, then settled one way. */
export const SWEEP_TX_STATUSES = ['signed', 'confirmed', 'failed', 'expired'] as const;
export type SweepTxStatus = (typeof SWEEP_TX_STATUSES)[number];

/** What a stored sweep transaction does: fund, lend energy, sweep deposits, sweep leftover TRX, reclaim energy. */
export const SWEEP_TX_PURPOSES = ['topup', 'delegate', 'sweep', 'rest', 'undelegate'] as const;
export type SweepTxPurpose = (typeof SWEEP_TX_PURPOSES)[number];

export interface SweepTransactionsTable {
  id: string;
  network: string;
  /** The deposit address the transaction serves (the hot wallet signs top-ups and delegations for it). */
  address: string;
  purpose: SweepTxPurpose;
  seq: number;
  currency_code: string;
  tx_hash: string;
  /** The signed transaction, as broadcast. */
  raw: string;
  expires_at_ms: string | bigint | number;
  status: SweepTxStatus;
  /** Sun burned, once in an irreversible block. */
  fee: NullableNumeric;
  /** JSON array of the payments a `sweep` moves. */
  payment_ids: Generated<string>;
  /** For a token sweep: its follow-ups (energy reclaimed, leftover TRX swept) are done. */
  followed_up: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  resolved_at: NullableTimestamp;
}
