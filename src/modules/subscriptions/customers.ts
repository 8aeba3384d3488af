/** A merchant's customers: made (reference unique in the tenant), read, listed, their email, name and language changed. */
import { randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../lib/db/schema.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Executor } from '../../lib/db/index.ts';
import { paged, type Page } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import type { Language } from '../pay/i18n/index.ts';
import { customerRecord, type CustomerRecord, type CustomerRow } from './record.ts';

export interface CreateCustomerInput {
  email: string;
  name?: string;
  reference?: string;
  language?: Language;
}

/** What the merchant (or, for email and language, the customer in the portal) changes; a null language clears it. */
export interface CustomerChange {
  email?: string;
  name?: string;
  language?: Language | null;
}

type Owner = Pick<ApiPrincipal, 'tenantId' | 'accountId'>;

/** POST /customers: a new customer of the caller's account; a reference the tenant used already is a 409. */
export async function createCustomer(ctx: AppContext, principal: ApiPrincipal, input: CreateCustomerInput): Promise<CustomerRecord> {
  try {
    const row = await ctx.db
      .insertInto('subscription_customers')
      .values({
        id: randomUUID(),
        tenant_id: principal.tenantId,
        account_id: principal.accountId,
        email: input.email.trim(),
        name: input.name?.trim() || null,
        reference: input.reference ?? null,
        credit_deposit_id: null,
        language: input.language ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return customerRecord(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('exceptions.customer.referenceAlreadyExists', { reference: input.reference });
    throw err;
  }
}

/** A customer of the caller's account; another account's or tenant's is the same 404 as none. */
export async function ownCustomer(db: Executor, owner: Owner, id: string): Promise<CustomerRow> {
  const row = await db
    .selectFrom('subscription_customers')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', owner.accountId)
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.customer.notFound');
  return row;
}

export async function getCustomer(ctx: AppContext, principal: ApiPrincipal, id: string): Promise<CustomerRecord> {
  return customerRecord(await ownCustomer(ctx.db, principal, id));
}

/** GET /customers: the account's customers, newest first, or the one of a reference. */
export async function listCustomers(
  ctx: AppContext,
  principal: ApiPrincipal,
  q: { page: number; limit: number; reference?: string },
): Promise<Page<CustomerRecord>> {
  const mine = <O>(query: SelectQueryBuilder<DB, 'subscription_customers', O>): SelectQueryBuilder<DB, 'subscription_customers', O> => {
    const own = query.where('account_id', '=', principal.accountId);
    return q.reference === undefined ? own : own.where('tenant_id', '=', principal.tenantId).where('reference', '=', q.reference);
  };
  return paged(
    q,
    () =>
      mine(ctx.db.selectFrom('subscription_customers'))
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    (offset, limit) =>
      mine(ctx.db.selectFrom('subscription_customers').selectAll())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    customerRecord,
  );
}

/** Changes a customer's email, name or language (the merchant's PATCH, or the customer in the portal). */
export async function updateCustomerRow(db: Executor, id: string, input: CustomerChange): Promise<CustomerRow> {
  const set = {
    ...(input.email !== undefined ? { email: input.email.trim() } : {}),
    ...(input.name !== undefined ? { name: input.name.trim() || null } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
  };
  return db
    .updateTable('subscription_customers')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** PATCH /customers/{id}. */
export async function updateCustomer(ctx: AppContext, principal: ApiPrincipal, id: string, input: CustomerChange): Promise<CustomerRecord> {
  await ownCustomer(ctx.db, principal, id);
  return customerRecord(await updateCustomerRow(ctx.db, id, input));
}
