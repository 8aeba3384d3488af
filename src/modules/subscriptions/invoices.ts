/** The invoices of a subscription's periods: paid ones noted on their period, unpaid ones cancelled when the period is no longer owed. */
import type { AppContext } from '../../context.ts';
import { now, type Trx } from '../../lib/db/index.ts';
import type { InvoiceStatus } from '../../lib/db/schema.ts';
import { changeStatus } from '../invoices/payments.ts';
import { loadKnownInvoice } from '../invoices/record.ts';
import { clockOf } from './periods.ts';

/** Invoice statuses that pay their period: the full amount arrived (an underpaid one waits for the rest). */
export const PAYING: readonly InvoiceStatus[] = ['paid', 'overpaid'];
/** Invoice statuses with no money on them, which a subscription may cancel. */
const MONEYLESS: readonly InvoiceStatus[] = ['created', 'expired'];

/** Notes on its periods which of the subscription's invoices are paid in full since the last look. */
export async function notePaidInvoices(ctx: AppContext, trx: Trx, subscriptionId: string): Promise<void> {
  await trx
    .updateTable('subscription_periods')
    .set({ paid_by: 'invoice', paid_at: clockOf(ctx) })
    .where('subscription_id', '=', subscriptionId)
    .where('paid_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('invoices')
          .select('invoices.id')
          .whereRef('invoices.id', '=', 'subscription_periods.invoice_id')
          .where('invoices.status', 'in', [...PAYING]),
      ),
    )
    .execute();
}

/** Cancels an invoice no money has reached (an unpaid period no longer owed); one with money stays as it is. */
export async function cancelMoneyless(ctx: AppContext, trx: Trx, invoiceId: string | null): Promise<void> {
  if (!invoiceId) return;
  const locked = await trx.selectFrom('invoices').select(['id', 'status']).where('id', '=', invoiceId).forUpdate().executeTakeFirst();
  if (!locked || !MONEYLESS.includes(locked.status)) return;
  const view = await loadKnownInvoice(trx, invoiceId);
  await changeStatus(ctx, trx, view, 'cancelled', { cancelled_at: now() });
}

/** Cancels the moneyless invoices of a subscription's unpaid periods from `fromNumber` on. */
export async function cancelUnpaidFrom(ctx: AppContext, trx: Trx, subscriptionId: string, fromNumber: number): Promise<void> {
  const open = await trx
    .selectFrom('subscription_periods')
    .select('invoice_id')
    .where('subscription_id', '=', subscriptionId)
    .where('period_number', '>=', fromNumber)
    .where('paid_at', 'is', null)
    .execute();
  for (const p of open) await cancelMoneyless(ctx, trx, p.invoice_id);
}
