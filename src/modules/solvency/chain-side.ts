import type { Executor } from '../../lib/db/index.ts';
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { costBound, depositHoldings, lastSender, openColdMoves, openPayouts } from './books.ts';

/** What the chain shows of one network, per currency, in atomic units. */
export interface ChainSide {
  /** The hot wallet plus the deposit addresses not swept yet (or swept by a transaction in no block yet). */
  custody: Map<string, bigint>;
  /** What the network's cold address holds (empty without one). */
  cold: Map<string, bigint>;
  /**
   * Payouts signed and in no block yet: the ledger took their amount out of custody when it signed
   * them, the chain still holds it. `owed` is their whole debit (amount and fee: a failure refunds both).
   */
  inFlight: Map<string, { amount: bigint; owed: bigint }>;
  /** In the native coin: what payouts in a block, not yet completed, can have cost (booked when they complete). */
  pendingCost: bigint;
}

/** Whether a transaction is in a block of the best chain now (null or 0 confirmations: not). */
async function inBlock(adapter: ChainAdapter, txHash: string): Promise<boolean> {
  const confirmations = await adapter.transactionConfirmations(txHash);
  return confirmations !== null && confirmations > 0;
}

/**
 * Reads one network: each currency's custody through the adapter (the hot wallet is the adapter's
 * own, or in a process without its key the sender of the latest payout) and at its cold address,
 * and where its open payouts, moves to cold storage and lately swept deposits stand.
 */
export async function readChain(
  db: Executor,
  adapter: ChainAdapter,
  currencies: readonly CurrencyDef[],
  coldAddress?: string,
): Promise<ChainSide> {
  const network = adapter.network;
  const [holdings, payouts, moves, sender] = await Promise.all([
    depositHoldings(db, network),
    openPayouts(db, network),
    openColdMoves(db, network),
    adapter.hotWallet ? null : lastSender(db, network),
  ]);
  const hotWallet = adapter.hotWallet ?? sender ?? undefined;

  const held = new Map<string, Set<string>>(currencies.map((c) => [c.code, new Set<string>()]));
  for (const h of holdings.unswept) held.get(h.currency)?.add(h.address);
  const sweeps = new Map<string, boolean>();
  for (const h of holdings.recent) {
    if (!sweeps.has(h.sweepTx)) sweeps.set(h.sweepTx, await inBlock(adapter, h.sweepTx));
    if (!sweeps.get(h.sweepTx)) held.get(h.currency)?.add(h.address);
  }

  const custody = new Map<string, bigint>();
  const cold = new Map<string, bigint>();
  for (const c of currencies) {
    custody.set(c.code, await adapter.custodyBalance(c.code, [...(held.get(c.code) ?? [])], hotWallet));
    if (coldAddress && adapter.balanceAt) cold.set(c.code, await adapter.balanceAt(c.code, [coldAddress]));
  }

  const inFlight = new Map<string, { amount: bigint; owed: bigint }>();
  let pendingCost = 0n;
  for (const p of payouts) {
    if (await inBlock(adapter, p.txHash)) {
      pendingCost += costBound(p.terms);
      continue;
    }
    const was = inFlight.get(p.currency) ?? { amount: 0n, owed: 0n };
    inFlight.set(p.currency, { amount: was.amount + p.amount, owed: was.owed + p.amount + p.fee });
  }
  // A move to cold storage leaves custody as a whole unchanged, but for what its block took; a
  // bundle's fee is counted here once (its withdrawals' rows carry no terms of their own).
  for (const m of moves) if (await inBlock(adapter, m.txHash)) pendingCost += costBound(m.terms);
  return { custody, cold, inFlight, pendingCost };
}
