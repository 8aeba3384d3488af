/**
 * The payment page's offer of a receipt by mail: an invoice made without the customer's address
 * lets the customer give one on the page, once, while it can still be paid. The mails the invoice's
 * events make (receipt, what is left, expiry) then go to it, as to an address the merchant gave.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { DataEnvelope, ErrorBodySchema, type TypedApp } from '../../lib/http/schemas.ts';
import { PAYABLE_STATUSES } from '../invoices/status.ts';
import { rememberCustomerLanguage } from '../invoices/select.ts';
import type { InvoiceView } from '../invoices/record.ts';
import { isLanguage } from './i18n/index.ts';
import { PayStateSchema } from './schemas.ts';

/** An address as the public page may show it: its first letter and its domain, enough for the customer to know it is theirs. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** Whether the invoice may still take an address: open, its window not passed. */
function open(view: InvoiceView, now: Date): boolean {
  return PAYABLE_STATUSES.includes(view.row.status) && view.row.expires_at.getTime() > now.getTime();
}

/** Whether this installation sends mail and the merchant sends receipts of paid invoices. */
async function receiptsSent(ctx: AppContext, db: Executor, tenantId: string): Promise<boolean> {
  if (!ctx.config.email) return false;
  const tenant = await db.selectFrom('tenants').select('email_off').where('id', '=', tenantId).executeTakeFirst();
  return !!tenant && !tenant.email_off.includes('invoicePaid');
}

/** The receipt offer the page's state carries. */
export async function receiptOffer(ctx: AppContext, view: InvoiceView, now: Date): Promise<{ offered: boolean; to: string | null }> {
  const email = view.row.customer_email;
  if (email) return { offered: false, to: maskEmail(email) };
  return { offered: open(view, now) && (await receiptsSent(ctx, ctx.db, view.row.tenant_id)), to: null };
}

const Params = Type.Object({ id: Type.String({ maxLength: 64 }) });

/**
 * POST /pay/:id/receipt-email: the customer's address for the invoice's mails. Set once and only
 * where none is: whoever holds the page's link may give one, so none may be overwritten.
 */
export function receiptEmailRoute(
  app: TypedApp,
  page: { invoiceOf(id: string): Promise<InvoiceView>; stateOf(view: InvoiceView): Promise<Static<typeof PayStateSchema>> },
): void {
  const { invoiceOf, stateOf } = page;
  const { ctx } = app;
  app.post(
    '/pay/:id/receipt-email',
    {
      config: { public: true },
      schema: {
        tags: ['payment page'],
        summary: "The customer's address for the receipt, when the invoice has none; answered with the page's state",
        params: Params,
        body: Type.Object({
          email: Type.String({ format: 'email', maxLength: 254 }),
          lang: Type.Optional(Type.String({ maxLength: 16, description: "The page's language: the customer's mails are written in it" })),
        }),
        response: { 200: DataEnvelope(PayStateSchema), ...Object.fromEntries([400, 404, 409, 429].map((s) => [s, ErrorBodySchema])) },
      },
    },
    async (request) => {
      const view = await invoiceOf(request.params.id);
      const { now } = await ctx.db.selectNoFrom((eb) => eb.fn<Date>('now').as('now')).executeTakeFirstOrThrow();
      if (!open(view, new Date(now))) throw new AppError('exceptions.invoice.notPayable');
      if (view.row.customer_email) throw new AppError('exceptions.invoice.customerEmailAlreadySet');
      if (!(await receiptsSent(ctx, ctx.db, view.row.tenant_id))) throw new AppError('exceptions.invoice.receiptNotOffered');
      // Only where none is, in one statement: of two racing requests one sets it, the other is refused.
      const set = await ctx.db
        .updateTable('invoices')
        .set({ customer_email: request.body.email.trim() })
        .where('id', '=', view.row.id)
        .where('customer_email', 'is', null)
        .executeTakeFirst();
      if (set.numUpdatedRows === 0n) throw new AppError('exceptions.invoice.customerEmailAlreadySet');
      if (isLanguage(request.body.lang)) await rememberCustomerLanguage(ctx.db, view.row.id, request.body.lang);
      return { data: await stateOf(await invoiceOf(request.params.id)) };
    },
  );
}
