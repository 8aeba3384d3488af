import type { AppContext } from '../../context.ts';
import { AddressAllocator } from '../../chains/hd-wallet.ts';
import type { Payment, PaymentChange, PaymentListener } from '../payments/watcher.ts';
import { now, type Executor, type Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';

import { createInvoice, type CreateInvoiceInput, type InvoiceMoney } from './create.ts';
import type { ExpiryRound } from '../../lib/db/lookup.ts';
import { expireInvoices } from './expire.ts';
import { changeStatus, onInvoicePayment } from './payments.ts';
import { loadKnownInvoice, recordOf, type InvoiceRecord, type InvoiceView } from './record.ts';
import { selectCurrency } from './select.ts';
import { invoiceLister, type InvoiceListQuery } from './search.ts';

export { MAX_FIAT_AMOUNT, invoiceTotal, type CreateInvoiceInput, type InvoiceItemInput } from './create.ts';
export { fiatTotal, invoiceItems, invoiceRecord, loadInvoice, quotePayments, type InvoiceRecord, type InvoiceRow, type InvoiceView, type QuoteRow } from './record.ts';
export { amountDue, cryptoAmountFor } from './select.ts';

/**
 * Invoices: creation and queries for the merchant API, currency selection for the payment page,
 * and settlement of the payments the watcher reports. Every status change is written with its
 * `invoice.statusChanged` outbox event, and every credited payment with its ledger entry, in the
 * same transaction.
 */
export class InvoiceService implements PaymentListener {
  constructor(
    private readonly ctx: AppContext,
    private readonly allocator = new AddressAllocator(ctx.config),
  ) {}

  /** POST /invoice. */
  create(principal: ApiPrincipal, input: CreateInvoiceInput, money?: InvoiceMoney): Promise<InvoiceRecord> {
    return createInvoice(this.ctx, principal, input, money);
  }

  /** GET /invoice: by id (wins) or orderId, within the key's account. */
  async get(principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<InvoiceRecord> {
    return recordOf(this.ctx, await this.find(this.ctx.db, principal, q));
  }

  private async find(db: Executor, principal: ApiPrincipal, q: { id?: string; orderId?: string }, lock = false): Promise<InvoiceView> {
    let query = db.selectFrom('invoices').select('id').where('account_id', '=', principal.accountId);
    if (q.id) query = query.where('id', '=', q.id);
    // orderIds are unique per tenant: the tenant's (tenant_id, order_id) index finds it, whatever the history.
    else if (q.orderId !== undefined) query = query.where('tenant_id', '=', principal.tenantId).where('order_id', '=', q.orderId);
    else throw new AppError('exceptions.invoice.idOrOrderIdRequired');
    const found = await (lock ? query.forUpdate() : query).executeTakeFirst();
    // Existing clients tell an unknown orderId (their own key, maybe never sent) from an unknown id.
    if (!found) throw new AppError(q.id ? 'exceptions.invoice.notFound' : 'exceptions.invoice.notFoundByOrderId');
    return await loadKnownInvoice(db, found.id);
  }

  /** GET /invoice/list: newest first, optionally one status (one statement: search.ts). */
  list(principal: ApiPrincipal, q: InvoiceListQuery) {
    return invoiceLister(this.ctx)(principal, q);
  }

  /** POST /invoice/cancel: only while no money has become final on it. */
  async cancel(principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<InvoiceRecord> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const view = await this.find(trx, principal, q, true);
      // The machine lists which statuses may be cancelled: those where no money is final yet.
      return recordOf(this.ctx, await changeStatus(this.ctx, trx, view, 'cancelled', { cancelled_at: now() }, 'exceptions.invoice.cannotCancel'));
    });
  }

  /** The payment page: the customer picks a currency (see select.ts). */
  select(invoiceId: string, code: string): Promise<InvoiceView> {
    return selectCurrency(this.ctx, this.allocator, invoiceId, code);
  }

  /** Invoices whose window closed with nothing received become expired (or failed, see statusFor). */
  async expireDue(): Promise<number> {
    return (await expireInvoices(this.ctx)).expired;
  }

  /** The expiry job's round: expireDue, and when the next open invoice expires. */
  expiryRound(): Promise<ExpiryRound> {
    return expireInvoices(this.ctx);
  }

  /** The watcher's hook: a payment to an invoice address was seen, confirmed or dropped. */
  onPaymentChanged(trx: Trx, payment: Payment, change: PaymentChange): Promise<void> {
    return onInvoicePayment(this.ctx, trx, payment, change);
  }
}
