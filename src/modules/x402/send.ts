// Sending the transaction of a settlement the facilitator claimed (facilitator.ts), and waiting for
// the transaction of one another settle claimed first.
import type { Hex } from 'viem';
import { now, type Db } from '../../lib/db/index.ts';
import { receiptWithin, type X402Chain } from '../../chains/x402/chain.ts';
import type { FeePayerSender, SignedTransaction, Spend } from '../../chains/x402/sender.ts';
import { finishSettlement, finishWithReceipt } from './follow.ts';
import type { SettlementRow } from './record.ts';
import type { Settleable } from './settleable.ts';

/**
 * Signs, records, then sends the claimed settlement's transaction; its row as it stands after, and
 * why nothing was sent when the node took nothing (the row then failed).
 */
export async function sendClaimed(
  db: Db,
  chain: X402Chain,
  sender: FeePayerSender,
  claimedId: string,
  call: Settleable['call'],
  spend: Spend,
  receiptTimeoutMs: number,
): Promise<{ row: SettlementRow; error?: string }> {
  // Signed, recorded, then sent: the row holds the hash and the signed bytes before the node hears
  // of them, so whatever happens to this call (a lost answer, a node that stops answering, this
  // process stopping), the worker can follow the transaction, or send it again, to its end.
  // A transaction the node certainly does not have is signed once more (a new nonce), then failed.
  let error = 'the node did not take the transaction';
  for (let attempt = 0; attempt < 2; attempt++) {
    let tx: SignedTransaction;
    try {
      tx = await sender.sign(call, spend);
    } catch (err) {
      error = (err as Error).message.split('\n')[0] ?? error;
      break;
    }
    // Only a claim still submitted is sent for: the worker may have given up on one left unsigned.
    const recorded = await db
      .updateTable('x402_settlements')
      .set({ transaction: tx.hash, signed_transaction: tx.raw, updated_at: now() })
      .where('id', '=', claimedId)
      .where('status', '=', 'submitted')
      .returningAll()
      .executeTakeFirst();
    if (!recorded) {
      sender.discard(tx);
      return { row: await settlementById(db, claimedId) };
    }
    const outcome = await sender.broadcast(tx);
    // The node may have it: settlement_pending with the hash; the worker sends it again if need be.
    if (outcome === 'unknown') return { row: recorded };
    if (outcome === 'sent') {
      const receipt = await receiptWithin(chain.publicClient, tx.hash, receiptTimeoutMs);
      const finished = receipt ? await finishWithReceipt(db, recorded, receipt).catch(() => recorded) : recorded;
      // Without a receipt in time (or its record): settlement_pending with the hash; the worker finishes it.
      return { row: finished };
    }
  }
  // Nothing reached the node (it said so): nothing was sent, and nothing can be mined.
  const row = await finishSettlement(db, await settlementById(db, claimedId), 'failed', 'invalid_transaction_state', null, {
    unsent: true,
  });
  return { row, error };
}

function settlementById(db: Db, id: string): Promise<SettlementRow> {
  return db.selectFrom('x402_settlements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A concurrent settle owns the key: wait (up to `timeoutMs`) for its transaction; `existing` reads the key's settlement. */
export async function awaitClaimant(
  chain: X402Chain,
  existing: (key: Settleable['key']) => Promise<SettlementRow | undefined>,
  key: Settleable['key'],
  timeoutMs: number,
): Promise<SettlementRow> {
  const deadline = Date.now() + timeoutMs;
  let mined: string | undefined;
  for (;;) {
    const row = await existing(key);
    // The claim that won the key is never deleted: a missing one is a broken database.
    if (!row) throw new Error(`the settlement claiming ${key.asset}/${key.payer}/${key.nonce} is gone`);
    if (row.status !== 'submitted' || Date.now() > deadline) return row;
    // Its receipt first; then the claimant's record of it, which may land a moment after.
    if (row.transaction && row.transaction !== mined) {
      if (await receiptWithin(chain.publicClient, row.transaction as Hex, Math.max(100, deadline - Date.now()))) mined = row.transaction;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
