import type { Selectable } from 'kysely';
import type { Trx } from '../../lib/db/index.ts';
import { moveStatus, type Move } from '../../lib/state-machine.ts';
import { withdrawalMachine } from './status.ts';
import type { WithdrawalQuotesTable, WithdrawalRow, WithdrawalStatus } from '../../lib/db/schema.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { cryptoAmount, knownCurrency, networkOf } from '../../lib/currencies/catalogue.ts';
import { usdValue } from '../ledger/settlement.ts';
import { shortfallOf } from './waiting.ts';
import { advanceBatch } from './batch/advance.ts';

export type QuoteRow = Selectable<WithdrawalQuotesTable>;
export type { WithdrawalRow };

/** A withdrawal's or quote's money: what leaves, the fee the merchant pays, and both together. */
export function withdrawalMoney(w: Pick<WithdrawalRow, 'currency_code' | 'amount' | 'fee'>) {
  const amount = cryptoAmount(w.currency_code, w.amount);
  const fee = cryptoAmount(w.currency_code, w.fee);
  return { amount, fee, total: amount.plus(fee) };
}

/** A quote's auto-convert: its three amounts are written with convert_from, so one without them is a broken row. */
export function autoConvertOf(q: QuoteRow): { from: string; fromAmount: string; toAmount: string; commission: string } | null {
  if (!q.convert_from) return null;
  const { convert_from_amount: fromAmount, convert_to_amount: toAmount, convert_commission: commission } = q;
  if (fromAmount === null || toAmount === null || commission === null)
    throw new Error(`withdrawal quote ${q.id}: an auto-convert without its amounts`);
  return { from: q.convert_from, fromAmount, toAmount, commission };
}

/** The quote as the API shows it. */
export function quoteRecord(q: QuoteRow) {
  const currency = knownCurrency(q.currency_code);
  const native = knownCurrency(networkOf(currency).nativeCode);
  const d = currency.decimals;
  const convert = autoConvertOf(q);
  const from = convert ? knownCurrency(convert.from) : null;
  const { amount, fee, total } = withdrawalMoney(q);
  return {
    quoteId: q.id,
    orderId: q.order_id,
    cryptoCurrencyCode: currency.code,
    address: q.address,
    amount: toJsonNumber(amount),
    fee: {
      feeNative: toJsonNumber(BigInt(q.fee_native), native.decimals),
      feeCurrency: q.fee_native_currency,
      feeInCryptoCurrencyCode: toJsonNumber(fee),
      feeUsd: usdValue(fee, q.usd_price),
    },
    totalDeduction: toJsonNumber(total),
    autoConvert:
      from && convert
        ? {
            fromCryptoCurrencyCode: from.code,
            toCryptoCurrencyCode: currency.code,
            fromAmount: toJsonNumber(BigInt(convert.fromAmount), from.decimals),
            toAmount: toJsonNumber(BigInt(convert.toAmount), d),
            commission: toJsonNumber(BigInt(convert.commission), from.decimals),
          }
        : null,
    expiresAt: q.expires_at.toISOString(),
  };
}

/** The API's withdrawal record (also the webhook's data). */
export function withdrawalRecord(w: WithdrawalRow, approvals?: ApprovalView[]) {
  const { amount, fee, total } = withdrawalMoney(w);
  return {
    id: w.id,
    orderId: w.order_id,
    accountId: w.account_id,
    cryptoCurrencyCode: amount.currency.code,
    address: w.address,
    transactionHash: w.tx_hash,
    amount: toJsonNumber(amount),
    amountUsd: usdValue(amount, w.usd_price),
    status: w.status,
    convertId: w.convert_id,
    feeAmount: toJsonNumber(fee),
    feeAmountUsd: usdValue(fee, w.usd_price),
    debitedAmount: toJsonNumber(total),
    // Typed clients read customData as an object: absent when the merchant sent none, never null.
    ...(w.custom_data !== null ? { customData: w.custom_data } : {}),
    webhookUrl: w.webhook_url,
    source: w.source,
    createdAt: w.created_at.toISOString(),
    updatedAt: w.updated_at.toISOString(),
    quoteId: w.quote_id,
    transferId: w.quote_id,
    // A refund names what it gives money back for; a plain withdrawal has neither.
    ...(w.refund_invoice_id !== null ? { invoiceId: w.refund_invoice_id } : {}),
    ...(w.refund_deposit_id !== null ? { depositId: w.refund_deposit_id } : {}),
    // An item of a batch names it.
    ...(w.batch_id !== null ? { batchId: w.batch_id } : {}),
    // Paid by a bundle: its output in the shared transaction.
    ...(w.output_index !== null ? { outputIndex: w.output_index } : {}),
    // While it waits to be signed, why, and what the hot wallet lacks for it (the operator's view
    // adds since when, the node's words and what to do).
    ...(w.status === 'created' && w.waiting_reason !== null ? { waitingReason: w.waiting_reason } : {}),
    ...waitingShortfall(w),
    ...approvalFields(w, approvals),
  };
}

/**
 * Sent to approval: how many it needs and from whom, until when, who committed it (never its
 * approver) and, where read with it, who gave theirs.
 */
function approvalFields(w: WithdrawalRow, approvals?: ApprovalView[]) {
  if (!w.tenant_approval_required && !w.operator_approval_required) return {};
  return {
    approvalsRequired: Number(w.tenant_approval_required) + Number(w.operator_approval_required),
    approvalLevels: [
      ...(w.tenant_approval_required ? ['tenant' as const] : []),
      ...(w.operator_approval_required ? ['operator' as const] : []),
    ],
    ...(w.approval_expires_at ? { approvalExpiresAt: w.approval_expires_at.toISOString() } : {}),
    ...(approvals ? { approvals } : {}),
    ...(w.committed_by !== null ? { committedBy: w.committed_by } : {}),
    committedByUserId: w.committed_by_user_id,
  };
}

/** One approval a withdrawal got: the tenant's second person, or an operator. */
export interface ApprovalView {
  level: 'tenant' | 'operator';
  by: string;
  at: string;
}

function waitingShortfall(w: WithdrawalRow) {
  const short = shortfallOf(w);
  return short ? { waitingShortfall: short } : {};
}

/** A withdrawal's status change, with its `withdrawal.statusChanged` event, through the machine (and its batch's, if any). */
export async function changeStatus(
  trx: Trx,
  w: WithdrawalRow,
  to: WithdrawalStatus,
  move: Omit<Move<'withdrawals'>, 'event'> = {},
): Promise<WithdrawalRow> {
  const updated = await moveStatus(trx, withdrawalMachine, 'withdrawals', w, to, {
    ...move,
    event: (updated, previous) => ({
      tenantId: w.tenant_id,
      type: 'withdrawal.statusChanged',
      aggregateType: 'withdrawal',
      aggregateId: w.id,
      payload: { ...withdrawalRecord(updated), previousStatus: previous },
    }),
  });
  // An item of a batch moves its batch in the same transaction.
  if (updated.batch_id !== null) await advanceBatch(trx, updated.batch_id);
  return updated;
}
