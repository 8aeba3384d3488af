import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context.ts';
import { FeeUnavailableError, type ChainAdapter, type SignedTransfer } from '../../../chains/types.ts';
import { isDatabaseUnavailable } from '../../../lib/db/index.ts';
import type { CryptoCode } from '../../../lib/currencies/catalogue.ts';
import { BUNDLE_TABLES, claimCoins, holdInputs, storeCandidate } from '../candidates.ts';
import { send } from '../follow.ts';
import type { RoundCounts } from '../payout-kind.ts';
import { cover, hasFaucet, payoutNeeds, type Spare } from '../hot-wallet.ts';
import { changeStatus, type WithdrawalRow } from '../record.ts';
import { bookSent, screenBeforeSigning } from '../signing.ts';
import { markWaiting, waitingFromError, type Waiting } from '../waiting.ts';
import { BUNDLE_KIND, type BundleRow } from './kind.ts';

/**
 * How long a network's new withdrawals wait to be paid together, in seconds: `BTC_BATCH_WINDOW_S`
 * where the adapter bundles payouts (Bitcoin), else 0 (each paid alone, as soon as it can be).
 */
export function bundleWindowS(ctx: AppContext, adapter: ChainAdapter): number {
  return adapter.bundlesPayouts && !hasFaucet(ctx, adapter) ? ctx.config.btcBatchWindowS : 0;
}

/** Waiting for these is not waiting for the window: they are tried every round, and go as soon as they can. */
const BLOCKED = new Set(['hotWalletLow', 'screening']);

/**
 * The created withdrawals of a bundling network, each round: once the oldest of them has waited
 * the window, every one that passes screening and that the hot wallet covers is paid by one
 * transaction (a bundle: an output each, in their order, change last). Those that wait on the hot
 * wallet or on screening are tried every round meanwhile. The bundle, its candidate and its
 * withdrawals' move to `processing` (custody debited) are stored in one transaction before it is
 * broadcast; a signing that fails leaves them all `created`, saying why.
 */
export async function bundleRound(
  ctx: AppContext,
  adapter: ChainAdapter,
  created: WithdrawalRow[],
  round: { spare: Spare; held: Set<string> },
  out: RoundCounts,
  tip: number | null,
): Promise<void> {
  const cutoff = (ctx.clock?.() ?? new Date()).getTime() - bundleWindowS(ctx, adapter) * 1000;
  const ripe = created.some((w) => !BLOCKED.has(w.waiting_reason ?? '') && w.created_at.getTime() <= cutoff);
  const tried = ripe ? created : created.filter((w) => BLOCKED.has(w.waiting_reason ?? ''));
  const ready: WithdrawalRow[] = [];
  for (const w of tried) {
    const waiting = await readyToSign(ctx, adapter, w, round.spare);
    if (!waiting) ready.push(w);
    else {
      out.waiting++;
      await markWaiting(ctx.db, w, waiting);
    }
  }
  const first = ready[0];
  if (!first) return;
  const id = randomUUID();
  const outputs = ready.map((w) => ({ to: w.address, units: BigInt(w.amount) }));
  let signed: SignedTransfer;
  try {
    signed = await adapter.signTransfer({
      id,
      currencyCode: first.currency_code as CryptoCode,
      to: first.address,
      units: BigInt(first.amount),
      outputs,
      heldCoins: round.held,
    });
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    const waiting = waitingFromError(ctx, err);
    for (const w of ready) await markWaiting(ctx.db, w, waiting);
    if (err instanceof FeeUnavailableError) out.waiting += ready.length;
    else out.failures.push(...ready.map((w) => ({ payoutId: w.id, error: (err as Error).message })));
    return;
  }
  holdInputs(round.held, signed.terms);
  const bundle = await claimBundle(ctx, adapter, id, ready, signed);
  if (!bundle) return;
  out.signed += ready.length;
  try {
    await send(ctx, adapter, BUNDLE_KIND, bundle, { seq: 0, tx_hash: signed.txHash, raw: signed.raw }, tip);
    out.broadcast++;
  } catch (err) {
    // Stored: the bundle's next round sends it again.
    if (isDatabaseUnavailable(err)) throw err;
    out.failures.push({ payoutId: bundle.id, error: (err as Error).message });
  }
}

/**
 * Null when a withdrawal may go into this round's bundle (its destination passes screening, and
 * the hot wallet's spare covers its amount, which it then takes); else why it waits.
 */
async function readyToSign(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow, spare: Spare): Promise<Waiting | null> {
  try {
    return (await screenBeforeSigning(ctx, w)) ?? (await cover(ctx, adapter, spare, payoutNeeds(w), true));
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    return waitingFromError(ctx, err);
  }
}

/**
 * Stores a signed bundle in one transaction, before anything broadcasts it: its withdrawals locked
 * and still `created` (all of them, or nothing is stored: another worker took one, and its output
 * must not be paid twice), its coins held by no other payout, then the bundle and its first
 * candidate, and each withdrawal booked as sent and moved to `processing` with the transaction's
 * hash and its output. Null when it was not stored; the round signs again next time.
 */
async function claimBundle(
  ctx: AppContext,
  adapter: ChainAdapter,
  id: string,
  members: WithdrawalRow[],
  signed: SignedTransfer,
): Promise<BundleRow | null> {
  const ids = members.map((w) => w.id);
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('withdrawals')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'created')
      .forUpdate()
      .skipLocked()
      .execute();
    if (locked.length !== ids.length) return null;
    if (!(await claimCoins(trx, adapter.network, signed.terms))) return null;
    const bundle = await trx
      .insertInto('payout_bundles')
      .values({
        id,
        network: adapter.network,
        currency_code: members[0]?.currency_code ?? 'BTC',
        status: 'processing',
        item_count: ids.length,
        sender: adapter.hotWallet ?? null,
        tx_hash: signed.txHash,
        signed_tx: signed.raw,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await storeCandidate(trx, BUNDLE_TABLES, bundle, 0, signed, null);
    for (const [index, id] of ids.entries()) {
      // Read again under its lock: the round's copy may predate a change to it.
      const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await bookSent(trx, adapter.network, row);
      await changeStatus(trx, row, 'processing', {
        set: {
          tx_hash: signed.txHash,
          bundle_id: bundle.id,
          output_index: index,
          sender: adapter.hotWallet ?? null,
          waiting_reason: null,
          waiting_detail: null,
          waiting_since: null,
        },
      });
    }
    return bundle;
  });
}
