import { randomUUID } from 'node:crypto';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';

/** A merchant account as the API shows it. */
export interface AccountView {
  id: string;
  name: string;
  createdAt: string;
}

export async function listAccounts(db: Db, tenantId: string): Promise<AccountView[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at.toISOString() }));
}

/**
 * Creates an account unless the tenant is at its maximum. The tenant row is locked first, so two
 * concurrent creates (on any instance) cannot both take the last free place.
 */
export async function createAccount(db: Db, tenantId: string, name: string, defaultMax: number): Promise<AccountView> {
  return db.transaction().execute(async (trx) => {
    const tenant = await trx
      .selectFrom('tenants')
      .select(['max_accounts'])
      .where('id', '=', tenantId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const max = tenant.max_accounts ?? defaultMax;
    const { count } = await trx
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) throw new AppError('exceptions.account.limitReached', { maxAccounts: max });
    const row = await trx
      .insertInto('accounts')
      .values({ id: randomUUID(), tenant_id: tenantId, name })
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, createdAt: row.created_at.toISOString() };
  });
}
