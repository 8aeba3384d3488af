import type { AppContext } from '../../context.ts';
import { expireDue, type ExpiryRound } from '../../lib/db/lookup.ts';
import { recompute } from './payments.ts';
import { loadKnownInvoice } from './record.ts';

/**
 * Invoices whose payment window closed while still `created` are recomputed: expired, or failed
 * when the only money seen was dropped by the chain (statusFor decides).
 */
export function expireInvoices(ctx: AppContext): Promise<ExpiryRound> {
  return expireDue(ctx.db, 'invoices', 'created', async (trx, row) => recompute(ctx, trx, await loadKnownInvoice(trx, row.id)));
}
