import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { loadKnownInvoice, recordOf, type InvoiceRecord, type InvoiceView } from './record.ts';

/** The key's invoice by id (wins) or orderId, optionally locked for update; 404 otherwise. */
export async function findInvoice(
  db: Executor,
  principal: ApiPrincipal,
  q: { id?: string; orderId?: string },
  lock = false,
): Promise<InvoiceView> {
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

/** GET /invoice: by id (wins) or orderId, within the key's account. */
export async function getInvoice(ctx: AppContext, principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<InvoiceRecord> {
  return recordOf(ctx, await findInvoice(ctx.db, principal, q));
}
