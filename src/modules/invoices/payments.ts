import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { NetworkEnvName } from '../../config.ts';
import type { Payment, PaymentChange, PaymentListener } from '../payments/watcher.ts';
import { now, onlyRow, type Executor, type Trx } from '../../lib/db/index.ts';
import type { InvoiceStatus } from '../../lib/db/schema.ts';
import type { ErrorCode } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { cryptoAmount } from '../../lib/currencies/catalogue.ts';
import { post } from '../ledger/service.ts';
import { settlementLines, splitPayment } from '../ledger/settlement.ts';
import { invoiceMachine, statusFor } from './status.ts';
import { moveStatus, type StatusSet } from '../../lib/state-machine.ts';
import { Amount } from '../../lib/money.ts';
import { recordSplit, settleOtherAsset } from '../payments/other-asset.ts';
import { countLinkMove } from './link-usage.ts';

import { loadKnownInvoice, quotePayments, recordOf, type InvoiceRow, type InvoiceView, type QuoteRow } from './record.ts';

/** What the payment watcher tells about invoice addresses: onInvoicePayment. */
export function invoiceListener(ctx: AppContext): PaymentListener {
  return { onPaymentChanged: (trx, payment, change) => onInvoicePayment(ctx, trx, payment, change) };
}

/** The watcher's hook: a payment to an invoice address was seen, confirmed or dropped. */
export async function onInvoicePayment(ctx: AppContext, trx: Trx, payment: Payment, change: PaymentChange): Promise<void> {
  if (payment.purpose !== 'invoice') return;
  const locked = await trx.selectFrom('invoices').select('id').where('id', '=', payment.owner_id).forUpdate().executeTakeFirst();
  if (!locked) return;
  let view = await loadKnownInvoice(trx, locked.id);
  if (!payment.counted) {
    // Another asset than the address's currency: credited in its own currency once final, never
    // toward the invoice (its status, totals and currency stay as they are).
    if (change === 'confirmed') await settleOther(ctx, trx, view, payment);
    return;
  }
  const quote = await trx
    .selectFrom('invoice_quotes')
    .selectAll()
    .where('invoice_id', '=', view.row.id)
    .where('network', '=', payment.network)
    .where('address', '=', payment.address)
    .executeTakeFirstOrThrow();

  if (view.quote?.id !== quote.id) {
    const current = view.quote ? await quotePayments(trx, view.quote) : null;
    if (current?.everSeen) {
      // Money to an address of a currency the customer abandoned after paying in another: not
      // lost, credited to the merchant by the same fee rules, outside the invoice's totals.
      if (change === 'confirmed') await credit(trx, view.row, quote, payment, BigInt(quote.network_fee));
      return;
    }
    // The first money arrived in an earlier pick: that is the currency the invoice is paid in.
    await trx.updateTable('invoices').set({ quote_id: quote.id }).where('id', '=', view.row.id).execute();
    view = await loadKnownInvoice(trx, view.row.id);
  }

  if (change !== 'orphaned') view = await markLate(trx, view, payment);
  if (change === 'confirmed') {
    const split = await credit(trx, view.row, quote, payment, BigInt(quote.network_fee) - BigInt(view.row.fee_withheld));
    if (split) {
      const updated = await trx
        .updateTable('invoices')
        .set({
          amount_paid: sql<string>`amount_paid + ${split.received.units}`,
          fee_withheld: sql<string>`fee_withheld + ${split.fee.units}`,
          commission: sql<string>`commission + ${split.commission.units}`,
          net_credited: sql<string>`net_credited + ${split.net.units}`,
          tx_hash: view.row.tx_hash ?? payment.tx_hash,
          updated_at: now(),
        })
        .where('id', '=', view.row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      view = { ...view, row: updated };
    }
  }
  // Seen already final: the 'confirmed' call follows in this transaction and credits it; until
  // then it counts as pending, so the status goes through processing and `paid` carries its money.
  await recompute(ctx, trx, view, change === 'seen' && payment.status === 'confirmed' ? BigInt(payment.amount) : 0n);
}

/** Marks the invoice when its first money arrives after it was cancelled or expired (it still counts). */
async function markLate(trx: Trx, view: InvoiceView, payment: Payment): Promise<InvoiceView> {
  if (view.row.late_payment !== null) return view;
  const late = view.row.status === 'cancelled' ? 'after_cancellation' : payment.first_seen_at > view.row.expires_at ? 'after_expiry' : null;
  if (!late) return view;
  await trx.updateTable('invoices').set({ late_payment: late }).where('id', '=', view.row.id).execute();
  return { ...view, row: { ...view.row, late_payment: late } };
}

/** Posts one confirmed payment to the ledger; null when it was posted before. */
async function credit(trx: Trx, row: InvoiceRow, quote: QuoteRow, payment: Payment, feeDue: bigint) {
  const split = splitPayment(
    cryptoAmount(quote.currency_code, payment.amount),
    cryptoAmount(quote.currency_code, feeDue > 0n ? feeDue : 0n),
    row.commission_rate,
  );
  const posted = await post(trx, {
    tenantId: row.tenant_id,
    kind: 'invoice.payment',
    refType: 'payment',
    refId: payment.id,
    lines: settlementLines(quote.network as NetworkEnvName, row.account_id, split),
  });
  if (!posted) return null;
  await recordSplit(trx, payment.id, { split, held: Amount.zero(split.received.currency) });
  return split;
}

/** A payment in another asset: settled in its own currency, told in `invoice.otherAssetReceived`. */
async function settleOther(ctx: AppContext, trx: Trx, view: InvoiceView, payment: Payment): Promise<void> {
  const { row } = view;
  const owner = {
    kind: 'invoice' as const,
    id: row.id,
    tenantId: row.tenant_id,
    accountId: row.account_id,
    commissionRate: row.commission_rate,
  };
  await settleOtherAsset(trx, ctx.config, payment, { ...owner, record: () => recordOf(ctx, view) });
}

/** Sets the status the invoice's payments call for (statusFor), with its event. */
export async function recompute(ctx: AppContext, trx: Trx, view: InvoiceView, uncredited = 0n): Promise<InvoiceView> {
  const paid = view.quote ? await quotePayments(trx, view.quote) : { confirmed: 0n, pending: 0n, everSeen: false };
  const sums = { ...paid, confirmed: paid.confirmed - uncredited, pending: paid.pending + uncredited };
  const next = statusFor(
    view.row.status,
    { expected: view.quote ? BigInt(view.quote.amount_expected) : 0n, ...sums, closed: await isClosed(trx, view.row) },
    ctx.config.underpaymentTolerance,
  );
  if (next === view.row.status) return view;
  const settles = ['paid', 'overpaid', 'partially_paid', 'suspended'].includes(next) && view.row.paid_at === null;
  return changeStatus(ctx, trx, view, next, settles ? { paid_at: now() } : {});
}

/**
 * Moves the invoice through the machine: a move its table does not list, or a row whose status
 * changed since it was read, is the state error (nothing written); otherwise the row and its event.
 */
export async function changeStatus(
  ctx: AppContext,
  trx: Trx,
  view: InvoiceView,
  to: InvoiceStatus,
  set: StatusSet<'invoices'> = {},
  refusal?: ErrorCode,
): Promise<InvoiceView> {
  const row = await moveStatus(trx, invoiceMachine, 'invoices', view.row, to, { set, refusal });
  await countLinkMove(trx, row, view.row.status);
  const updated: InvoiceView = { row, quote: view.quote, refunds: view.refunds };
  await publishChange(ctx, trx, updated, view.row.status);
  return updated;
}

/** `invoice.statusChanged`: the record (customPayload included) plus the previous status. */
async function publishChange(ctx: AppContext, trx: Trx, view: InvoiceView, previousStatus: InvoiceStatus): Promise<void> {
  await enqueue(trx, {
    tenantId: view.row.tenant_id,
    type: 'invoice.statusChanged',
    aggregateType: 'invoice',
    aggregateId: view.row.id,
    payload: { ...recordOf(ctx, view), previousStatus },
  });
}

/** Whether the invoice's payment window has closed, by the database's clock. */
export async function isClosed(db: Executor, row: InvoiceRow): Promise<boolean> {
  const r = await sql<{ closed: boolean }>`select ${row.expires_at} <= now() as closed`.execute(db);
  return onlyRow(r).closed;
}
