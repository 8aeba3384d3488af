import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { ChainAdapter, SignedTransfer } from '../../chains/types.ts';
import { cryptoAmount, knownCurrency, networkOf, type CryptoCode } from '../../lib/currencies/catalogue.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import type { WithdrawalRow } from './record.ts';
import type { Waiting } from './waiting.ts';

/** What the hot wallet can still spend this round, per currency, as the round's payouts take from it. */
export type Spare = Map<string, bigint>;

/**
 * What the hot wallet can spend of a currency: its balance, less on EVM networks what its sent
 * payouts not yet in a block (nonce at or above the mined count) will still take, withdrawals and
 * moves to cold storage alike. The chain's balance is as of the last block, so without this a later
 * round could sign a payout the wallet cannot cover, and it would revert on chain.
 */
export async function spendable(ctx: Pick<AppContext, 'db'>, adapter: ChainAdapter, code: string): Promise<bigint> {
  const balance = await adapter.hotWalletBalance(code as CryptoCode);
  if (!adapter.nonces) return balance;
  const { mined } = await adapter.nonces();
  let pending = 0n;
  for (const table of ['withdrawals', 'cold_transfers'] as const) {
    const row = await ctx.db
      .selectFrom(table)
      .select(sql<string>`coalesce(sum(amount), 0)`.as('units'))
      .where('network', '=', adapter.network)
      .where('currency_code', '=', code)
      .where('status', '=', 'processing')
      .where('sender', '=', adapter.hotWallet ?? '')
      .where('nonce', '>=', mined)
      .executeTakeFirstOrThrow();
    pending += BigInt(row.units);
  }
  return balance - pending;
}

/** What the hot wallet has spare of a currency this round (read once, then kept by the round). */
async function spareOf(ctx: AppContext, adapter: ChainAdapter, spare: Spare, code: string): Promise<bigint> {
  const known = spare.get(code);
  if (known !== undefined) return known;
  const read = await spendable(ctx, adapter, code);
  spare.set(code, read);
  return read;
}

/**
 * What a payout takes from the hot wallet, per currency: its amount and, once signed on an EVM
 * network, at most its gas × max fee in the network's coin (Bitcoin's fee is inside its signing,
 * Tron's resources and the sandbox's fee are not the wallet's balance to check here).
 */
export function payoutNeeds(w: Pick<WithdrawalRow, 'currency_code' | 'amount'>, signed?: SignedTransfer): Map<string, bigint> {
  const needs = new Map<string, bigint>([[w.currency_code, BigInt(w.amount)]]);
  if (signed?.terms?.family === 'evm') {
    const native = networkOf(knownCurrency(w.currency_code)).nativeCode;
    needs.set(native, (needs.get(native) ?? 0n) + BigInt(signed.terms.gas) * BigInt(signed.terms.maxFeePerGas));
  }
  return needs;
}

/**
 * Whether the round's spare covers `needs`: null when it does (and, with `take`, takes them from
 * it), else `hotWalletLow` naming the first currency short and how many atomic units it lacks.
 */
export async function cover(
  ctx: AppContext,
  adapter: ChainAdapter,
  spare: Spare,
  needs: Map<string, bigint>,
  take: boolean,
): Promise<Waiting | null> {
  for (const [code, units] of needs) {
    const missing = units - (await spareOf(ctx, adapter, spare, code));
    if (missing > 0n) return { reason: 'hotWalletLow', detail: { cryptoCurrencyCode: code, missing: missing.toString() } };
  }
  // Every code of needs was read into spare by the loop above.
  if (take) for (const [code, units] of needs) spare.set(code, (spare.get(code) ?? 0n) - units);
  return null;
}

/** Whether the adapter's hot wallet is a sandbox one its faucet tops up (never in a live installation). */
export function hasFaucet(ctx: AppContext, adapter: ChainAdapter): boolean {
  return !!adapter.fundHotWallet && adapter.sandbox && ctx.config.mode === 'sandbox';
}

/**
 * Sandbox: a hot wallet short of a payout's amount is topped up from the sandbox faucet by what it
 * lacks, in one transaction with its booking (custody in against `sandbox:faucet`), so the chain
 * and the ledger agree. Only a sandbox installation's sandbox adapters have a faucet; it funds a
 * payout signed already, so one that cannot be signed (no fee) takes nothing from it.
 */
export async function topUpSandbox(ctx: AppContext, adapter: ChainAdapter, spare: Spare, w: WithdrawalRow): Promise<void> {
  const fund = adapter.fundHotWallet?.bind(adapter);
  if (!fund || !hasFaucet(ctx, adapter)) return;
  const missing = BigInt(w.amount) - (await spareOf(ctx, adapter, spare, w.currency_code));
  if (missing <= 0n) return;
  const amount = cryptoAmount(w.currency_code, missing);
  await ctx.db.transaction().execute(async (trx) => {
    const ref = await fund(trx, amount.currency.code, missing, w.id);
    await post(trx, {
      tenantId: null,
      kind: 'sandbox.faucet',
      refType: 'sandbox_faucet',
      refId: ref,
      lines: [debit(custodyAccount(adapter.network), amount), credit('sandbox:faucet', amount)],
    });
  });
  spare.set(w.currency_code, (spare.get(w.currency_code) ?? 0n) + missing);
}
