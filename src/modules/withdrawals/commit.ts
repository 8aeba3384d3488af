import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { serializableInAccountQueue } from '../../lib/db/account-queue.ts';
import { now, type Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { enqueue, notice } from '../../lib/outbox.ts';
import { cryptoAmount, knownCurrency } from '../../lib/currencies/catalogue.ts';
import { audit } from '../audit/service.ts';
import { bookConversion } from '../conversions/commit.ts';
import { checkPegs } from '../conversions/pricing.ts';
import { credit, lockedMerchantBalance, post } from '../ledger/service.ts';

import { autoConvertOf, withdrawalMoney, type QuoteRow, type WithdrawalRow } from './record.ts';
import { commitRefund, debitLines } from './refunds.ts';
import { enforceAtCommit } from '../payouts/enforce.ts';

export interface CommitInput {
  quoteId: string;
  customData?: Record<string, unknown>;
  webhookUrl?: string;
}

/**
 * POST /withdrawal/commit, in one SERIALIZABLE transaction, retried on serialization failures and
 * queued behind the account's other commits (lib/db/account-queue.ts): the quote locked and
 * checked, a refund's invoice or deposit or a conversion booked, the balance checked, the
 * withdrawal inserted, the debit posted (ledger/service.ts `post`), the quote marked committed and
 * the audit entry written, all of it or none.
 */
/**
 * A committed withdrawal's columns from its quote and who committed it, as a single commit and a
 * batch's write them: sent to approval, it is debited and held now and paid once approved (approvals.ts).
 */
export function withdrawalOfQuote(
  config: Pick<Config, 'withdrawalApproval'>,
  principal: ApiPrincipal,
  q: QuoteRow,
  approval: { tenantApproval: boolean; operatorApproval: boolean },
) {
  const awaiting = approval.tenantApproval || approval.operatorApproval;
  return {
    id: randomUUID(),
    tenant_id: principal.tenantId,
    account_id: principal.accountId,
    order_id: q.order_id,
    quote_id: q.id,
    currency_code: q.currency_code,
    network: q.network,
    address: q.address,
    amount: q.amount,
    fee: q.fee,
    usd_price: q.usd_price,
    status: awaiting ? ('awaitingApproval' as const) : ('created' as const),
    tenant_approval_required: approval.tenantApproval,
    operator_approval_required: approval.operatorApproval,
    committed_by_user_id: principal.userId ?? principal.ownerUserId,
    committed_by_key_id: principal.keyId,
    committed_by: principal.actor,
    approval_expires_at: awaiting ? sql<Date>`now() + make_interval(hours => ${config.withdrawalApproval.ttlHours})` : null,
    source: 'api' as const,
  };
}

export async function commitWithdrawal(ctx: AppContext, principal: ApiPrincipal, input: CommitInput): Promise<WithdrawalRow> {
  return serializableInAccountQueue(ctx.db, principal.accountId, (trx) => commitIn(ctx.config, trx, principal, input));
}

/**
 * The quote being committed, locked for the rest of the transaction, refused when missing, committed
 * or expired (by the database's clock).
 */
async function lockQuote(trx: Trx, principal: ApiPrincipal, quoteId: string): Promise<QuoteRow> {
  const q = await trx
    .selectFrom('withdrawal_quotes')
    .selectAll()
    .select(sql<boolean>`expires_at < now()`.as('expired'))
    .where('id', '=', quoteId)
    .where('account_id', '=', principal.accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!q) throw new AppError('exceptions.withdrawal.quoteNotFound');
  if (q.committed_at) throw new AppError('exceptions.withdrawal.quoteAlreadyCommitted', { withdrawalId: q.withdrawal_id });
  if (q.expired) throw new AppError('exceptions.withdrawal.quoteExpired', { expiredAt: q.expires_at.toISOString() });
  // An item of a batch quote is committed with its batch, all of it or none.
  if (q.batch_quote_id !== null) throw new AppError('exceptions.withdrawal.quoteInBatch', { batchQuoteId: q.batch_quote_id });
  const { expired: _, ...row } = q;
  return row;
}

/**
 * The quote's locked conversion, booked before the debit through the shared conversion booking:
 * `convert_from_amount` is all that leaves the source balance (the commission inside it), and
 * `convert_to_amount` all that arrives. Refused, like a conversion's commit, when a stablecoin of
 * the pair is now off its peg. Returns the conversion's id.
 */
async function convert(
  config: Config,
  trx: Trx,
  principal: ApiPrincipal,
  q: QuoteRow,
  c: NonNullable<ReturnType<typeof autoConvertOf>>,
): Promise<string> {
  await checkPegs(trx, config, knownCurrency(c.from), knownCurrency(q.currency_code));
  const fromAmount = cryptoAmount(c.from, c.fromAmount);
  if ((await lockedMerchantBalance(trx, principal.accountId, c.from)) < fromAmount.units) {
    throw new AppError('exceptions.withdrawal.insufficientBalance', { cryptoCurrencyCode: c.from });
  }
  const money = { fromAmount, toAmount: cryptoAmount(q.currency_code, c.toAmount), commission: cryptoAmount(c.from, c.commission) };
  return (await bookConversion(trx, principal, money, null)).id;
}

async function commitIn(config: Config, trx: Trx, principal: ApiPrincipal, input: CommitInput): Promise<WithdrawalRow> {
  const q = await lockQuote(trx, principal, input.quoteId);
  const { amount, total } = withdrawalMoney(q);
  // A refund locks its invoice or deposit and checks its limit again; a deposit's may release suspense.
  const refund = await commitRefund(trx, principal.accountId, q);
  const auto = autoConvertOf(q);
  const convertId = auto ? await convert(config, trx, principal, q, auto) : null;
  // The single locked balance must cover the locked total (less what suspense releases); never another currency.
  const required = total.minus(refund.released);
  if ((await lockedMerchantBalance(trx, principal.accountId, q.currency_code)) < required.units) {
    throw new AppError('exceptions.withdrawal.insufficientBalance', {
      cryptoCurrencyCode: q.currency_code,
      required: toJsonNumber(required),
    });
  }
  const approval = await approvalsFor(config, trx, principal, q, total.units);
  const id = randomUUID();
  const row = await trx
    .insertInto('withdrawals')
    .values({
      ...withdrawalOfQuote(config, principal, q, approval),
      id,
      convert_id: convertId,
      custom_data: input.customData ? JSON.stringify(input.customData) : null,
      webhook_url: input.webhookUrl ?? null,
      ...refund.columns,
      suspense_released: refund.released.units,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await post(trx, {
    tenantId: principal.tenantId,
    kind: 'withdrawal.debit',
    refType: 'withdrawal',
    refId: id,
    lines: [...debitLines(principal.accountId, total, refund.released), credit('clearing:withdrawals', total)],
  });
  await trx.updateTable('withdrawal_quotes').set({ committed_at: now(), withdrawal_id: id }).where('id', '=', q.id).execute();
  // The tenant's approvers are told (by mail) that it waits for them.
  if (approval.tenantApproval) await enqueue(trx, notice(principal.tenantId, 'withdrawal.awaitingApproval', id, { withdrawalId: id }));
  const detail = { accountId: principal.accountId, cryptoCurrencyCode: q.currency_code, amount: toJsonNumber(amount), address: q.address };
  await audit(trx, {
    tenantId: principal.tenantId,
    principal,
    action: 'withdrawal.committed',
    targetType: 'withdrawal',
    targetId: id,
    detail,
  });
  return row;
}

/** The payout policy checked again inside the commit, and the approvals the withdrawal needs. */
function approvalsFor(config: Config, trx: Trx, principal: ApiPrincipal, q: QuoteRow, totalUnits: bigint) {
  return enforceAtCommit(trx, config.withdrawalApproval.operatorAboveUsdCents, {
    tenantId: principal.tenantId,
    currency: knownCurrency(q.currency_code),
    address: q.address,
    totalUnits,
    usdPrice: q.usd_price,
    refund: q.refund_invoice_id !== null || q.refund_deposit_id !== null,
    keyId: principal.keyId,
  });
}
