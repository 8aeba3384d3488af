/** The operator console's lists of tenants and of API keys, across tenants. */
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import { byKeys, paged, type Page } from '../../lib/db/paging.ts';
import { searchUuid } from '../../lib/db/search.ts';

/** A tenant in the console's list: what it is, whether it is suspended, and how much it holds. */
export interface TenantListItem {
  id: string;
  name: string;
  createdAt: string;
  suspendedAt: string | null;
  /** Its accounts. */
  accounts: number;
  /** Its users that are not disabled (invited or active). */
  users: number;
  /** Its API keys not revoked. */
  apiKeys: number;
}

/**
 * Tenants, newest first; `search` matches the id exactly (a uuid) or the name, case-insensitively,
 * anywhere in it. An operator list: a few tenants to a few thousand, so the name is scanned.
 */
export function listTenants(db: Executor, q: { search?: string; page: number; limit: number }): Promise<Page<TenantListItem>> {
  let base = db.selectFrom('tenants');
  const search = q.search;
  if (search !== undefined) {
    const id = searchUuid(search);
    base = base.where((eb) => {
      const byName = sql<SqlBool>`strpos(lower(tenants.name), ${search.toLowerCase()}) > 0`;
      return id ? eb.or([eb('tenants.id', '=', id), byName]) : byName;
    });
  }
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) =>
      // A later page's ids along the index of the order alone; the counts run for the page's rows only.
      byKeys(
        base,
        'tenants.id',
        offset,
        limit,
        base.select('tenants.id').orderBy('tenants.created_at', 'desc').orderBy('tenants.id', 'desc').limit(limit).offset(offset),
      )
        .select(['tenants.id', 'tenants.name', 'tenants.created_at', 'tenants.suspended_at'])
        .select([
          sql<string>`(select count(*) from accounts a where a.tenant_id = tenants.id)`.as('accounts'),
          sql<string>`(select count(*) from users u where u.tenant_id = tenants.id and u.disabled_at is null)`.as('users'),
          sql<string>`(select count(*) from api_keys k where k.tenant_id = tenants.id and k.revoked_at is null)`.as('api_keys'),
        ])
        .orderBy('tenants.created_at', 'desc')
        .orderBy('tenants.id', 'desc')
        .execute(),
    (r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.created_at.toISOString(),
      suspendedAt: r.suspended_at?.toISOString() ?? null,
      accounts: Number(r.accounts),
      users: Number(r.users),
      apiKeys: Number(r.api_keys),
    }),
  );
}

/** An API key as the console lists it: never the key, nor its hash. */
export interface ApiKeyListItem {
  id: string;
  tenantId: string;
  tenantName: string;
  accountId: string | null;
  /** The key's first characters, as the merchant sees them (`cgk_ab12cd`). */
  prefix: string;
  scopes: string[];
  allowedIps: string[] | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** API keys of every tenant (or of one), newest first, revoked ones included. */
export function listAllApiKeys(db: Executor, q: { tenantId?: string; page: number; limit: number }): Promise<Page<ApiKeyListItem>> {
  let keys = db.selectFrom('api_keys');
  if (q.tenantId) keys = keys.where('api_keys.tenant_id', '=', q.tenantId);
  // Every key has its tenant (a foreign key): the count and a later page's ids need not join it.
  const ids = (offset: number, limit: number) =>
    keys.select('api_keys.id').orderBy('api_keys.created_at', 'desc').orderBy('api_keys.id', 'desc').limit(limit).offset(offset);
  return paged(
    q,
    () => keys.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) =>
      byKeys(keys, 'api_keys.id', offset, limit, ids(offset, limit))
        .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
        .select([
          'api_keys.id',
          'api_keys.tenant_id',
          'tenants.name',
          'api_keys.account_id',
          'api_keys.key_start',
          'api_keys.scopes',
          'api_keys.allowed_ips',
        ])
        .select(['api_keys.created_at', 'api_keys.last_used_at', 'api_keys.revoked_at'])
        .orderBy('api_keys.created_at', 'desc')
        .orderBy('api_keys.id', 'desc')
        .execute(),
    (k) => ({
      id: k.id,
      tenantId: k.tenant_id,
      tenantName: k.name,
      accountId: k.account_id,
      prefix: k.key_start,
      scopes: k.scopes,
      allowedIps: k.allowed_ips,
      createdAt: k.created_at.toISOString(),
      lastUsedAt: k.last_used_at?.toISOString() ?? null,
      revokedAt: k.revoked_at?.toISOString() ?? null,
    }),
  );
}
