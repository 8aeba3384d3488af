import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import { serializableInAccountQueue } from '../../../lib/db/account-queue.ts';
import { isUniqueViolation, now, type Trx } from '../../../lib/db/index.ts';
import { AppError } from '../../../lib/errors.ts';
import type { ApiPrincipal } from '../../../lib/http/security.ts';
import { toJsonNumber } from '../../../lib/money.ts';
import { cryptoAmount, knownCurrency } from '../../../lib/currencies/catalogue.ts';
import { audit } from '../../audit/service.ts';
import { credit, debit, lockedMerchantBalance, merchantAccount, post } from '../../ledger/service.ts';
import { checkBatchItems, checkBatchTotal } from '../../payouts/batch.ts';
import { policyIn } from '../../payouts/enforce.ts';
import { withdrawalOfQuote } from '../commit.ts';
import type { QuoteRow, WithdrawalRow } from '../record.ts';
import { batchInvalid } from './quote.ts';
import { sumByCurrency, type BatchQuoteRow, type BatchRow, type CurrencyTotal } from './record.ts';

export interface BatchCommitInput {
  batchQuoteId: string;
  webhookUrl?: string;
}

/**
 * POST /withdrawal/batch/commit, in one SERIALIZABLE transaction queued behind the account's other
 * commits (as a withdrawal's commit): the batch quote and its items locked and checked, every
 * currency's balance checked against the batch's total in it, the policy applied again, the batch
 * and one withdrawal per item inserted, the whole total debited in one entry, the quotes marked
 * committed and the audit entry written; all of it or none. A second commit of the same batch
 * quote finds it committed, or loses on the batch's unique quote and is told the same.
 */
export async function commitBatch(
  ctx: AppContext,
  principal: ApiPrincipal,
  input: BatchCommitInput,
): Promise<{ batch: BatchRow; withdrawals: WithdrawalRow[] }> {
  try {
    return await serializableInAccountQueue(ctx.db, principal.accountId, (trx) => commitIn(ctx.config, trx, principal, input));
  } catch (err) {
    if (!isUniqueViolation(err, 'withdrawal_batches_quote_id_key')) throw err;
    const batch = await ctx.db.selectFrom('withdrawal_batches').select('id').where('quote_id', '=', input.batchQuoteId).executeTakeFirst();
    throw new AppError('exceptions.withdrawal.quoteAlreadyCommitted', { batchId: batch?.id ?? null });
  }
}

/** The batch quote and its items, locked; refused when missing, committed, expired, or an item was quoted again since. */
async function lockQuotes(trx: Trx, principal: ApiPrincipal, id: string): Promise<{ bq: BatchQuoteRow; items: QuoteRow[] }> {
  const found = await trx
    .selectFrom('withdrawal_batch_quotes')
    .selectAll()
    .select(sql<boolean>`expires_at < now()`.as('expired'))
    .where('id', '=', id)
    .where('account_id', '=', principal.accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!found) throw new AppError('exceptions.withdrawal.batchQuoteNotFound');
  const { expired, ...bq } = found;
  if (bq.committed_at) throw new AppError('exceptions.withdrawal.quoteAlreadyCommitted', { batchId: bq.batch_id });
  if (expired) throw new AppError('exceptions.withdrawal.quoteExpired', { expiredAt: bq.expires_at.toISOString() });
  const items = await trx
    .selectFrom('withdrawal_quotes')
    .selectAll()
    .where('batch_quote_id', '=', id)
    .orderBy('batch_index')
    .forUpdate()
    .execute();
  if (items.length !== bq.item_count || items.some((q) => q.committed_at !== null))
    throw new AppError('exceptions.withdrawal.batchQuoteSuperseded', { items: bq.item_count, stillQuoted: items.length });
  return { bq, items };
}

/** Every currency's locked balance covers the batch's total in it; else the whole batch is refused. */
async function checkLockedBalances(trx: Trx, accountId: string, totals: CurrencyTotal[]): Promise<void> {
  for (const t of totals) {
    const required = cryptoAmount(t.currency, t.amount + t.fee);
    const available = await lockedMerchantBalance(trx, accountId, t.currency);
    if (available < required.units) {
      throw new AppError('exceptions.withdrawal.insufficientBalance', {
        cryptoCurrencyCode: t.currency,
        required: toJsonNumber(required),
        available: toJsonNumber(cryptoAmount(t.currency, available)),
      });
    }
  }
}

/** The policy again inside the commit: each item (address book, per-withdrawal limit), then the total (daily limits, approvals). */
async function approvalsFor(config: Config, trx: Trx, principal: ApiPrincipal, items: QuoteRow[]) {
  const policy = await policyIn(trx, principal.tenantId);
  const payouts = items.map((q) => ({
    index: q.batch_index ?? -1,
    currency: knownCurrency(q.currency_code),
    address: q.address,
    totalUnits: BigInt(q.amount) + BigInt(q.fee),
    usdPrice: q.usd_price,
  }));
  const checked = await checkBatchItems(trx, principal.tenantId, policy, payouts);
  if (checked.errors.length > 0) throw batchInvalid(checked.errors);
  return checkBatchTotal(
    trx,
    policy,
    { tenantId: principal.tenantId, keyId: principal.keyId },
    checked.totalCents,
    config.withdrawalApproval.operatorAboveUsdCents,
  );
}

/** The commit's work inside its transaction (see commitBatch). */
async function commitIn(config: Config, trx: Trx, principal: ApiPrincipal, input: BatchCommitInput) {
  const { bq, items } = await lockQuotes(trx, principal, input.batchQuoteId);
  const totals = sumByCurrency(items);
  await checkLockedBalances(trx, principal.accountId, totals);
  const approval = await approvalsFor(config, trx, principal, items);
  const awaiting = approval.tenantApproval || approval.operatorApproval;
  const committedBy = {
    committed_by_user_id: principal.userId ?? principal.ownerUserId,
    committed_by_key_id: principal.keyId,
    committed_by: principal.actor,
  };
  const batch = await trx
    .insertInto('withdrawal_batches')
    .values({
      id: randomUUID(),
      tenant_id: principal.tenantId,
      account_id: principal.accountId,
      quote_id: bq.id,
      status: awaiting ? 'awaitingApproval' : 'created',
      item_count: items.length,
      webhook_url: input.webhookUrl ?? null,
      ...committedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const withdrawals = await trx
    .insertInto('withdrawals')
    .values(
      // The whole batch waits for approval, debited and held now, or none of it does.
      items.map((q) => ({
        ...withdrawalOfQuote(config, principal, q, approval),
        webhook_url: input.webhookUrl ?? null,
        batch_id: batch.id,
      })),
    )
    .returningAll()
    .execute();
  await bookBatch(trx, principal, batch.id, bq.id, items.length, totals);
  return { batch, withdrawals: orderedAsQuoted(withdrawals, items) };
}

/** The batch's whole total debited in one entry, its quotes marked committed, and its audit entry. */
async function bookBatch(
  trx: Trx,
  principal: ApiPrincipal,
  batchId: string,
  batchQuoteId: string,
  itemCount: number,
  totals: CurrencyTotal[],
): Promise<void> {
  // One entry holds the whole total, a pair of lines per currency; each item then leaves clearing on its own.
  const lines = totals.flatMap((t) => [
    debit(merchantAccount(principal.accountId), cryptoAmount(t.currency, t.amount + t.fee)),
    credit('clearing:withdrawals', cryptoAmount(t.currency, t.amount + t.fee)),
  ]);
  await post(trx, { tenantId: principal.tenantId, kind: 'withdrawalBatch.debit', refType: 'withdrawalBatch', refId: batchId, lines });
  await sql`update withdrawal_quotes q set committed_at = now(), withdrawal_id = w.id from withdrawals w where w.batch_id = ${batchId} and w.quote_id = q.id`.execute(
    trx,
  );
  await trx.updateTable('withdrawal_batch_quotes').set({ committed_at: now(), batch_id: batchId }).where('id', '=', batchQuoteId).execute();
  const detail = {
    accountId: principal.accountId,
    items: itemCount,
    totals: totals.map((t) => ({ cryptoCurrencyCode: t.currency, total: toJsonNumber(cryptoAmount(t.currency, t.amount + t.fee)) })),
  };
  await audit(trx, {
    tenantId: principal.tenantId,
    principal,
    action: 'withdrawalBatch.committed',
    targetType: 'withdrawalBatch',
    targetId: batchId,
    detail,
  });
}

/** The withdrawals in the order of their items in the request. */
function orderedAsQuoted(withdrawals: WithdrawalRow[], items: QuoteRow[]): WithdrawalRow[] {
  const byQuote = new Map(withdrawals.map((w) => [w.quote_id, w]));
  return items.map((q) => {
    const w = byQuote.get(q.id);
    if (!w) throw new Error(`batch item ${q.id} has no withdrawal`);
    return w;
  });
}
