/** Dashboard sessions: created at sign-in, ended by sign-out, a password change, the user's removal or their tenant's suspension. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import { SESSION_MAX_DAYS, hashSessionToken } from '../../lib/http/session.ts';

/** A new session: the cookie's token (never stored) and the CSRF token the browser sends back. */
export interface NewSession {
  token: string;
  tokenHash: string;
  csrfToken: string;
}

/** Starts a session for a user; it ends SESSION_MAX_DAYS later at the latest. */
export async function createSession(db: Executor, userId: string, client: { ip?: string; userAgent?: string }): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashSessionToken(token);
  const csrfToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      csrf_token: csrfToken,
      ip: client.ip ?? null,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      expires_at: sql<Date>`now() + make_interval(days => ${SESSION_MAX_DAYS})`,
    })
    .execute();
  return { token, tokenHash, csrfToken };
}

/** Ends one session (sign-out). */
export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user, but `except` (the one asking, after a password change). */
export async function revokeUserSessions(db: Executor, userId: string, except?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except) query = query.where('token_hash', '!=', except);
  await query.execute();
}

/** Ends every live session of every user of a tenant (it is being suspended); returns how many ended. */
export async function revokeTenantSessions(db: Executor, tenantId: string): Promise<number> {
  const users = db.selectFrom('users').select('id').where('tenant_id', '=', tenantId);
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', 'in', users)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
