import type { Signature } from '@solana/kit';
import { now, type Db } from '../../../lib/db/index.ts';
import { transactionFate, wireTransaction, type SvmX402Chain } from '../../../chains/x402/svm.ts';
import { finishSettlement, submittedOn } from '../follow.ts';
import type { SettlementRow } from '../record.ts';

/**
 * Worker: each submitted Solana settlement taken to its end. Its signature has landed: confirmed
 * (or failed, when the transaction ran and failed). Not found while its blockhash is still valid:
 * its signed bytes are sent again after a receipt timeout (the same signature: a node that has it
 * ignores it). Not found once its blockhash has expired: it never can land, so it failed and the
 * buyer's transaction was not spent.
 */
export async function followSvmSubmitted(
  db: Db,
  chain: SvmX402Chain,
  receiptTimeoutMs: number,
): Promise<{ finished: number; waiting: number }> {
  const pending = await submittedOn(db, chain.network);
  let finished = 0;
  for (const row of pending) {
    if (await followOne(db, chain, row, receiptTimeoutMs)) finished++;
  }
  return { finished, waiting: pending.length - finished };
}

async function followOne(db: Db, chain: SvmX402Chain, row: SettlementRow, receiptTimeoutMs: number): Promise<boolean> {
  if (!row.signed_transaction) return false;
  const fee = row.gas_cost === null ? null : BigInt(row.gas_cost);
  const fate = await transactionFate(chain, row.transaction as Signature, wireTransaction(row.signed_transaction).blockhash).catch(
    () => 'unknown' as const,
  );
  if (fate === 'landed') await finishSettlement(db, row, 'confirmed', null, fee);
  else if (fate === 'reverted') await finishSettlement(db, row, 'failed', 'invalid_transaction_state', fee);
  else if (fate === 'expired') await finishSettlement(db, row, 'failed', 'invalid_transaction_state', null, { unsent: true });
  else {
    if (fate === 'pending' && chain.signer && Date.now() - row.updated_at.getTime() > receiptTimeoutMs) {
      await chain.signer.sendTransaction(row.signed_transaction, chain.network).catch(() => undefined);
      await db
        .updateTable('x402_settlements')
        .set({ updated_at: now() })
        .where('id', '=', row.id)
        .where('status', '=', 'submitted')
        .execute();
    }
    return false;
  }
  return true;
}
