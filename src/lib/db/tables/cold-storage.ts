/** Cold storage: moves of the hot wallet's excess, their transactions, hot wallet levels (migration 0056). */
import type { Generated } from 'kysely';
import type { Numeric } from './columns.ts';
import type { SignedPayoutColumns, WithdrawalTransactionsTable } from './withdrawals.ts';

/** Statuses of a move to cold storage (migration 0056's CHECK; the machine is in modules/cold-storage/status.ts). */
export const COLD_TRANSFER_STATUSES = ['processing', 'completed', 'failed'] as const;
export type ColdTransferStatus = (typeof COLD_TRANSFER_STATUSES)[number];

/** Why a move was made: the hot wallet above its ceiling, or an operator's request. */
export type ColdTransferCause = 'ceiling' | 'operator';

export interface ColdTransfersTable extends SignedPayoutColumns {
  id: string;
  network: string;
  currency_code: string;
  address: string;
  amount: Numeric;
  status: ColdTransferStatus;
  cause: ColdTransferCause;
  /** What the hot wallet could spend, and what the queue needed, when the move was decided. */
  hot_balance: Numeric;
  queued: Numeric;
  usd_price: Numeric;
  sender: string;
  nonce: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One signed transaction of a move, kept before it is broadcast (withdrawal_transactions' columns). */
export type ColdTransferTransactionsTable = Omit<WithdrawalTransactionsTable, 'withdrawal_id'> & { cold_transfer_id: string };

/** A hot wallet's level of one currency as the worker holding its key last read it, in atomic units. */
export interface HotWalletLevelsTable {
  network: string;
  currency_code: string;
  balance: Numeric;
  queued: Numeric;
  shortfall: Numeric;
  refill: Numeric;
  checked_at: Generated<Date>;
}

/** An operator's request to bring a network's hot wallet down to its target at the next round. */
export interface ColdMoveRequestsTable {
  network: string;
  requested_by: string;
  requested_at: Generated<Date>;
}
