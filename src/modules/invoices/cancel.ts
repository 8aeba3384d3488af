import type { AppContext } from '../../context.ts';
import { now } from '../../lib/db/index.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { changeStatus } from './payments.ts';
import { findInvoice } from './read.ts';
import { recordOf, type InvoiceRecord } from './record.ts';

/** POST /invoice/cancel: only while no money has become final on it (the machine lists which statuses may be). */
export async function cancelInvoice(
  ctx: AppContext,
  principal: ApiPrincipal,
  q: { id?: string; orderId?: string },
): Promise<InvoiceRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    const view = await findInvoice(trx, principal, q, true);
    return recordOf(ctx, await changeStatus(ctx, trx, view, 'cancelled', { cancelled_at: now() }, 'exceptions.invoice.cannotCancel'));
  });
}
