import { sql } from 'kysely';
import type { Trx } from '../../lib/db/index.ts';
import type { InvoiceStatus } from '../../lib/db/schema.ts';
import { unreachable } from '../../lib/state-machine.ts';
import type { InvoiceRow } from './record.ts';

/**
 * Whether an invoice in this status holds a use of its payment link: every status but those an
 * invoice ends in unpaid, so an abandoned checkout gives its use back (and late money that revives
 * the invoice takes it again).
 */
function holdsUse(status: InvoiceStatus): boolean {
  switch (status) {
    case 'expired':
    case 'cancelled':
    case 'failed':
      return false;
    case 'created':
    case 'processing':
    case 'partially_paid':
    case 'paid':
    case 'overpaid':
    case 'suspended':
      return true;
    default:
      return unreachable(status);
  }
}

const isPaid = (status: InvoiceStatus) => status === 'paid' || status === 'overpaid';

/**
 * A payment link's counts after one of its invoices moved from `from` to `row.status`, in the
 * move's transaction: its uses, and its paid invoices with their fiat totals (a paid invoice never
 * becomes unpaid again, so each is counted once).
 */
export async function countLinkMove(
  trx: Trx,
  row: Pick<InvoiceRow, 'payment_link_id' | 'status' | 'amount_minor'>,
  from: InvoiceStatus,
): Promise<void> {
  if (row.payment_link_id === null) return;
  const uses = Number(holdsUse(row.status)) - Number(holdsUse(from));
  const paid = isPaid(row.status) && !isPaid(from);
  if (uses === 0 && !paid) return;
  await trx
    .updateTable('payment_links')
    .set({
      uses: sql<number>`uses + ${uses}`,
      invoices_paid: sql<number>`invoices_paid + ${paid ? 1 : 0}`,
      amount_paid_minor: sql<string>`amount_paid_minor + ${paid ? row.amount_minor : '0'}::numeric`,
    })
    .where('id', '=', row.payment_link_id)
    .execute();
}
