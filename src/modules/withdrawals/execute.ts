import type { AppContext } from '../../context.ts';
import { FeeUnavailableError, type ChainAdapter, type SignedTransfer } from '../../chains/types.ts';
import { isDatabaseUnavailable, isUniqueViolation } from '../../lib/db/index.ts';
import { WITHDRAWAL_TABLES, claimCoins, claimNonce, freeNonce, heldCoins, holdInputs, outgoing, storeCandidate } from './candidates.ts';
import { followPayout, send } from './follow.ts';
import type { RoundCounts } from './payout-kind.ts';
import { WITHDRAWAL_KIND } from './withdrawal-kind.ts';
import { changeStatus, type WithdrawalRow } from './record.ts';
import { cover, hasFaucet, payoutNeeds, topUpSandbox, type Spare } from './hot-wallet.ts';
import { markUnsigned, markWaiting, signersSeen, waitingFromError, type Waiting } from './waiting.ts';
import { bookSent, screenBeforeSigning } from './signing.ts';
import { BUNDLE_KIND, openBundles } from './bundle/kind.ts';
import { bundleRound, bundleWindowS } from './bundle/round.ts';

export type { RoundCounts } from './payout-kind.ts';

/**
 * One execution round over open withdrawals, for the networks this worker has adapters for:
 * sign and record new ones (the signed transaction is stored, and custody debited, before anything
 * is sent), and follow the ones sent (rebroadcast, replace when stuck or underpriced, complete the
 * one candidate that confirmed). A new one that cannot be signed yet stays `created` with the
 * reason stored on it (waiting.ts): the hot wallet short (a sandbox one is topped up from its
 * faucet instead), no fee, the node failing; and those of networks no worker signs for say so.
 * One withdrawal's trouble with its node is counted in `failures` and does not stop the others.
 */
export async function executeRound(ctx: AppContext, adapters: ChainAdapter[]): Promise<RoundCounts> {
  const out: RoundCounts = { signed: 0, broadcast: 0, replaced: 0, capped: 0, completed: 0, waiting: 0, failures: [] };
  await signersSeen(
    ctx.db,
    adapters.map((a) => a.network),
  );
  for (const adapter of adapters) await networkRound(ctx, adapter, out);
  await markUnsigned(ctx);
  return out;
}

/**
 * One network's part of the round. Where payouts are bundled (Bitcoin, `BTC_BATCH_WINDOW_S` above
 * 0) its new withdrawals are signed together by the bundle round, and its bundles followed like
 * any payout; a bundle's withdrawals follow their bundle, never on their own.
 */
async function networkRound(ctx: AppContext, adapter: ChainAdapter, out: RoundCounts): Promise<void> {
  const open = await ctx.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('network', '=', adapter.network)
    .where('status', 'in', ['created', 'processing'])
    .where('bundle_id', 'is', null)
    .orderBy('created_at')
    .limit(100)
    .execute();
  const bundling = bundleWindowS(ctx, adapter) > 0;
  const bundles = adapter.bundlesPayouts ? await openBundles(ctx.db, adapter.network) : [];
  // Blocks are counted from one tip per round; none is needed where nothing is ever replaced. A
  // bundle is sent knowing it, so its blocks waited count from its broadcast.
  const following = bundles.length > 0 || open.some((w) => w.status === 'processing' || (bundling && w.status === 'created'));
  const tip = adapter.replaceTransfer && following ? ((await adapter.tip())?.height ?? null) : null;
  // What the hot wallet can still spend this round, per currency, as withdrawals take from it,
  // and the coins open payouts' stored transactions already spend (Bitcoin).
  const round = { spare: new Map() as Spare, held: await heldCoins(ctx.db, adapter.network) };
  for (const w of open) {
    if (w.status === 'created' && bundling) continue;
    await guarded(out, w.id, () =>
      w.status === 'created'
        ? signOrWait(ctx, adapter, w, round, out, tip)
        : followPayout(ctx, adapter, WITHDRAWAL_KIND, w, { tip, held: round.held }, out),
    );
  }
  if (bundling)
    await bundleRound(
      ctx,
      adapter,
      open.filter((w) => w.status === 'created'),
      round,
      out,
      tip,
    );
  for (const b of bundles) await guarded(out, b.id, () => followPayout(ctx, adapter, BUNDLE_KIND, b, { tip, held: round.held }, out));
}

/** Runs one payout's step: a database that went away stops the round (the job waits for it); a node's error is this payout's alone. */
async function guarded(out: RoundCounts, payoutId: string, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    out.failures.push({ payoutId, error: (err as Error).message });
  }
}

/** Signs and sends a created withdrawal, or stores why it waits (a node's error also rethrown, as a failure). */
async function signOrWait(
  ctx: AppContext,
  adapter: ChainAdapter,
  w: WithdrawalRow,
  round: { spare: Spare; held: Set<string> },
  out: RoundCounts,
  tip: number | null,
): Promise<void> {
  let waiting: Waiting | null;
  try {
    waiting = await signAndSend(ctx, adapter, w, round, out, tip);
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    waiting = waitingFromError(ctx, err);
    // No fee is a state of the network, not a failure of this payout; anything else is also logged.
    if (!(err instanceof FeeUnavailableError)) {
      await markWaiting(ctx.db, w, waiting);
      throw err;
    }
  }
  if (!waiting) return;
  out.waiting++;
  await markWaiting(ctx.db, w, waiting);
}

/**
 * Signs a created withdrawal the hot wallet can cover (on EVM networks on the lowest free nonce),
 * records it (custody debited, candidate 0 stored, processing) before anything is sent, then
 * broadcasts it; or says why it waits. A nonce another worker stored first leaves it for the next
 * round. Nothing is taken from the round's spare before the signed payout is known to be covered.
 */
async function signAndSend(
  ctx: AppContext,
  adapter: ChainAdapter,
  w: WithdrawalRow,
  round: { spare: Spare; held: Set<string> },
  out: RoundCounts,
  tip: number | null,
): Promise<Waiting | null> {
  const { spare, held } = round;
  // Listed since it was committed (or flagged by the provider): not signed.
  const screened = await screenBeforeSigning(ctx, w);
  if (screened) return screened;
  // A wallet short of the amount is not asked to sign (a faucet's is topped up once it has signed).
  const short = hasFaucet(ctx, adapter) ? null : await cover(ctx, adapter, spare, payoutNeeds(w), false);
  if (short) return short;
  const nonce = adapter.nonces ? await freeNonce(ctx.db, adapter.network, adapter.hotWallet ?? null, await adapter.nonces()) : undefined;
  const signed = await adapter.signTransfer({ ...outgoing(w), heldCoins: held, ...(nonce !== undefined ? { nonce } : {}) });
  await topUpSandbox(ctx, adapter, spare, w);
  // Its gas too (EVM): a token payout from a wallet without the network's coin would never be mined.
  const gasShort = await cover(ctx, adapter, spare, payoutNeeds(w, signed), true);
  if (gasShort) return gasShort;
  // Held at once: its broadcast may fail, and the next payout of this round must not take its coins.
  holdInputs(held, signed.terms);
  const recorded = await record(ctx, adapter, w, signed, nonce);
  if (!recorded) return null;
  out.signed++;
  await send(ctx, adapter, WITHDRAWAL_KIND, recorded, { seq: 0, tx_hash: signed.txHash, raw: signed.raw }, tip);
  out.broadcast++;
  return null;
}

/** Records a signed payout (custody debited, candidate 0 stored, processing, no longer waiting); null when another worker did first. */
async function record(
  ctx: AppContext,
  adapter: ChainAdapter,
  w: WithdrawalRow,
  signed: SignedTransfer,
  nonce: number | undefined,
): Promise<WithdrawalRow | null> {
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', w.id)
        .where('status', '=', 'created')
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return null;
      // A move to cold storage may hold the nonce: signed again next round.
      if (nonce !== undefined && !(await claimNonce(trx, adapter.network, adapter.hotWallet ?? null, nonce))) return null;
      // Another worker's payout stored meanwhile may spend the same coins: signed again next round.
      if (!(await claimCoins(trx, adapter.network, signed.terms))) return null;
      await bookSent(trx, adapter.network, row);
      await storeCandidate(trx, WITHDRAWAL_TABLES, row, 0, signed, null);
      return changeStatus(trx, row, 'processing', {
        set: {
          tx_hash: signed.txHash,
          signed_tx: signed.raw,
          sender: adapter.hotWallet ?? null,
          nonce: nonce ?? null,
          waiting_reason: null,
          waiting_detail: null,
          waiting_since: null,
        },
      });
    })
    .catch((err) => {
      if (isUniqueViolation(err, 'withdrawals_sender_nonce')) return null;
      throw err;
    });
}
