import { sql, type Kysely, type Selectable } from 'kysely';
import type { OutgoingTransfer, SignedTransfer, TransferTerms } from '../../chains/types.ts';
import { now, type Executor, type Trx } from '../../lib/db/index.ts';
import type { CandidateReason, WithdrawalTransactionsTable } from '../../lib/db/schema.ts';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';
import type { WithdrawalRow } from './record.ts';

/**
 * A payout's candidates: every transaction signed for it, kept in order before it is broadcast.
 * The first is its signing; each later one replaces the one before and conflicts with it (same
 * nonce, same inputs, or the earlier one expired), so at most one can ever confirm. Withdrawals
 * and moves to cold storage keep theirs alike, each in its own table.
 */
export type Candidate = Omit<Selectable<WithdrawalTransactionsTable>, 'withdrawal_id'>;

/** Where one kind of payout keeps its rows and its candidates. */
export interface PayoutTables {
  rows: 'withdrawals' | 'cold_transfers' | 'payout_bundles';
  candidates: 'withdrawal_transactions' | 'cold_transfer_transactions' | 'payout_bundle_transactions';
  /** The candidates' column that names their payout. */
  ref: 'withdrawal_id' | 'cold_transfer_id' | 'payout_bundle_id';
}

export const WITHDRAWAL_TABLES: PayoutTables = { rows: 'withdrawals', candidates: 'withdrawal_transactions', ref: 'withdrawal_id' };
export const COLD_TRANSFER_TABLES: PayoutTables = {
  rows: 'cold_transfers',
  candidates: 'cold_transfer_transactions',
  ref: 'cold_transfer_id',
};
export const BUNDLE_TABLES: PayoutTables = { rows: 'payout_bundles', candidates: 'payout_bundle_transactions', ref: 'payout_bundle_id' };

/** What every kind of payout row has: its network and currency, and the transaction it stands on. */
export type PayoutRow = Pick<
  WithdrawalRow,
  'id' | 'network' | 'currency_code' | 'sender' | 'tx_hash' | 'signed_tx' | 'broadcast_at' | 'fee_capped_at'
>;

/** A payout of one payment: where it pays, how much, and on EVM networks its nonce. */
export type SinglePayoutRow = PayoutRow & Pick<WithdrawalRow, 'address' | 'amount' | 'nonce'>;

/** Kysely over a table named at run time; the callers' signatures carry the types. */
export function loose(db: Executor): Kysely<Record<string, Record<string, unknown>>> {
  return db as unknown as Kysely<Record<string, Record<string, unknown>>>;
}

/** The transfer a payout asks the adapter for (its nonce, where it holds one). */
export function outgoing(w: SinglePayoutRow): OutgoingTransfer {
  return {
    id: w.id,
    currencyCode: w.currency_code as CryptoCode,
    to: w.address,
    units: BigInt(w.amount),
    ...(w.nonce !== null ? { nonce: w.nonce } : {}),
  };
}

/**
 * The candidates that still stand (not refused for good), oldest first. Every signed payout has
 * at least one: signing stores it (and migration 0017 copied those of withdrawals signed before).
 */
export async function standingCandidates(db: Executor, tables: PayoutTables, id: string): Promise<Candidate[]> {
  const rows = await loose(db)
    .selectFrom(tables.candidates)
    .selectAll()
    .where(tables.ref, '=', id)
    .where('rejected_at', 'is', null)
    .orderBy('seq')
    .execute();
  return rows as unknown as Candidate[];
}

/**
 * The coins (`txid:vout`) that the standing candidates of a network's open payouts, withdrawals,
 * bundles and moves to cold storage alike, spend: a new payout or a replacement must not select them
 * again (Bitcoin terms name their inputs; other families have none, and get an empty set).
 */
export async function heldCoins(db: Executor, network: string): Promise<Set<string>> {
  const held = new Set<string>();
  for (const tables of [WITHDRAWAL_TABLES, COLD_TRANSFER_TABLES, BUNDLE_TABLES]) {
    const rows = await loose(db)
      .selectFrom(`${tables.candidates} as t`)
      .innerJoin(`${tables.rows} as p`, 'p.id', `t.${tables.ref}`)
      .select('t.terms')
      .where('p.network', '=', network)
      .where('p.status', '=', 'processing')
      .where('t.rejected_at', 'is', null)
      .execute();
    for (const r of rows) holdInputs(held, r.terms as TransferTerms | null);
  }
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
export async function storeCandidate(
  trx: Trx,
  tables: PayoutTables,
  p: Pick<PayoutRow, 'id' | 'network'>,
  seq: number,
  signed: SignedTransfer,
  reason: CandidateReason | null,
): Promise<void> {
  await loose(trx)
    .insertInto(tables.candidates)
    .values({
      [tables.ref]: p.id,
      seq,
      network: p.network,
      tx_hash: signed.txHash,
      raw: signed.raw,
      terms: signed.terms ? JSON.stringify(signed.terms) : null,
      reason,
    })
    .execute();
}

/** The candidate reached the network: from this tip on it counts the blocks it waits. */
export async function markBroadcast(db: Executor, tables: PayoutTables, id: string, seq: number, height: number | null): Promise<void> {
  await loose(db)
    .updateTable(tables.candidates)
    .set({ broadcast_height: sql`coalesce(broadcast_height, ${height})`, broadcast_at: sql`coalesce(broadcast_at, ${now()})` })
    .where(tables.ref, '=', id)
    .where('seq', '=', seq)
    .execute();
}

/**
 * The nonce for a new payout of an EVM hot wallet: the lowest one from the node's pending count up
 * that no open payout of this wallet (a withdrawal or a move to cold storage) holds. The pending
 * count also covers what else the wallet sent (the sweeper's gas top-ups), and a payout refused for
 * good leaves no gap: its nonce is under the pending count again and held by nobody. Two workers
 * that pick the same one cannot both store it (`claimNonce`, and each table's unique index on
 * network, sender, nonce); the loser signs again next round.
 */
export async function freeNonce(
  db: Executor,
  network: string,
  sender: string | null,
  counts: { mined: number; pending: number },
): Promise<number> {
  const held = await heldNonces(db, network, sender);
  let nonce = Math.max(counts.mined, counts.pending);
  while (held.has(nonce)) nonce++;
  return nonce;
}

/** The nonces open payouts of a hot wallet hold, withdrawals and moves to cold storage alike. */
async function heldNonces(db: Executor, network: string, sender: string | null, only?: number): Promise<Set<number>> {
  const held = new Set<number>();
  for (const tables of [WITHDRAWAL_TABLES, COLD_TRANSFER_TABLES]) {
    let q = loose(db)
      .selectFrom(tables.rows)
      .select('nonce')
      .where('network', '=', network)
      .where('status', '=', 'processing')
      .where('sender', '=', sender ?? '')
      .where('nonce', 'is not', null);
    if (only !== undefined) q = q.where('nonce', '=', only);
    for (const r of await q.execute()) held.add(r.nonce as number);
  }
  return held;
}

/**
 * Before a payout is stored on a nonce (in the storing transaction): takes the hot wallet's nonce
 * lock, held to the commit, and says whether another open payout holds the nonce already. The two
 * kinds of payout live in two tables, so no one unique index can keep them apart; the lock makes
 * the check and the store of each one happen whole, one after the other.
 */
export async function claimNonce(trx: Trx, network: string, sender: string | null, nonce: number): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext(${`hot-wallet-nonce:${network}:${sender ?? ''}`}))`.execute(trx);
  return !(await heldNonces(trx, network, sender, nonce)).has(nonce);
}

/**
 * Before a Bitcoin payout is stored (in the storing transaction): takes the network's coin lock,
 * held to the commit, and says whether no other open payout's candidate spends a coin of `terms`.
 * Two workers signing at once may pick the same coins; the lock makes each check and store whole,
 * so the second finds the first's coins held and signs again next round. Other families: true.
 */
export async function claimCoins(trx: Trx, network: string, terms: TransferTerms | undefined): Promise<boolean> {
  if (terms?.family !== 'btc') return true;
  await sql`select pg_advisory_xact_lock(hashtext(${`hot-wallet-coins:${network}`}))`.execute(trx);
  const held = await heldCoins(trx, network);
  return !terms.inputs.some((i) => held.has(`${i.txid}:${i.vout}`));
}
