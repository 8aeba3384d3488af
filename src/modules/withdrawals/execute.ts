import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { isDatabaseUnavailable, isUniqueViolation } from '../../lib/db/index.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { freeNonce, heldCoins, holdInputs, outgoing, storeCandidate } from './candidates.ts';
import { followPayout, send, type RoundCounts } from './follow.ts';
import { changeStatus, withdrawalMoney, type WithdrawalRow } from './record.ts';

export type { RoundCounts } from './follow.ts';

/**
 * One execution round over open withdrawals, for the networks this worker has adapters for:
 * sign and record new ones (the signed transaction is stored, and custody debited, before anything
 * is sent), and follow the ones sent (rebroadcast, replace when stuck or underpriced, complete the
 * one candidate that confirmed). A hot wallet short of funds leaves its withdrawals in `created`.
 * One withdrawal's trouble with its node is counted in `failures` and does not stop the others.
 */
export async function executeRound(ctx: AppContext, adapters: ChainAdapter[]): Promise<RoundCounts> {
  const out: RoundCounts = { signed: 0, broadcast: 0, replaced: 0, capped: 0, completed: 0, waiting: 0, failures: [] };
  for (const adapter of adapters) {
    const open = await ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('network', '=', adapter.network)
      .where('status', 'in', ['created', 'processing'])
      .orderBy('created_at')
      .limit(100)
      .execute();
    // Blocks are counted from one tip per round; none is needed where nothing is ever replaced.
    const tip = adapter.replaceTransfer && open.some((w) => w.status === 'processing') ? ((await adapter.tip())?.height ?? null) : null;
    // What the hot wallet can still spend this round, per currency, as withdrawals take from it,
    // and the coins open payouts' stored transactions already spend (Bitcoin).
    const spare = new Map<string, bigint>();
    const held = await heldCoins(ctx.db, adapter.network);
    for (const w of open) {
      try {
        if (w.status === 'created') await signAndSend(ctx, adapter, w, { spare, held }, out, tip);
        else await followPayout(ctx, adapter, w, { tip, held }, out);
      } catch (err) {
        // A database that went away stops the round (the job waits for it); a node's error is this payout's alone.
        if (isDatabaseUnavailable(err)) throw err;
        out.failures.push({ withdrawalId: w.id, error: (err as Error).message });
      }
    }
  }
  return out;
}

/**
 * What the hot wallet can spend of a currency: its balance, less on EVM networks what its sent
 * payouts not yet in a block (nonce at or above the mined count) will still take. The chain's
 * balance is as of the last block, so without this a later round could sign a payout the wallet
 * cannot cover, and it would revert on chain.
 */
async function spendable(ctx: AppContext, adapter: ChainAdapter, code: CryptoCode): Promise<bigint> {
  const balance = await adapter.hotWalletBalance(code);
  if (!adapter.nonces) return balance;
  const { mined } = await adapter.nonces();
  const pending = await ctx.db
    .selectFrom('withdrawals')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('units'))
    .where('network', '=', adapter.network)
    .where('currency_code', '=', code)
    .where('status', '=', 'processing')
    .where('sender', '=', adapter.hotWallet ?? '')
    .where('nonce', '>=', mined)
    .executeTakeFirstOrThrow();
  return balance - BigInt(pending.units);
}

/**
 * Signs a created withdrawal the hot wallet can cover (on EVM networks on the lowest free nonce),
 * records it (custody debited, candidate 0 stored, processing) before anything is sent, then
 * broadcasts it. A nonce another worker stored first leaves it for the next round.
 */
async function signAndSend(ctx: AppContext, adapter: ChainAdapter, w: WithdrawalRow, round: { spare: Map<string, bigint>; held: Set<string> }, out: RoundCounts, tip: number | null): Promise<void> {
  const { spare, held } = round;
  const currency = w.currency_code;
  if (!spare.has(currency)) spare.set(currency, await spendable(ctx, adapter, outgoing(w).currencyCode));
  if (spare.get(currency)! < BigInt(w.amount)) {
    out.waiting++;
    return;
  }
  spare.set(currency, spare.get(currency)! - BigInt(w.amount));
  const nonce = adapter.nonces ? await freeNonce(ctx.db, adapter.network, adapter.hotWallet ?? null, await adapter.nonces()) : undefined;
  const signed = await adapter.signTransfer({ ...outgoing(w), heldCoins: held, ...(nonce !== undefined ? { nonce } : {}) });
  // Held at once: its broadcast may fail, and the next payout of this round must not take its coins.
  holdInputs(held, signed.terms);
  const recorded = await ctx.db
    .transaction()
    .execute(async (trx) => {
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
      await storeCandidate(trx, row, 0, signed, null);
      return changeStatus(trx, row, 'processing', {
        set: { tx_hash: signed.txHash, signed_tx: signed.raw, sender: adapter.hotWallet ?? null, nonce: nonce ?? null },
      });
    })
    .catch((err) => {
      if (isUniqueViolation(err, 'withdrawals_sender_nonce')) return null;
      throw err;
    });
  if (!recorded) return;
  out.signed++;
  await send(ctx, adapter, recorded, { withdrawal_id: recorded.id, seq: 0, tx_hash: signed.txHash, raw: signed.raw }, tip);
  out.broadcast++;
}
