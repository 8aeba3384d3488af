/**
 * The user an API key belongs to: a key a merchant makes is the maker's (a key made by a
 * key, that key's user's), and ends with them. Removing or disabling the user revokes their keys in
 * the same transaction; narrowing their role revokes the keys the new role does not cover; the
 * operator may instead hand them to another user who holds their scopes. Keys the operator issued
 * belong to no one and are left alone.
 */
import { isOperatorRole } from '../../lib/db/tables/people.ts';
import { sql } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import { notifyChange } from '../../lib/db/notify.ts';
import { ROLE_SCOPES, coversScopes, missingScopes } from '../../lib/auth/scopes.ts';
import { AppError } from '../../lib/errors.ts';
import { apiKeyChanged } from '../../lib/http/security.ts';
import { audit, type AuditBy } from '../audit/service.ts';

/** A live key of a user, as the revocation and the hand-over read it. */
interface OwnedKey {
  id: string;
  key_hash: string;
  key_start: string;
  scopes: string[];
}

/**
 * Locks the user a new key will belong to (FOR SHARE), so a key made while its user is being
 * removed or their role narrowed either waits and is judged on what is then true, or commits first
 * and is revoked with the user's others. Refused when the user is gone (401: the caller's
 * credential no longer stands), or when their role no longer covers the key's scopes (403).
 */
export async function lockKeyOwner(
  trx: Executor,
  owner: { tenantId: string; userId: string; kind: 'apiKey' | 'session' },
  scopes: readonly string[],
): Promise<{ email: string }> {
  const row = await trx
    .selectFrom('users')
    .select(['email', 'role'])
    .where('id', '=', owner.userId)
    .where('tenant_id', '=', owner.tenantId)
    .where('disabled_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  if (!row || isOperatorRole(row.role))
    throw new AppError(owner.kind === 'session' ? 'exceptions.auth.sessionRequired' : 'exceptions.auth.invalidApiKey');
  const missing = missingScopes(ROLE_SCOPES[row.role], scopes);
  if (missing.length > 0)
    throw new AppError('exceptions.auth.insufficientScope', { scopes: missing }, "A new key cannot carry scopes its user's role lacks");
  return row;
}

/** The user's live keys, locked, oldest first. */
export function liveKeysOf(trx: Executor, userId: string): Promise<OwnedKey[]> {
  return trx
    .selectFrom('api_keys')
    .select(['id', 'key_hash', 'key_start', 'scopes'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Revokes the user's live keys that `keep` does not keep (all of them by default), each with its
 * audit entry and change notice, in the caller's transaction. Returns the notices to apply locally
 * once it commits.
 */
export async function revokeUserKeys(
  trx: Executor,
  user: { id: string; tenantId: string },
  by: AuditBy,
  reason: 'userRemoved' | 'roleChanged',
  keep: (key: OwnedKey) => boolean = () => false,
): Promise<string[]> {
  const doomed = (await liveKeysOf(trx, user.id)).filter((k) => !keep(k));
  if (doomed.length === 0) return [];
  await trx
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()` })
    .where(
      'id',
      'in',
      doomed.map((k) => k.id),
    )
    .execute();
  const notices: string[] = [];
  for (const k of doomed) {
    const detail = { keyStart: k.key_start, userId: user.id, reason };
    await audit(trx, { tenantId: user.tenantId, ...by, action: 'apiKey.revoked', targetType: 'apiKey', targetId: k.id, detail });
    await notifyChange(trx, apiKeyChanged(k.key_hash));
    notices.push(apiKeyChanged(k.key_hash));
  }
  return notices;
}

/**
 * Hands the user's live keys to `to` (an active user of the same tenant whose role's scopes cover
 * every key: else 409 keyRecipientLacksScope, nothing changed), each with its audit entry and change
 * notice. Returns the notices.
 */
export async function handUserKeysOver(
  trx: Executor,
  from: { id: string; tenantId: string },
  to: { id: string; email: string; scopes: readonly string[] },
  by: AuditBy,
): Promise<string[]> {
  const keys = await liveKeysOf(trx, from.id);
  const uncovered = keys.filter((k) => !coversScopes(to.scopes, k.scopes));
  if (uncovered.length > 0) {
    throw new AppError('exceptions.user.keyRecipientLacksScope', {
      keys: uncovered.map((k) => ({ keyStart: k.key_start, scopes: k.scopes })),
    });
  }
  if (keys.length === 0) return [];
  await trx
    .updateTable('api_keys')
    .set({ user_id: to.id })
    .where(
      'id',
      'in',
      keys.map((k) => k.id),
    )
    .execute();
  const notices: string[] = [];
  for (const k of keys) {
    const detail = { keyStart: k.key_start, fromUserId: from.id, toUserId: to.id, toEmail: to.email };
    await audit(trx, { tenantId: from.tenantId, ...by, action: 'apiKey.handedOver', targetType: 'apiKey', targetId: k.id, detail });
    await notifyChange(trx, apiKeyChanged(k.key_hash));
    notices.push(apiKeyChanged(k.key_hash));
  }
  return notices;
}
