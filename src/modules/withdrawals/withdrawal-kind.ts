import { now, type Trx } from '../../lib/db/index.ts';
import { WITHDRAWAL_TABLES, outgoing } from './candidates.ts';
import type { PayoutEnd, PayoutKind } from './payout-kind.ts';
import { refund } from './cancel.ts';
import { changeStatus, type WithdrawalRow } from './record.ts';

/**
 * A withdrawal whose transaction is final (the row locked): completed with
 * `withdrawal.statusChanged`, or, when it failed on chain, failed with the merchant refunded
 * (amount and fee). An `end` without `signed_tx` leaves the row's: a bundle's withdrawals name
 * their transaction by its hash, and the bundle keeps it.
 */
export async function settleWithdrawal(
  trx: Trx,
  row: WithdrawalRow,
  succeeded: boolean,
  end: Omit<PayoutEnd, 'signed_tx'> & { signed_tx?: string },
): Promise<boolean> {
  if (!succeeded) {
    await refund(trx, row, 'withdrawal.failed', true);
    await changeStatus(trx, row, 'failed', {
      set: { ...end, failure_reason: 'the transaction was mined but failed on chain (nothing was sent); the debit is refunded' },
    });
    return false;
  }
  await changeStatus(trx, row, 'completed', { set: { ...end, completed_at: now() } });
  return true;
}

/** A withdrawal whose last standing transaction the network refused for good: failed, the merchant refunded. */
export async function refuseWithdrawal(trx: Trx, row: WithdrawalRow, reason: string): Promise<void> {
  await refund(trx, row, 'withdrawal.failed', true);
  await changeStatus(trx, row, 'failed', { set: { failure_reason: reason, nonce: null } });
}

/**
 * Withdrawals as the follow round pays them: completed with `withdrawal.statusChanged`, or failed
 * with the merchant refunded (amount and fee) when the network refused or reverted the payout.
 */
export const WITHDRAWAL_KIND: PayoutKind<WithdrawalRow> = {
  tables: WITHDRAWAL_TABLES,
  ledger: { refType: 'withdrawal', costKind: 'withdrawal.networkCost' },
  transfer: async (_db, row) => outgoing(row),
  settled: settleWithdrawal,
  refused: refuseWithdrawal,
};
