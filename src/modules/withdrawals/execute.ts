import type { AppContext } from '../../context.ts';
import { PermanentBroadcastError, type ChainAdapter } from '../../chains/types.ts';
import { confirmationsRequired } from '../payments/watcher.ts';
import { now, nowOnce } from '../../lib/db/index.ts';
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';

import { changeStatus, withdrawalMoney, type WithdrawalRow } from './record.ts';
import { refund } from './cancel.ts';

/**
 * One execution round over open withdrawals, for the networks this worker has adapters for:
 * sign and record (the signed transaction is stored, and custody debited, before anything is
 * sent), broadcast what is recorded but not yet sent, and complete what has its confirmations.
 * A hot wallet short of funds leaves its withdrawals waiting in `created`.
 */
export async function executeRound(ctx: AppContext, adapters: ChainAdapter[]): Promise<RoundCounts> {
  const out: RoundCounts = { signed: 0, broadcast: 0, completed: 0, waiting: 0 };
  for (const adapter of adapters) {
    const open = await ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('network', '=', adapter.network)
      .where('status', 'in', ['created', 'processing'])
      .orderBy('created_at')
      .limit(100)
      .execute();
    // What the hot wallet can still spend this round, per currency, as withdrawals take from it.
    const spare = new Map<string, bigint>();
    for (const w of open) {
      if (w.status === 'created') await signAndSend(ctx, adapter, w, spare, out);
      else await advance(ctx, adapter, w, out);
    }
  }
  return out;
}

/** What one execution round did. */
export interface RoundCounts {
  signed: number;
  broadcast: number;
  completed: number;
  waiting: number;
}

/**
 * Signs a created withdrawal the hot wallet can cover, records it (custody debited, the signed
 * transaction stored, processing) before anything is sent, then broadcasts it.
 */
async function signAndSend(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow, spare: Map<string, bigint>, out: RoundCounts): Promise<void> {
  const currency = w.currency_code as CurrencyDef['code'];
  if (!spare.has(currency)) spare.set(currency, await adapter.hotWalletBalance(currency));
  if (spare.get(currency)! < BigInt(w.amount)) {
    out.waiting++;
    return;
  }
  spare.set(currency, spare.get(currency)! - BigInt(w.amount));
  const signed = await adapter.signTransfer({ id: w.id, currencyCode: currency, to: w.address, units: BigInt(w.amount) });
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'created').forUpdate().skipLocked().executeTakeFirst();
    if (!row) return null;
    const { amount, fee, total } = withdrawalMoney(row);
    await post(trx, {
      tenantId: row.tenant_id,
      kind: 'withdrawal.sent',
      refType: 'withdrawal',
      refId: row.id,
      lines: [debit('clearing:withdrawals', total), credit(custodyAccount(adapter.network), amount), credit('fees:network', fee)],
    });
    return changeStatus(trx, row, 'processing', { set: { tx_hash: signed.txHash, signed_tx: signed.raw } });
  });
  if (!recorded) return;
  out.signed++;
  await send(ctx, adapter, recorded);
  out.broadcast++;
}

/** A processing withdrawal: (re)send the one stored transaction until the chain has it, then confirm. */
async function advance(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow, out: RoundCounts): Promise<void> {
  const confirmations = await adapter.transactionConfirmations(w.tx_hash!);
  if (confirmations === null) {
    await send(ctx, adapter, w);
    out.broadcast++;
    return;
  }
  if (confirmations < confirmationsRequired(ctx.config, adapter.network)) return;
  const done = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'processing').forUpdate().skipLocked().executeTakeFirst();
    if (!row) return false;
    await changeStatus(trx, row, 'completed', { set: { completed_at: now() } });
    return true;
  });
  if (done) out.completed++;
}

/**
 * Broadcasts the stored transaction. A network that refuses it for good (invalid, rejected) fails
 * the withdrawal and refunds the merchant in one transaction; any other error is retried next round.
 */
async function send(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow): Promise<void> {
  try {
    await adapter.broadcast({ txHash: w.tx_hash!, raw: w.signed_tx! });
  } catch (err) {
    if (!(err instanceof PermanentBroadcastError)) throw err;
    await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'processing').forUpdate().executeTakeFirst();
      if (!row) return;
      await refund(trx, row, 'withdrawal.failed', true);
      await changeStatus(trx, row, 'failed', { set: { failure_reason: err.message } });
    });
    return;
  }
  await ctx.db.updateTable('withdrawals').set({ broadcast_at: nowOnce('broadcast_at') }).where('id', '=', w.id).execute();
}
