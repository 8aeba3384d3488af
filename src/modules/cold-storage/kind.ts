import { now } from '../../lib/db/index.ts';
import { COLD_TRANSFER_TABLES, outgoing } from '../withdrawals/candidates.ts';
import type { PayoutKind } from '../withdrawals/payout-kind.ts';
import { bookMove, changeColdStatus, type ColdTransferRow } from './record.ts';

/**
 * Moves to cold storage as the payout round follows them (the same round as withdrawals):
 * completed once final, or failed with the move's booking undone when the network refused or
 * reverted it (the coins never left the hot wallet).
 */
export const COLD_TRANSFER_KIND: PayoutKind<ColdTransferRow> = {
  tables: COLD_TRANSFER_TABLES,
  ledger: { refType: 'cold_transfer', costKind: 'coldTransfer.networkCost' },
  transfer: async (_db, row) => outgoing(row),
  async settled(trx, row, succeeded, end) {
    if (!succeeded) {
      await bookMove(trx, row, 'undone');
      await changeColdStatus(trx, row, 'failed', {
        set: { ...end, failure_reason: 'the transaction was mined but failed on chain (nothing moved); the move is booked back' },
      });
      return false;
    }
    await changeColdStatus(trx, row, 'completed', { set: { ...end, completed_at: now() } });
    return true;
  },
  async refused(trx, row, reason) {
    await bookMove(trx, row, 'undone');
    await changeColdStatus(trx, row, 'failed', { set: { failure_reason: reason, nonce: null } });
  },
};
