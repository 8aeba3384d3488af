// What the follow round (follow.ts) works with: a kind of payout out of the hot wallet (a
// withdrawal, a bundle, a move to cold storage), how one ends, the round's view and its counts.
import type { OutgoingTransfer } from '../../chains/types.ts';
import type { Executor, Trx } from '../../lib/db/index.ts';
import type { PayoutRow, PayoutTables } from './candidates.ts';

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
  failures: Array<{ payoutId: string; error: string }>;
}

/** The columns a payout's end writes besides its status: the transaction it ended on and what it cost. */
export interface PayoutEnd {
  tx_hash: string;
  signed_tx: string;
  fee_capped_at: null;
  fee_capped_detail: null;
  network_cost?: bigint;
  network_cost_currency?: string;
}

/**
 * One kind of payout out of the hot wallet (a withdrawal, a move to cold storage): where its rows
 * and candidates live and how it ends. Everything else, signing aside, is the same for every kind:
 * the follow round (follow.ts), its replacements, its broadcasts and the booking of what it cost.
 */
export interface PayoutKind<R extends PayoutRow> {
  tables: PayoutTables;
  /** The ledger's reference to it (`refType`) and the kind of the entry that books its network cost. */
  ledger: { refType: string; costKind: string };
  /** What it pays, as the adapter signs a replacement of it. */
  transfer(db: Executor, row: R): Promise<OutgoingTransfer>;
  /**
   * Books what the network took (inside the settling transaction), instead of one entry against
   * the payout itself: a bundle splits it over its withdrawals. Returns the columns of its end.
   */
  bookCost?(trx: Trx, row: R, cost: bigint, native: string): Promise<Pick<PayoutEnd, 'network_cost' | 'network_cost_currency'>>;
  /** Columns written to its row (its transaction, its fee cap, its broadcast) that others follow too: a bundle's withdrawals. */
  mirror?(db: Executor, id: string, set: Record<string, unknown>): Promise<void>;
  /**
   * In a block and final (inside the caller's transaction, the row locked): completed, or, when
   * the transaction failed on chain and moved nothing, failed with its booking undone. Writes `end`
   * with the status; says whether it completed.
   */
  settled(trx: Trx, row: R, succeeded: boolean, end: PayoutEnd): Promise<boolean>;
  /** Its last standing candidate was refused for good: failed, its booking undone, its nonce let go. */
  refused(trx: Trx, row: R, reason: string): Promise<void>;
}

/** The round's view of the network: its tip, and the coins open payouts' candidates spend. */
export interface FollowRound {
  tip: number | null;
  held: Set<string>;
}
