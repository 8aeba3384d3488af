import type { Executor } from '../../lib/db/index.ts';
import { searchForms, searchUuid } from '../../lib/db/search.ts';

/**
 * The ids of invoices whose id, orderId, transaction hash or an address of their quotes is exactly
 * `text` (hex in any letter case): one index lookup each. The list it filters keeps its account.
 */
export function invoiceSearchIds(db: Executor, tenantId: string, accountId: string, text: string) {
  const mine = () => db.selectFrom('invoices').select('id').where('account_id', '=', accountId);
  const forms = searchForms(text);
  const id = searchUuid(text);
  const q = mine()
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', text)
    .unionAll(mine().where('tx_hash', 'in', forms))
    .unionAll(db.selectFrom('invoice_quotes').select('invoice_id as id').where('address', 'in', forms));
  return id ? q.unionAll(mine().where('id', '=', id)) : q;
}
