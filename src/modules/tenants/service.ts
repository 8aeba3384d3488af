import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Executor } from '../../lib/db/index.ts';
import { generateApiKey, generateWebhookSecret, hashApiKey, keyStart } from '../../lib/auth/api-keys.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyChange } from '../../lib/db/notify.ts';
import { apiKeyChanged } from '../../lib/http/security.ts';
import { audit, type Audited } from '../audit/service.ts';

/** A tenant (merchant) with the id of its first account. */
export interface TenantCreated {
  id: string;
  name: string;
  accountId: string;
}

/** The audit entry of a change to tenant `tenantId` (the tenant itself unless `target` says otherwise). */
function writeAudited(
  trx: Executor,
  tenantId: string,
  a: Audited,
  detail = a.detail,
  target = { type: 'tenant', id: tenantId },
): Promise<void> {
  return audit(trx, { tenantId, ...a.by, action: a.action, targetType: target.type, targetId: target.id, detail });
}

/** Runs `fn` in a transaction: the caller's when `db` is one, else a new one. */
function inTransaction<T>(db: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : (db as Db).transaction().execute(fn);
}

/** Creates a tenant and its first account in one transaction (the caller's, when given one). */
export async function createTenant(db: Executor, name: string, opts: { isDemo?: boolean } = {}): Promise<TenantCreated> {
  const id = randomUUID();
  const accountId = randomUUID();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('tenants')
      .values({ id, name, webhook_secret: generateWebhookSecret(), is_demo: opts.isDemo ?? false, max_accounts: null })
      .execute();
    await trx.insertInto('accounts').values({ id: accountId, tenant_id: id, name: 'Main' }).execute();
  });
  return { id, name, accountId };
}

export async function getTenant(db: Executor, id: string) {
  const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  if (!tenant) throw new AppError('exceptions.tenant.notFound');
  return tenant;
}

/** Tenant settings an operator may change; `null` clears an override. */
export interface TenantSettings {
  name?: string;
  /** Default URL of every event whose object names none. */
  webhookUrl?: string | null;
  depositWebhookUrl?: string | null;
  /** Decimal rate string, e.g. "0.005" for 0.5 %. */
  depositCommission?: string | null;
  maxAccounts?: number | null;
}

/** Changes a tenant's settings; with `audited`, the entry is written in the same transaction. */
export async function updateTenant(db: Db, id: string, settings: TenantSettings, audited?: Audited) {
  const values: Record<string, unknown> = {};
  if (settings.name !== undefined) values.name = settings.name;
  if (settings.webhookUrl !== undefined) values.webhook_url = settings.webhookUrl;
  if (settings.depositWebhookUrl !== undefined) values.deposit_webhook_url = settings.depositWebhookUrl;
  if (settings.depositCommission !== undefined) values.deposit_commission = settings.depositCommission;
  if (settings.maxAccounts !== undefined) values.max_accounts = settings.maxAccounts;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tenants')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('exceptions.tenant.notFound');
    await notifyChange(trx, `tenant:${id}`);
    if (audited) await writeAudited(trx, id, audited, { ...settings, ...audited.detail });
    return row;
  });
}

/** A new webhook signing secret for the tenant (returned once); with `audited`, logged in the same transaction. */
export async function rotateWebhookSecret(db: Db, id: string, audited?: Audited): Promise<string> {
  const secret = generateWebhookSecret();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tenants')
      .set({ webhook_secret: secret, updated_at: sql`now()` })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('exceptions.tenant.notFound');
    if (audited) await writeAudited(trx, id, audited);
  });
  return secret;
}

export interface IssuedKey {
  id: string;
  key: string;
  keyStart: string;
  tenantId: string;
  /** null: a tenant-wide key. */
  accountId: string | null;
  /** What the merchant calls it; null for keys made without one. */
  name: string | null;
  scopes: string[];
  allowedIps: string[] | null;
  createdAt: Date;
  /** The user the key belongs to and ends with; null for a key the operator issued. */
  userId: string | null;
}

/**
 * Issues an API key bound to one account of the tenant, or without `accountId` a tenant-wide key
 * (each request names the account it acts on), belonging to `userId` when a merchant's user (or
 * their key) makes it. The key itself is returned only here.
 */
export async function issueApiKey(
  db: Executor,
  input: {
    tenantId: string;
    accountId?: string | null;
    name?: string | null;
    scopes: string[];
    allowedIps?: string[] | null;
    userId?: string | null;
  },
): Promise<IssuedKey> {
  const accountId = input.accountId ?? null;
  const account =
    accountId === null
      ? undefined
      : await db.selectFrom('accounts').select('id').where('id', '=', accountId).where('tenant_id', '=', input.tenantId).executeTakeFirst();
  if (!account) {
    await getTenant(db, input.tenantId);
    if (accountId !== null) throw new AppError('exceptions.account.notFound');
  }
  const key = generateApiKey();
  const row = await db
    .insertInto('api_keys')
    .values({
      id: randomUUID(),
      tenant_id: input.tenantId,
      account_id: accountId,
      name: input.name ?? null,
      key_hash: hashApiKey(key),
      key_start: keyStart(key),
      scopes: [...new Set(input.scopes)],
      allowed_ips: input.allowedIps?.length ? input.allowedIps : null,
      user_id: input.userId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    key,
    keyStart: row.key_start,
    tenantId: row.tenant_id,
    accountId: row.account_id,
    name: row.name,
    scopes: row.scopes,
    allowedIps: row.allowed_ips,
    createdAt: row.created_at,
    userId: row.user_id,
  };
}

/**
 * Revokes a key at once: the next request with it is refused; revoking twice is a no-op. Returns
 * the change notice to apply locally once committed. `owner` limits it to a tenant's keys (and,
 * with `accountId`, to the keys bound to that account): any other key is not found.
 */
export async function revokeApiKey(
  db: Db,
  id: string,
  owner?: { tenantId: string; accountId?: string },
  audited?: Audited,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    let update = trx.updateTable('api_keys').set({ revoked_at: sql`coalesce(revoked_at, now())` }).where('id', '=', id);
    if (owner) update = update.where('tenant_id', '=', owner.tenantId);
    if (owner?.accountId) update = update.where('account_id', '=', owner.accountId);
    const row = await update.returning(['key_hash', 'tenant_id', 'key_start']).executeTakeFirst();
    if (!row) throw new AppError('exceptions.apiKey.notFound');
    if (audited) await writeAudited(trx, row.tenant_id, audited, { keyStart: row.key_start }, { type: 'apiKey', id });
    // Every instance drops the cached key when this commits.
    await notifyChange(trx, apiKeyChanged(row.key_hash));
    return apiKeyChanged(row.key_hash);
  });
}

/**
 * A tenant's API keys, newest first, revoked ones included, with the email of the user each belongs
 * to; with `accountId`, only keys bound to that account.
 */
export async function listApiKeys(db: Executor, tenantId: string, accountId: string | null) {
  let query = db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.key_start',
      'api_keys.name',
      'api_keys.account_id',
      'api_keys.scopes',
      'api_keys.allowed_ips',
      'api_keys.created_at',
      'api_keys.revoked_at',
    ])
    .select(['api_keys.user_id', 'users.email as user_email'])
    .where('api_keys.tenant_id', '=', tenantId);
  if (accountId !== null) query = query.where('api_keys.account_id', '=', accountId);
  return query.orderBy('api_keys.created_at', 'desc').orderBy('api_keys.id', 'desc').execute();
}

export async function isCustomerBlocked(db: Executor, tenantId: string, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocked_customers')
    .select('customer_id')
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return !!row;
}

/**
 * The tenant's deposit commission rate as a SQL expression (its override, else the system default),
 * for fixing the rate inside the INSERT that creates an invoice or a deposit.
 */
export function commissionRateSql(tenantId: string, systemDefault: string) {
  return sql<string>`(select coalesce(deposit_commission, ${systemDefault}::numeric) from tenants where id = ${tenantId})`;
}
