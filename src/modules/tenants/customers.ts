/** A tenant's blocked customers as the operator manages them: block, unblock, and the list across tenants. */
import { sql, type SqlBool } from 'kysely';
import type { Db, Executor } from '../../lib/db/index.ts';
import { paged, type Page } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type operatorBy } from '../audit/service.ts';
import { getTenant } from './service.ts';

/** Who acts, for the audit log: the operator (a user or the admin token) and the request's IP. */
export type OperatorBy = ReturnType<typeof operatorBy>;

/** Blocks a customer of the tenant (404 tenant.notFound) from new invoices; blocking twice is a no-op. */
export async function blockCustomer(db: Db, tenantId: string, customerId: string, by: OperatorBy): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await getTenant(trx, tenantId);
    const added = await trx
      .insertInto('blocked_customers')
      .values({ tenant_id: tenantId, customer_id: customerId })
      .onConflict((oc) => oc.columns(['tenant_id', 'customer_id']).doNothing())
      .returning('customer_id')
      .executeTakeFirst();
    if (added) await audit(trx, { tenantId, ...by, action: 'customer.blocked', targetType: 'customer', targetId: customerId });
  });
}

/** Lets a blocked customer of the tenant create invoices again; 404 tenant.notFound or customer.notBlocked. */
export async function unblockCustomer(db: Db, tenantId: string, customerId: string, by: OperatorBy): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await getTenant(trx, tenantId);
    const removed = await trx
      .deleteFrom('blocked_customers')
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', customerId)
      .returning('customer_id')
      .executeTakeFirst();
    if (!removed) throw new AppError('exceptions.customer.notBlocked');
    await audit(trx, { tenantId, ...by, action: 'customer.unblocked', targetType: 'customer', targetId: customerId });
  });
}

/** A blocked customer as the console lists it. */
export interface BlockView {
  tenantId: string;
  tenantName: string;
  customerId: string;
  blockedAt: string;
}

/**
 * Blocked customers of every tenant (or of one), newest first (then by tenant and customer, also
 * descending: one direction, so that a row's place is one comparison along the index of the order).
 */
export function listBlocks(db: Executor, q: { tenantId?: string; page: number; limit: number }): Promise<Page<BlockView>> {
  let blocks = db.selectFrom('blocked_customers');
  if (q.tenantId) blocks = blocks.where('blocked_customers.tenant_id', '=', q.tenantId);
  return paged(
    q,
    // Every block has its tenant (a foreign key): the count need not join it.
    () => blocks.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) => {
      // A later page starts at its first row, found along the index alone (no key of one column
      // names a block), and is read from there like the first page.
      const first = blocks
        .select(['created_at', 'tenant_id', 'customer_id'])
        .orderBy('created_at', 'desc')
        .orderBy('tenant_id', 'desc')
        .orderBy('customer_id', 'desc')
        .offset(offset)
        .limit(1);
      const page =
        offset === 0
          ? blocks
          : blocks.where(
              sql<SqlBool>`(blocked_customers.created_at, blocked_customers.tenant_id, blocked_customers.customer_id) <= (${first})`,
            );
      return page
        .innerJoin('tenants', 'tenants.id', 'blocked_customers.tenant_id')
        .select(['blocked_customers.tenant_id', 'tenants.name', 'blocked_customers.customer_id', 'blocked_customers.created_at'])
        .orderBy('blocked_customers.created_at', 'desc')
        .orderBy('blocked_customers.tenant_id', 'desc')
        .orderBy('blocked_customers.customer_id', 'desc')
        .limit(limit)
        .execute();
    },
    (r) => ({ tenantId: r.tenant_id, tenantName: r.name, customerId: r.customer_id, blockedAt: r.created_at.toISOString() }),
  );
}
