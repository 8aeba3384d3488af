/**
 * The people of a tenant (and the operators): changing the password, the signed-in user as the
 * dashboard sees them (`Me`), finding a user by email, and creating one with a password (invitations
 * are in invitations.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Mode } from '../../config.ts';
import type { Db, Executor } from '../../lib/db/index.ts';
import { now } from '../../lib/db/index.ts';
import { isOperatorRole, type UserRole } from '../../lib/db/tables/people.ts';
import { AppError } from '../../lib/errors.ts';
import { ROLE_SCOPES } from '../../lib/auth/scopes.ts';
import { audit } from '../audit/service.ts';
import { noticeSecurityChange } from './notices.ts';
import { checkNewPassword, hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { recoveryCodesLeft } from './recovery.ts';

/** A user who proved who they are (password, invitation), about to get a session. */
export interface SignedIn {
  userId: string;
  email: string;
  tenantId: string | null;
}

/** Emails are kept and compared in lower case (the unique index is on lower(email)). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Changes a signed-in user's password: the current one must be right (401 invalidCredentials),
 * the new one strong enough; every other session of the user ends.
 */
export async function changePassword(
  db: Db,
  user: { userId: string; tokenHash: string },
  input: { currentPassword: string; newPassword: string },
  passwordCost: number,
  ip?: string,
): Promise<void> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'tenant_id', 'password_hash'])
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  if (!row.password_hash || !(await verifyPassword(input.currentPassword, row.password_hash)))
    throw new AppError('exceptions.auth.invalidCredentials');
  await checkNewPassword(input.newPassword, row.email);
  const passwordHash = await hashPassword(input.newPassword, passwordCost);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now() }).where('id', '=', user.userId).execute();
    await revokeUserSessions(trx, user.userId, user.tokenHash);
    const by = { actor: { userId: user.userId, name: row.email }, ...(ip ? { ip } : {}) };
    await audit(trx, { tenantId: row.tenant_id, ...by, action: 'user.passwordSet', targetType: 'user', targetId: user.userId });
    await noticeSecurityChange(trx, { id: user.userId, tenant_id: row.tenant_id }, 'password', ip);
  });
}

/** The signed-in user, their tenant and its accounts, their scopes, and their session's CSRF token. */
export async function me(db: Db, mode: Mode, session: { userId: string; csrfToken: string }) {
  const user = await db
    .selectFrom('users')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id',
      'users.email',
      'users.role',
      'users.tenant_id',
      'users.totp_enabled_at',
      'tenants.name as tenant_name',
      'tenants.brand_name',
    ])
    .where('users.id', '=', session.userId)
    .executeTakeFirstOrThrow();
  const accounts = user.tenant_id
    ? await db
        .selectFrom('accounts')
        .select(['id', 'name'])
        .where('tenant_id', '=', user.tenant_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  return {
    user: {
      id: user.id,
      email: user.email,
      role: user.role,
      tenantId: user.tenant_id,
      totpEnabled: user.totp_enabled_at !== null,
      recoveryCodesLeft: user.totp_enabled_at !== null ? await recoveryCodesLeft(db, user.id) : 0,
    },
    tenant: user.tenant_id ? { id: user.tenant_id, name: user.tenant_name ?? '', brandName: user.brand_name } : null,
    accounts,
    scopes: isOperatorRole(user.role) ? [] : [...ROLE_SCOPES[user.role]],
    csrfToken: session.csrfToken,
    mode,
  };
}

/**
 * The user who signs in with an email (lower case), with whether their tenant is suspended: the one
 * with a password not removed (unique among them); invitations not accepted yet cannot sign in.
 */
export async function userByEmail(db: Executor, email: string) {
  return (
    db
      .selectFrom('users')
      .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select([
        'users.id',
        'users.email',
        'users.role',
        'users.tenant_id',
        'users.password_hash',
        'users.disabled_at',
        'users.totp_secret',
        'users.totp_enabled_at',
      ])
      .select(sql<boolean>`tenants.suspended_at is not null`.as('tenant_suspended'))
      .where(sql<string>`lower(users.email)`, '=', normalizeEmail(email))
      .where('users.password_hash', 'is not', null)
      // One not removed at most (users_email_key); a removed one only when there is no other.
      .orderBy(sql`users.disabled_at is not null`)
      .executeTakeFirst()
  );
}

/** Refuses (403 tenantSuspended) a user of a suspended tenant: no new session while it is. */
export async function assertTenantActive(db: Executor, tenantId: string | null): Promise<void> {
  if (tenantId === null) return;
  const row = await db.selectFrom('tenants').select('suspended_at').where('id', '=', tenantId).executeTakeFirst();
  if (row?.suspended_at) throw new AppError('exceptions.auth.tenantSuspended');
}

/** A user with a password already set (the first start's demo owner and operator). */
export async function createUser(
  db: Executor,
  input: { tenantId: string | null; email: string; role: UserRole; password: string },
  passwordCost: number,
): Promise<string> {
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password, passwordCost);
  await db
    .insertInto('users')
    .values({ id, tenant_id: input.tenantId, email: normalizeEmail(input.email), role: input.role, password_hash: passwordHash })
    .execute();
  return id;
}
