import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { deepPageAnchor, rangedTotal } from '../../lib/db/counts.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { ListFilters } from '../../lib/db/lookup.ts';
import { byKeys, pagedWithTotal, type Page } from '../../lib/db/paging.ts';
import type { InvoiceStatus } from '../../lib/db/schema.ts';
import { inRange, searchForms, searchUuid } from '../../lib/db/search.ts';
import { timeRange } from '../../lib/http/list-filters.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import type { RefundLine } from '../withdrawals/refunds.ts';
import { recordOf, renderedView, viewSelect, type InvoiceRecord } from './record.ts';

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

/** The filters of GET /invoice/list. */
export type InvoiceListQuery = { page: number; limit: number; status?: InvoiceStatus; paymentLinkId?: string } & ListFilters;

/** Each invoice's refund withdrawals, oldest first, as `refundsOf` reads them (amounts as exact text). */
const REFUNDS = sql<
  RefundLine[]
>`(select coalesce(json_agg(json_build_object('id', w.id, 'status', w.status, 'currency_code', w.currency_code, 'amount', w.amount::text, 'tx_hash', w.tx_hash)
  order by w.created_at, w.id), '[]'::json) from withdrawals w where w.refund_invoice_id = invoices.id)`;

/**
 * GET /invoice/list: the account's invoices (or one payment link's), newest first, in one statement: the page joined with
 * its quotes, each invoice's refunds, and the exact total of the filtered list. Filtered by status
 * and time (or not at all) the total is the account's maintained counts (lib/db/counts.ts), a few
 * index entries and a time range's partial days; with a search it counts the few rows the search
 * matches (its subquery reads `invoices` again under the same name, so the filters' `invoices.…`
 * columns are its own). A page past the first finds its ids by walking the index alone, then reads
 * just those rows (a deferred join): the rows it skips are never read from the table. The statement's fixed part (its columns) is built
 * once, not per request.
 */
export function invoiceLister(ctx: AppContext): (principal: ApiPrincipal, q: InvoiceListQuery) => Promise<Page<InvoiceRecord>> {
  const { db } = ctx;
  const counted = db.selectFrom('invoices');
  const listed = viewSelect(db).select(REFUNDS.as('refunds'));
  return (principal, q) => {
    const within = timeRange(q);
    const range = inRange('invoices.created_at', within);
    let mine = counted.where('invoices.account_id', '=', principal.accountId);
    let rows = listed.where('invoices.account_id', '=', principal.accountId).where(range);
    if (q.search) {
      const ids = invoiceSearchIds(db, principal.tenantId, principal.accountId, q.search);
      mine = mine.where('invoices.id', 'in', ids);
      rows = rows.where('invoices.id', 'in', ids);
    }
    if (q.status) {
      mine = mine.where('invoices.status', '=', q.status);
      rows = rows.where('invoices.status', '=', q.status);
    }
    // One link's invoices: along their own index, counted there (the account's counts are not by link).
    const link = q.paymentLinkId;
    if (link) {
      mine = mine.where('invoices.payment_link_id', '=', link);
      rows = rows.where('invoices.payment_link_id', '=', link);
    }
    const filtered = mine.where(range);
    const total =
      q.search || link
        ? filtered.select((eb) => eb.fn.countAll<string>().as('total'))
        : rangedTotal(db, 'invoices', principal.accountId, q.status, within, (part) =>
            mine.where(inRange('invoices.created_at', part)).select((eb) => eb.fn.countAll<string>().as('total')),
          );
    return pagedWithTotal(
      q,
      (offset, limit) => {
        // Far down an unranged list, the walk starts at the day the page is in (lib/db/counts.ts deepPageAnchor).
        const anchor = link ? undefined : deepPageAnchor(db, 'invoices', principal.accountId, q, offset);
        const walk = anchor ? filtered.where('invoices.created_at', '<', anchor.before) : filtered;
        const ids = walk
          .select('invoices.id')
          .orderBy('invoices.created_at', 'desc')
          .orderBy('invoices.id', 'desc')
          .limit(limit)
          .offset(anchor ? anchor.skip : offset);
        return byKeys(rows, 'invoices.id', offset, limit, ids)
          .select(total.as('total'))
          .orderBy('invoices.created_at', 'desc')
          .orderBy('invoices.id', 'desc')
          .execute();
      },
      async () => (await total.executeTakeFirstOrThrow()).total,
      (row) => recordOf(ctx, renderedView(row, row.refunds)),
    );
  };
}
