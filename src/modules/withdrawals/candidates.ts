import type { Selectable } from 'kysely';
import type { OutgoingTransfer, SignedTransfer, TransferTerms } from '../../chains/types.ts';
import { now, type Executor, type Trx } from '../../lib/db/index.ts';
import type { CandidateReason, WithdrawalTransactionsTable } from '../../lib/db/schema.ts';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';
import type { WithdrawalRow } from './record.ts';

/**
 * A withdrawal's candidates: every transaction signed for it, kept in order before it is
 * broadcast. The first is its signing; each later one replaces the one before and conflicts with
 * it (same nonce, same inputs, or the earlier one expired), so at most one can ever confirm.
 */
export type Candidate = Selectable<WithdrawalTransactionsTable>;

/** The payout a withdrawal asks the adapter for (its nonce, where it holds one). */
export function outgoing(w: WithdrawalRow): OutgoingTransfer {
  return { id: w.id, currencyCode: w.currency_code as CryptoCode, to: w.address, units: BigInt(w.amount), ...(w.nonce !== null ? { nonce: w.nonce } : {}) };
}

/**
 * The candidates that still stand (not refused for good), oldest first. Every signed withdrawal
 * has at least one: signing stores it, and migration 0017 copied those signed before.
 */
export async function standingCandidates(db: Executor, w: Pick<WithdrawalRow, 'id'>): Promise<Candidate[]> {
  return db.selectFrom('withdrawal_transactions').selectAll().where('withdrawal_id', '=', w.id).where('rejected_at', 'is', null).orderBy('seq').execute();
}

/**
 * The coins (`txid:vout`) that the standing candidates of a network's open payouts spend: a new
 * payout or a replacement must not select them again (Bitcoin terms name their inputs; other
 * families have none, and get an empty set).
 */
export async function heldCoins(db: Executor, network: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('withdrawal_transactions as t')
    .innerJoin('withdrawals as w', 'w.id', 't.withdrawal_id')
    .select('t.terms')
    .where('w.network', '=', network)
    .where('w.status', '=', 'processing')
    .where('t.rejected_at', 'is', null)
    .execute();
  const held = new Set<string>();
  for (const r of rows) holdInputs(held, r.terms as TransferTerms | null);
  return held;
}

/** Adds the coins a candidate's terms spend to `held`. */
export function holdInputs(held: Set<string>, terms: TransferTerms | null | undefined): void {
  if (terms?.family !== 'btc') return;
  for (const i of terms.inputs) held.add(`${i.txid}:${i.vout}`);
}

/** The stored terms of a candidate, when it has any (the sandbox's have none). */
export function termsOf(c: Candidate): TransferTerms | undefined {
  return (c.terms ?? undefined) as TransferTerms | undefined;
}

/** Keeps a signed candidate (inside the caller's transaction), before anything broadcasts it. */
export async function storeCandidate(trx: Trx, w: WithdrawalRow, seq: number, signed: SignedTransfer, reason: CandidateReason | null): Promise<void> {
  await trx
    .insertInto('withdrawal_transactions')
    .values({ withdrawal_id: w.id, seq, network: w.network, tx_hash: signed.txHash, raw: signed.raw, terms: signed.terms ? JSON.stringify(signed.terms) : null, reason })
    .execute();
}

/** The candidate reached the network: from this tip on it counts the blocks it waits. */
export async function markBroadcast(db: Executor, c: Pick<Candidate, 'withdrawal_id' | 'seq'>, height: number | null): Promise<void> {
  await db
    .updateTable('withdrawal_transactions')
    .set((eb) => ({ broadcast_height: eb.fn.coalesce('broadcast_height', eb.val(height)), broadcast_at: eb.fn.coalesce('broadcast_at', now()) }))
    .where('withdrawal_id', '=', c.withdrawal_id)
    .where('seq', '=', c.seq)
    .execute();
}

/**
 * The nonce for a new payout of an EVM hot wallet: the lowest one from the node's pending count up
 * that no open withdrawal of this wallet holds. The pending count also covers what else the wallet
 * sent (the sweeper's gas top-ups), and a payout refused for good leaves no gap: its nonce is
 * under the pending count again and held by nobody. Two workers that pick the same one cannot
 * both store it (the unique index on network, sender, nonce); the loser signs again next round.
 */
export async function freeNonce(db: Executor, network: string, sender: string | null, counts: { mined: number; pending: number }): Promise<number> {
  const open = await db
    .selectFrom('withdrawals')
    .select('nonce')
    .where('network', '=', network)
    .where('status', '=', 'processing')
    .where('sender', '=', sender ?? '')
    .where('nonce', 'is not', null)
    .execute();
  const held = new Set(open.map((r) => r.nonce!));
  let nonce = Math.max(counts.mined, counts.pending);
  while (held.has(nonce)) nonce++;
  return nonce;
}
