import type { AppContext } from '../../context.ts';
import { PermanentBroadcastError, type ChainAdapter, type ReplacementDecision } from '../../chains/types.ts';
import { confirmationsRequired } from '../payments/watcher.ts';
import { now, type Trx } from '../../lib/db/index.ts';
import { unreachable } from '../../lib/state-machine.ts';
import { networkOf, findCurrency, cryptoAmount } from '../../lib/currencies/catalogue.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { freeNonce, holdInputs, markBroadcast, outgoing, standingCandidates, storeCandidate, termsOf, type Candidate } from './candidates.ts';
import { changeStatus, type WithdrawalRow } from './record.ts';
import { refund } from './cancel.ts';

/** What one execution round did. */
export interface RoundCounts {
  signed: number;
  broadcast: number;
  /** Candidates replaced by a higher-fee or rebuilt one. */
  replaced: number;
  /** Payouts whose replacement waits above the operator's fee ceiling. */
  capped: number;
  completed: number;
  /** New payouts the hot wallet cannot cover yet. */
  waiting: number;
  /** Payouts whose node failed them this round; tried again next round. */
  failures: Array<{ withdrawalId: string; error: string }>;
}

/**
 * A sent withdrawal, each round: whichever candidate is in a block is the payout (its hash becomes
 * the withdrawal's), completed once deep enough, with what the network took booked against the
 * network fees. While none is, the newest is rebroadcast when the node lost it, and replaced when
 * the adapter says it is stuck, underpriced or expired (stored before it is sent).
 */
export async function followPayout(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow, round: { tip: number | null; held: Set<string> }, out: RoundCounts): Promise<void> {
  const { tip } = round;
  const candidates = await standingCandidates(ctx.db, w);
  let currentConfirmations: number | null = null;
  // Newest first: a replacement in a block is the usual ending.
  for (const c of [...candidates].reverse()) {
    const confirmations = await adapter.transactionConfirmations(c.tx_hash);
    if (c === candidates[candidates.length - 1]) currentConfirmations = confirmations;
    if (confirmations !== null && confirmations > 0) return settle(ctx, adapter, w, c, confirmations, out);
  }
  const current = candidates[candidates.length - 1];
  if (!current) return;
  if (currentConfirmations === null) {
    try {
      await send(ctx, adapter, w, current, tip);
      out.broadcast++;
    } catch (err) {
      // An expired or outbid candidate the node refuses is what replacement is for: decide below.
      out.failures.push({ withdrawalId: w.id, error: `rebroadcast: ${(err as Error).message}` });
    }
  }
  const terms = termsOf(current);
  if (!adapter.replaceTransfer || !terms) return;
  const blocksPending = tip !== null && current.broadcast_height !== null ? Math.max(0, tip - current.broadcast_height) : 0;
  const decision = await adapter.replaceTransfer({
    transfer: { ...outgoing(w), heldCoins: round.held },
    current: { txHash: current.tx_hash, raw: current.raw, terms },
    blocksPending,
    known: currentConfirmations !== null,
    finality: confirmationsRequired(ctx.config, adapter.network),
    ...(adapter.nonces ? { freshNonce: async () => freeNonce(ctx.db, adapter.network, w.sender, await adapter.nonces!()) } : {}),
  });
  await act(ctx, adapter, w, current, decision, round, out);
}

/** Carries out the adapter's decision for the newest candidate. */
async function act(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow, current: Candidate, decision: ReplacementDecision, round: { tip: number | null; held: Set<string> }, out: RoundCounts): Promise<void> {
  switch (decision.action) {
    case 'wait':
      if (w.fee_capped_at) await ctx.db.updateTable('withdrawals').set({ fee_capped_at: null, fee_capped_detail: null }).where('id', '=', w.id).execute();
      return;
    case 'capped':
      out.capped++;
      if (!w.fee_capped_at) await ctx.db.updateTable('withdrawals').set({ fee_capped_at: now(), fee_capped_detail: decision.detail }).where('id', '=', w.id).execute();
      return;
    case 'replace': {
      const seq = current.seq + 1;
      const stored = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'processing').forUpdate().executeTakeFirst();
        if (!row || row.tx_hash !== current.tx_hash) return null; // another worker moved it on
        await storeCandidate(trx, row, seq, decision.signed, decision.reason);
        // A payout whose nonce something else used moves to the fresh one it was signed with.
        const nonce = decision.signed.terms.family === 'evm' ? { nonce: decision.signed.terms.nonce } : {};
        return trx
          .updateTable('withdrawals')
          .set({ tx_hash: decision.signed.txHash, signed_tx: decision.signed.raw, ...nonce, fee_capped_at: null, fee_capped_detail: null, updated_at: now() })
          .where('id', '=', w.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      if (!stored) return;
      out.replaced++;
      holdInputs(round.held, decision.signed.terms);
      await send(ctx, adapter, stored, { withdrawal_id: w.id, seq, tx_hash: decision.signed.txHash, raw: decision.signed.raw }, round.tip);
      out.broadcast++;
      return;
    }
    default:
      return unreachable(decision);
  }
}

/**
 * The candidate in a block: the withdrawal carries its hash from now on. Once it has its
 * confirmations, what the network took (in its native coin) moves from custody to the network
 * fees, and the withdrawal completes, or, when the transaction failed on chain (a reverted token
 * transfer moves nothing), fails with the merchant refunded, in the same transaction.
 */
async function settle(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow, mined: Candidate, confirmations: number, out: RoundCounts): Promise<void> {
  const final = confirmations >= confirmationsRequired(ctx.config, adapter.network);
  if (!final && w.tx_hash === mined.tx_hash) return;
  const outcome = final && adapter.payoutOutcome ? await adapter.payoutOutcome(mined.tx_hash, termsOf(mined)) : null;
  const done = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'processing').forUpdate().skipLocked().executeTakeFirst();
    if (!row) return false;
    const switched = { tx_hash: mined.tx_hash, signed_tx: mined.raw, fee_capped_at: null, fee_capped_detail: null };
    if (!final) {
      await trx.updateTable('withdrawals').set({ ...switched, updated_at: now() }).where('id', '=', w.id).execute();
      return false;
    }
    const costColumns = outcome ? await bookNetworkCost(trx, adapter, row, outcome.cost) : {};
    if (outcome && !outcome.succeeded) {
      await refund(trx, row, 'withdrawal.failed', true);
      await changeStatus(trx, row, 'failed', { set: { ...switched, ...costColumns, failure_reason: 'the transaction was mined but failed on chain (nothing was sent); the debit is refunded' } });
      return false;
    }
    await changeStatus(trx, row, 'completed', { set: { ...switched, ...costColumns, completed_at: now() } });
    return true;
  });
  if (done) out.completed++;
}

/** What the network took for a payout, out of custody against the network fees, in its native coin. */
async function bookNetworkCost(trx: Trx, adapter: ChainAdapter, row: WithdrawalRow, cost: bigint) {
  const native = findCurrency(networkOf(findCurrency(row.currency_code)!).nativeCode)!;
  if (cost > 0n) {
    const paid = cryptoAmount(native.code, cost);
    await post(trx, { tenantId: null, kind: 'withdrawal.networkCost', refType: 'withdrawal', refId: row.id, lines: [debit('fees:network', paid), credit(custodyAccount(adapter.network), paid)] });
  }
  return { network_cost: cost, network_cost_currency: native.code };
}

/**
 * Broadcasts a stored candidate and notes the tip it reached the network at. The first candidate
 * refused for good (invalid, rejected) fails the withdrawal and refunds the merchant in one
 * transaction, its nonce freed; a refused replacement is set aside and the ones before it stand.
 * Any other error is retried next round.
 */
export async function send(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow, c: Pick<Candidate, 'withdrawal_id' | 'seq' | 'tx_hash' | 'raw'>, tip: number | null): Promise<void> {
  try {
    await adapter.broadcast({ txHash: c.tx_hash, raw: c.raw });
  } catch (err) {
    if (!(err instanceof PermanentBroadcastError)) throw err;
    await refuse(ctx, w, c, err.message);
    return;
  }
  await markBroadcast(ctx.db, c, tip);
  if (!w.broadcast_at) await ctx.db.updateTable('withdrawals').set({ broadcast_at: now() }).where('id', '=', w.id).where('broadcast_at', 'is', null).execute();
}

/** A candidate the network refused for good. */
async function refuse(ctx: AppContext, w: WithdrawalRow, c: Pick<Candidate, 'withdrawal_id' | 'seq' | 'tx_hash'>, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'processing').forUpdate().executeTakeFirst();
    if (!row) return;
    await trx.updateTable('withdrawal_transactions').set({ rejected_at: now() }).where('withdrawal_id', '=', c.withdrawal_id).where('seq', '=', c.seq).execute();
    const before = await trx
      .selectFrom('withdrawal_transactions')
      .selectAll()
      .where('withdrawal_id', '=', w.id)
      .where('rejected_at', 'is', null)
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    if (before) {
      await trx.updateTable('withdrawals').set({ tx_hash: before.tx_hash, signed_tx: before.raw, updated_at: now() }).where('id', '=', w.id).execute();
      return;
    }
    await refund(trx, row, 'withdrawal.failed', true);
    await changeStatus(trx, row, 'failed', { set: { failure_reason: reason, nonce: null } });
  });
}
