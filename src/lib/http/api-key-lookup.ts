import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { secretsEqual } from '../auth/api-keys.ts';
import { principalFor, type ApiKeyRecord } from './account-scope.ts';
import type { ApiPrincipal } from './principal.ts';

/** API keys as authentication reads them: the lookup by hash, its last use, and the principal made of it. */

/** A valid key as the cache holds it, with whether its tenant is suspended (its keys refused). */
export interface KeyState extends ApiKeyRecord {
  tenantSuspended: boolean;
}

/**
 * The unrevoked key of this hash, with whether its tenant is suspended. A key whose user is disabled
 * is none: removing a user revokes their keys in the same transaction, and this holds should one slip by.
 */
export async function findKey(db: Db, hash: string): Promise<KeyState | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
    .leftJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.tenant_id',
      'api_keys.account_id',
      'api_keys.scopes',
      'api_keys.allowed_ips',
      'api_keys.key_hash',
      'api_keys.key_start',
      'api_keys.user_id',
      'tenants.suspended_at',
    ])
    .where('api_keys.key_hash', '=', hash)
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_keys.user_id', 'is', null), eb('users.disabled_at', 'is', null)]))
    .executeTakeFirst();
  if (!row || !secretsEqual(row.key_hash, hash)) return undefined;
  return {
    keyId: row.id,
    keyStart: row.key_start,
    tenantId: row.tenant_id,
    accountId: row.account_id,
    scopes: row.scopes,
    allowedIps: row.allowed_ips,
    ownerUserId: row.user_id,
    tenantSuspended: row.suspended_at !== null,
  };
}

/**
 * Records that a key authenticated a request (`last_used_at`): at most one UPDATE per key and minute
 * on each instance, skipped by the database when another wrote it within the minute. Never fails a request.
 */
export function lastUsedRecorder(db: Db): (keyId: string) => Promise<void> | undefined {
  const written = new Map<string, number>();
  // Not async: the requests of the minute after a write create no promise here.
  return (keyId) => {
    const now = Date.now();
    if ((written.get(keyId) ?? 0) > now - 60_000) return undefined;
    if (written.size >= 50_000) written.clear();
    written.set(keyId, now);
    const stale = sql<boolean>`coalesce(last_used_at < now() - interval '1 minute', true)`;
    return db
      .updateTable('api_keys')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', keyId)
      .where(stale)
      .execute()
      .then(
        () => {},
        () => {},
      );
  };
}

function keyRecord({ tenantSuspended: _, ...record }: KeyState): ApiKeyRecord {
  return record;
}

/**
 * The principal of a key as cached, made once per cached key state and kind of request (reads and
 * writes name `accountId` in different places). Shared by the requests of that key, so frozen: a
 * request that needs another principal (a named account) replaces it rather than changing it.
 */
export function principalMemo(): (key: KeyState, method: string) => ApiPrincipal {
  const made = new WeakMap<KeyState, { read?: ApiPrincipal; write?: ApiPrincipal }>();
  return (key, method) => {
    const kind = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
    let entry = made.get(key);
    if (!entry) made.set(key, (entry = {}));
    return (entry[kind] ??= Object.freeze(principalFor(keyRecord(key), method)));
  };
}
