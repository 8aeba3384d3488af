import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { ColdStorage } from '../../config.ts';
import type { ChainAdapter, SignedTransfer } from '../../chains/types.ts';
import { isUniqueViolation } from '../../lib/db/index.ts';
import type { ColdTransferCause } from '../../lib/db/schema.ts';
import type { CryptoCode, CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { enqueue } from '../../lib/outbox.ts';
import { ratioToDecimal, type Ratio } from '../../lib/money.ts';
import { COLD_TRANSFER_TABLES, claimNonce, freeNonce, heldCoins, storeCandidate } from '../withdrawals/candidates.ts';
import { send } from '../withdrawals/follow.ts';
import { payoutNeeds } from '../withdrawals/hot-wallet.ts';
import { COLD_TRANSFER_KIND } from './kind.ts';
import { centsOf, unitsOf, type Level } from './levels.ts';
import { bookMove, coldTransferEvent, type ColdTransferRow } from './record.ts';

/** A move the round decided on: how much of a currency leaves the hot wallet for cold storage, and why. */
export interface Plan {
  currency: CurrencyDef;
  amount: bigint;
  cause: ColdTransferCause;
  level: Level;
  price: Ratio;
}

/**
 * How much of a currency to move: when the hot wallet's value is above the ceiling (or an
 * operator asked), what it can spend less what the withdrawal queue needs less the target level;
 * null when that leaves nothing, or without a ceiling to go by.
 */
export function planMove(currency: CurrencyDef, level: Level, cold: ColdStorage, price: Ratio, requested: boolean): Plan | null {
  if (cold.hotMaxUsdCents === null || cold.hotTargetUsdCents === null) return null;
  const over = centsOf(level.balance, currency.decimals, price) > cold.hotMaxUsdCents;
  if (!over && !requested) return null;
  const amount = level.balance - level.queued - unitsOf(cold.hotTargetUsdCents, currency.decimals, price);
  return amount > 0n ? { currency, amount, cause: over ? 'ceiling' : 'operator', level, price } : null;
}

/** The hot wallet a move leaves from: cold storage is configured only on networks that have one. */
function hotWalletOf(adapter: ChainAdapter): string {
  if (!adapter.hotWallet) throw new Error(`${adapter.network}: cold storage needs the hot wallet's key`);
  return adapter.hotWallet;
}

/**
 * Signs a planned move on the hot wallet's next free nonce (EVM) or with coins no open payout
 * holds (Bitcoin). Its fee must come out of what the queue leaves: a move of the network's own
 * coin is signed again for that much less; a token's move whose gas the coin's level cannot
 * spare waits (null). A node that cannot sign it throws, and the round tries again.
 */
async function signMove(ctx: AppContext, adapter: ChainAdapter, cold: ColdStorage, plan: Plan, levels: ReadonlyMap<string, Level>) {
  const id = randomUUID();
  const sender = hotWalletOf(adapter);
  const nonce = adapter.nonces ? await freeNonce(ctx.db, adapter.network, sender, await adapter.nonces()) : undefined;
  const held = await heldCoins(ctx.db, adapter.network);
  const sign = (units: bigint) =>
    adapter.signTransfer({
      id,
      currencyCode: plan.currency.code as CryptoCode,
      to: cold.address,
      units,
      heldCoins: held,
      ...(nonce !== undefined ? { nonce } : {}),
    });
  let amount = plan.amount;
  let signed: SignedTransfer = await sign(amount);
  for (const [code, units] of payoutNeeds({ currency_code: plan.currency.code, amount: amount.toString() }, signed)) {
    const level = levels.get(code);
    const free = level ? level.balance - level.queued : 0n;
    if (units <= free) continue;
    // A token's move whose gas the coin cannot spare waits; the coin's own move leaves its gas behind.
    if (code !== plan.currency.code) return null;
    amount -= units - free;
    if (amount <= 0n) return null;
    signed = await sign(amount);
  }
  return { id, amount, nonce, signed };
}

/**
 * Carries out a planned move: signed, then stored with its first candidate, its booking from hot
 * to cold and its event in one transaction before anything is broadcast, then broadcast. Another
 * worker's move of the same currency already in flight (or on the same nonce) wins: this one was
 * never sent. Returns the move, or null when none was made.
 */
export async function moveToCold(
  ctx: AppContext,
  adapter: ChainAdapter,
  cold: ColdStorage,
  plan: Plan,
  levels: ReadonlyMap<string, Level>,
  tip: number | null,
): Promise<ColdTransferRow | null> {
  const signing = await signMove(ctx, adapter, cold, plan, levels);
  if (!signing) return null;
  const { id, amount, nonce, signed } = signing;
  const sender = hotWalletOf(adapter);
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (nonce !== undefined && !(await claimNonce(trx, adapter.network, sender, nonce))) return null;
      const inserted = await trx
        .insertInto('cold_transfers')
        .values({
          id,
          network: adapter.network,
          currency_code: plan.currency.code,
          address: cold.address,
          amount,
          status: 'processing',
          cause: plan.cause,
          hot_balance: plan.level.balance,
          queued: plan.level.queued,
          usd_price: ratioToDecimal(plan.price),
          sender,
          nonce: nonce ?? null,
          tx_hash: signed.txHash,
          signed_tx: signed.raw,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await storeCandidate(trx, COLD_TRANSFER_TABLES, inserted, 0, signed, null);
      await bookMove(trx, inserted, 'sent');
      await enqueue(trx, coldTransferEvent(inserted, null));
      return inserted;
    })
    .catch((err) => {
      if (isUniqueViolation(err, 'cold_transfers_in_flight') || isUniqueViolation(err, 'cold_transfers_sender_nonce')) return null;
      throw err;
    });
  if (!row) return null;
  await send(ctx, adapter, COLD_TRANSFER_KIND, row, { seq: 0, tx_hash: signed.txHash, raw: signed.raw }, tip);
  return row;
}
