import { parseTransaction, recoverTransactionAddress, type Hex, type TransactionReceipt } from 'viem';
import { now, type Db, type Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import type { X402Chain } from '../../chains/x402/chain.ts';
import type { X402Reason } from './reasons.ts';
import { settlementRecord, type SettlementRow } from './record.ts';
import { x402Machine } from './status.ts';

/** `unsent`: the settlement's transaction never was, or never can be, on chain: the row names none. */
export interface FinishOptions {
  unsent?: boolean;
}

/**
 * Final state of a settlement, with its x402.payment.* event, once: the caller that loses the race
 * (another instance's worker, a second settle call) gets the row as the winner left it. The move
 * is made only for the transaction the caller decided on (a settle may have signed another meanwhile).
 */
export function finishSettlement(db: Db, ...args: FinishArgs): Promise<SettlementRow> {
  return db.transaction().execute((trx: Trx) => finishIn(trx, ...args));
}

/** `finishIn`'s arguments after the transaction. */
type FinishArgs = Parameters<typeof finishIn> extends [Trx, ...infer A] ? A : never;

/** `finishSettlement` inside the caller's transaction (an upto settlement of 0 is claimed and confirmed in one). */
export async function finishIn(
  trx: Trx,
  row: SettlementRow,
  status: 'confirmed' | 'failed',
  reason: X402Reason | null,
  gasCost: bigint | null = null,
  opts: FinishOptions = {},
): Promise<SettlementRow> {
  try {
    return await moveStatus(trx, x402Machine, 'x402_settlements', row, status, {
      // A final row keeps no signed bytes.
      set: {
        error_reason: reason,
        gas_cost: gasCost,
        signed_transaction: '',
        ...(opts.unsent ? { transaction: '' } : {}),
        ...(status === 'confirmed' ? { confirmed_at: now() } : {}),
      },
      where: { transaction: row.transaction },
      event: (updated) => ({
        tenantId: updated.tenant_id,
        type: status === 'confirmed' ? 'x402.payment.settled' : 'x402.payment.failed',
        aggregateType: 'x402',
        aggregateId: updated.id,
        payload: settlementRecord(updated),
      }),
    });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'exceptions.status.conflict')) throw err;
    return trx.selectFrom('x402_settlements').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  }
}

/** The settlement's end as its transaction's receipt says: confirmed, or failed on a revert; the gas it cost either way. */
export function finishWithReceipt(db: Db, row: SettlementRow, receipt: TransactionReceipt): Promise<SettlementRow> {
  const ok = receipt.status === 'success';
  return finishSettlement(
    db,
    row,
    ok ? 'confirmed' : 'failed',
    ok ? null : 'invalid_transaction_state',
    receipt.gasUsed * receipt.effectiveGasPrice,
  );
}

/**
 * Worker: each submitted settlement of the network is taken to its end.
 *  - Its receipt has arrived: confirmed, or failed on a revert.
 *  - No receipt a receipt timeout after it was last sent: its signed transaction is sent again (a
 *    node that lost it, or never answered, gets it now; one that has it says so). Once the fee
 *    payer's mined count has passed its nonce without it, it can never be mined: failed, and the
 *    payer's authorization stays unused.
 *  - A claim left without a transaction (its process stopped before signing) after twice that
 *    time: failed, as nothing was signed; a settle still at work then finds it so and sends nothing.
 * Returns how many it finished and how many still wait.
 */
/** A network's settlements still submitted, oldest first, a round's worth: what each family's worker follows. */
export function submittedOn(db: Db, network: string): Promise<SettlementRow[]> {
  return db
    .selectFrom('x402_settlements')
    .selectAll()
    .where('status', '=', 'submitted')
    .where('network', '=', network)
    .orderBy('created_at')
    .limit(100)
    .execute();
}

export async function followSubmitted(db: Db, chain: X402Chain, receiptTimeoutMs: number): Promise<{ finished: number; waiting: number }> {
  const pending = await submittedOn(db, chain.network);
  const stale = (row: SettlementRow, times = 1) => Date.now() - row.updated_at.getTime() > receiptTimeoutMs * times;
  let finished = 0;
  for (const row of pending) {
    if (!row.transaction) {
      if (!stale(row, 2)) continue;
      await finishSettlement(db, row, 'failed', 'invalid_transaction_state', null, { unsent: true });
    } else {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: row.transaction as Hex }).catch(() => null);
      if (receipt) {
        await finishWithReceipt(db, row, receipt);
      } else if (!row.signed_transaction || !stale(row) || !(await resend(db, chain, row))) {
        continue;
      }
    }
    finished++;
  }
  return { finished, waiting: pending.length - finished };
}

/** Sends a settlement's transaction again; true when it was failed instead, as it can never be mined. */
async function resend(db: Db, chain: X402Chain, row: SettlementRow): Promise<boolean> {
  const client = chain.publicClient;
  const raw = row.signed_transaction as Hex;
  // "Already known" or "nonce too low" are answers too: what follows tells them apart.
  await client.request({ method: 'eth_sendRawTransaction', params: [raw] }).catch(() => undefined);
  await db.updateTable('x402_settlements').set({ updated_at: now() }).where('id', '=', row.id).where('status', '=', 'submitted').execute();
  const nonce = parseTransaction(raw).nonce ?? 0;
  const from = await recoverTransactionAddress({ serializedTransaction: raw as never });
  const mined = await client.getTransactionCount({ address: from, blockTag: 'latest' }).catch(() => undefined);
  if (mined === undefined || mined <= nonce) return false;
  // The nonce is used: by this transaction (its receipt, looked for again) or by another.
  if (await client.getTransactionReceipt({ hash: row.transaction as Hex }).catch(() => null)) return false;
  await finishSettlement(db, row, 'failed', 'invalid_transaction_state', null, { unsent: true });
  return true;
}
