import { now } from '../../lib/db/index.ts';
import { WITHDRAWAL_TABLES } from './candidates.ts';
import type { PayoutKind } from './follow.ts';
import { refund } from './cancel.ts';
import { changeStatus, type WithdrawalRow } from './record.ts';

/**
 * Withdrawals as the follow round pays them: completed with `withdrawal.statusChanged`, or failed
 * with the merchant refunded (amount and fee) when the network refused or reverted the payout.
 */
export const WITHDRAWAL_KIND: PayoutKind<WithdrawalRow> = {
  tables: WITHDRAWAL_TABLES,
  ledger: { refType: 'withdrawal', costKind: 'withdrawal.networkCost' },
  async settled(trx, row, succeeded, end) {
    if (!succeeded) {
      await refund(trx, row, 'withdrawal.failed', true);
      await changeStatus(trx, row, 'failed', { set: { ...end, failure_reason: 'the transaction was mined but failed on chain (nothing was sent); the debit is refunded' } });
      return false;
    }
    await changeStatus(trx, row, 'completed', { set: { ...end, completed_at: now() } });
    return true;
  },
  async refused(trx, row, reason) {
    await refund(trx, row, 'withdrawal.failed', true);
    await changeStatus(trx, row, 'failed', { set: { failure_reason: reason, nonce: null } });
  },
};
