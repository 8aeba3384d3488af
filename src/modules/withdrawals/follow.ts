import type { AppContext } from '../../context.ts';
import { PermanentBroadcastError, type ChainAdapter, type ReplacementDecision } from '../../chains/types.ts';
import { confirmationsRequired } from '../payments/watcher.ts';
import { now, type Executor, type Trx } from '../../lib/db/index.ts';
import { unreachable } from '../../lib/state-machine.ts';
import { networkOf, knownCurrency, cryptoAmount } from '../../lib/currencies/catalogue.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import {
  freeNonce,
  holdInputs,
  loose,
  markBroadcast,
  standingCandidates,
  storeCandidate,
  termsOf,
  type Candidate,
  type PayoutRow,
} from './candidates.ts';
import type { FollowRound, PayoutKind, RoundCounts } from './payout-kind.ts';

/** The payout's row locked while it is processing, or undefined when it moved on (or, skipping, another worker holds it). */
async function lockProcessing<R extends PayoutRow>(trx: Trx, kind: PayoutKind<R>, id: string, skipLocked: boolean): Promise<R | undefined> {
  const q = loose(trx).selectFrom(kind.tables.rows).selectAll().where('id', '=', id).where('status', '=', 'processing').forUpdate();
  return (await (skipLocked ? q.skipLocked() : q).executeTakeFirst()) as R | undefined;
}

/** Writes columns of a payout's row (and its `updated_at`), and of those that follow it. */
async function update<R extends PayoutRow>(db: Executor, kind: PayoutKind<R>, id: string, set: Record<string, unknown>): Promise<void> {
  await loose(db)
    .updateTable(kind.tables.rows)
    .set({ ...set, updated_at: now() })
    .where('id', '=', id)
    .execute();
  await kind.mirror?.(db, id, set);
}

/**
 * A sent payout, each round: whichever candidate is in a block is the payout (its hash becomes
 * the row's), completed once deep enough, with what the network took booked against the network
 * fees. While none is, the newest is rebroadcast when the node lost it, and replaced when the
 * adapter says it is stuck, underpriced or expired (stored before it is sent).
 */
export async function followPayout<R extends PayoutRow>(
  ctx: AppContext,
  adapter: ChainAdapter,
  kind: PayoutKind<R>,
  p: R,
  round: FollowRound,
  out: RoundCounts,
): Promise<void> {
  const { tip } = round;
  const candidates = await standingCandidates(ctx.db, kind.tables, p.id);
  let currentConfirmations: number | null = null;
  // Newest first: a replacement in a block is the usual ending.
  for (const c of [...candidates].reverse()) {
    const confirmations = await adapter.transactionConfirmations(c.tx_hash);
    if (c === candidates[candidates.length - 1]) currentConfirmations = confirmations;
    if (confirmations !== null && confirmations > 0) return settle(ctx, adapter, kind, p, c, confirmations, out);
  }
  const current = candidates[candidates.length - 1];
  if (!current) return;
  if (currentConfirmations === null) {
    try {
      await send(ctx, adapter, kind, p, current, tip);
      out.broadcast++;
    } catch (err) {
      // An expired or outbid candidate the node refuses is what replacement is for: decide below.
      out.failures.push({ payoutId: p.id, error: `rebroadcast: ${(err as Error).message}` });
    }
  }
  const terms = termsOf(current);
  if (!adapter.replaceTransfer || !terms) return;
  const blocksPending = tip !== null && current.broadcast_height !== null ? Math.max(0, tip - current.broadcast_height) : 0;
  const nonces = adapter.nonces?.bind(adapter);
  const decision = await adapter.replaceTransfer({
    transfer: { ...(await kind.transfer(ctx.db, p)), heldCoins: round.held },
    current: { txHash: current.tx_hash, raw: current.raw, terms },
    blocksPending,
    known: currentConfirmations !== null,
    finality: confirmationsRequired(ctx.config, adapter.network),
    ...(nonces ? { freshNonce: async () => freeNonce(ctx.db, adapter.network, p.sender, await nonces()) } : {}),
  });
  await act(ctx, adapter, kind, p, current, decision, round, out);
}

/** Carries out the adapter's decision for the newest candidate. */
async function act<R extends PayoutRow>(
  ctx: AppContext,
  adapter: ChainAdapter,
  kind: PayoutKind<R>,
  p: R,
  current: Candidate,
  decision: ReplacementDecision,
  round: FollowRound,
  out: RoundCounts,
): Promise<void> {
  switch (decision.action) {
    case 'wait':
      if (p.fee_capped_at) await update(ctx.db, kind, p.id, { fee_capped_at: null, fee_capped_detail: null });
      return;
    case 'capped':
      out.capped++;
      if (!p.fee_capped_at) await update(ctx.db, kind, p.id, { fee_capped_at: now(), fee_capped_detail: decision.detail });
      return;
    case 'replace': {
      const seq = current.seq + 1;
      const stored = await ctx.db.transaction().execute(async (trx) => {
        const row = await lockProcessing(trx, kind, p.id, false);
        if (!row || row.tx_hash !== current.tx_hash) return null; // another worker moved it on
        await storeCandidate(trx, kind.tables, row, seq, decision.signed, decision.reason);
        // A payout whose nonce something else used moves to the fresh one it was signed with.
        const nonce = decision.signed.terms.family === 'evm' ? { nonce: decision.signed.terms.nonce } : {};
        await update(trx, kind, p.id, {
          tx_hash: decision.signed.txHash,
          signed_tx: decision.signed.raw,
          ...nonce,
          fee_capped_at: null,
          fee_capped_detail: null,
        });
        return { ...row, tx_hash: decision.signed.txHash, signed_tx: decision.signed.raw, ...nonce };
      });
      if (!stored) return;
      out.replaced++;
      holdInputs(round.held, decision.signed.terms);
      await send(ctx, adapter, kind, stored, { seq, tx_hash: decision.signed.txHash, raw: decision.signed.raw }, round.tip);
      out.broadcast++;
      return;
    }
    default:
      return unreachable(decision);
  }
}

/**
 * The candidate in a block: the payout carries its hash from now on. Once it has its
 * confirmations, what the network took (in its native coin) moves from custody to the network
 * fees, and the payout ends (`PayoutKind.settled`) in the same transaction: completed, or, when
 * the transaction failed on chain (a reverted token transfer moves nothing), failed.
 */
async function settle<R extends PayoutRow>(
  ctx: AppContext,
  adapter: ChainAdapter,
  kind: PayoutKind<R>,
  p: R,
  mined: Candidate,
  confirmations: number,
  out: RoundCounts,
): Promise<void> {
  const final = confirmations >= confirmationsRequired(ctx.config, adapter.network);
  if (!final && p.tx_hash === mined.tx_hash) return;
  const outcome = final && adapter.payoutOutcome ? await adapter.payoutOutcome(mined.tx_hash, termsOf(mined)) : null;
  const done = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockProcessing(trx, kind, p.id, true);
    if (!row) return false;
    const switched = { tx_hash: mined.tx_hash, signed_tx: mined.raw, fee_capped_at: null, fee_capped_detail: null };
    if (!final) {
      await update(trx, kind, p.id, switched);
      return false;
    }
    const cost = outcome ? await bookNetworkCost(trx, adapter, kind, row, outcome.cost) : {};
    return kind.settled(trx, row, outcome?.succeeded ?? true, { ...switched, ...cost });
  });
  if (done) out.completed++;
}

/** What the network took for a payout, out of custody against the network fees, in its native coin. */
async function bookNetworkCost<R extends PayoutRow>(trx: Trx, adapter: ChainAdapter, kind: PayoutKind<R>, row: R, cost: bigint) {
  const native = knownCurrency(networkOf(knownCurrency(row.currency_code)).nativeCode);
  if (kind.bookCost) return kind.bookCost(trx, row, cost, native.code);
  if (cost > 0n) {
    const paid = cryptoAmount(native.code, cost);
    await post(trx, {
      tenantId: null,
      kind: kind.ledger.costKind,
      refType: kind.ledger.refType,
      refId: row.id,
      lines: [debit('fees:network', paid), credit(custodyAccount(adapter.network), paid)],
    });
  }
  return { network_cost: cost, network_cost_currency: native.code };
}

/**
 * Broadcasts a stored candidate and notes the tip it reached the network at. The first candidate
 * refused for good (invalid, rejected) fails the payout (`PayoutKind.refused`) in one transaction,
 * its nonce freed; a refused replacement is set aside and the ones before it stand. Any other
 * error is retried next round.
 */
export async function send<R extends PayoutRow>(
  ctx: AppContext,
  adapter: ChainAdapter,
  kind: PayoutKind<R>,
  p: R,
  c: Pick<Candidate, 'seq' | 'tx_hash' | 'raw'>,
  tip: number | null,
): Promise<void> {
  try {
    await adapter.broadcast({ txHash: c.tx_hash, raw: c.raw });
  } catch (err) {
    if (!(err instanceof PermanentBroadcastError)) throw err;
    await refuse(ctx, kind, p, c, err.message);
    return;
  }
  await markBroadcast(ctx.db, kind.tables, p.id, c.seq, tip);
  if (!p.broadcast_at) {
    const at = now();
    await loose(ctx.db)
      .updateTable(kind.tables.rows)
      .set({ broadcast_at: at })
      .where('id', '=', p.id)
      .where('broadcast_at', 'is', null)
      .execute();
    await kind.mirror?.(ctx.db, p.id, { broadcast_at: at });
  }
}

/** A candidate the network refused for good. */
async function refuse<R extends PayoutRow>(
  ctx: AppContext,
  kind: PayoutKind<R>,
  p: R,
  c: Pick<Candidate, 'seq' | 'tx_hash'>,
  reason: string,
): Promise<void> {
  const { tables } = kind;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockProcessing(trx, kind, p.id, false);
    if (!row) return;
    await loose(trx)
      .updateTable(tables.candidates)
      .set({ rejected_at: now() })
      .where(tables.ref, '=', p.id)
      .where('seq', '=', c.seq)
      .execute();
    const before = await loose(trx)
      .selectFrom(tables.candidates)
      .selectAll()
      .where(tables.ref, '=', p.id)
      .where('rejected_at', 'is', null)
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    if (before) {
      await update(trx, kind, p.id, { tx_hash: before.tx_hash, signed_tx: before.raw });
      return;
    }
    await kind.refused(trx, row, reason);
  });
}
