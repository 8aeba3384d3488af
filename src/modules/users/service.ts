/**
 * The people of a tenant (and the operators): invitations, accepting one (setting a password), changing
 * the password, and the signed-in user as the dashboard sees them (`Me`).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Mode } from '../../config.ts';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import { isUniqueViolation, now, nowPlus } from '../../lib/db/index.ts';
import { isOperatorRole, type UserRole } from '../../lib/db/tables/people.ts';
import { AppError } from '../../lib/errors.ts';
import { ROLE_SCOPES } from '../../lib/auth/scopes.ts';
import { audit, type AuditBy } from '../audit/service.ts';
import { noticeSecurityChange } from './notices.ts';
import { getTenant } from '../tenants/service.ts';
import { checkNewPassword, hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { dropRecoveryCodes, recoveryCodesLeft } from './recovery.ts';

/** A user who proved who they are (password, invitation), about to get a session. */
export interface SignedIn {
  userId: string;
  email: string;
  tenantId: string | null;
}

/** Days an invitation link stays valid. */
const INVITE_DAYS = 7;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Emails are kept and compared in lower case (the unique index is on lower(email)). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function inviteHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A user just invited, with the link that sets their password. */
export interface Invited {
  id: string;
  email: string;
  role: UserRole;
  tenantId: string | null;
  inviteUrl: string;
}

/**
 * Invites a user: a merchant role within a tenant (which must exist: 404), or an operator (no
 * tenant). The link's token (32 random bytes) is shown once; only its SHA-256 is stored.
 *
 * An email is one account, but a tenant's invitation tells its inviter nothing of other tenants:
 * inviting an email another tenant knows answers as for a new one (201, listed as invited), and
 * only an email already of this tenant is 409 emailTaken. Accepting such an invitation can never
 * claim the other tenant's user (`acceptInvite`). The operator, who sees every tenant, is told
 * (`anyTenant`): 409 when the email is known anywhere.
 */
export async function inviteUser(
  db: Db,
  publicBaseUrl: string,
  input: { tenantId: string | null; email: string; role: UserRole },
  by: AuditBy,
  opts: { anyTenant?: boolean } = {},
): Promise<Invited> {
  const email = normalizeEmail(input.email);
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const invite = { role: input.role, invite_hash: inviteHash(token), invite_expires_at: nowPlus(INVITE_DAYS * 24 * 60, 'mins') };
  const userId = await db.transaction().execute(async (trx) => {
    if (input.tenantId) await getTenant(trx, input.tenantId);
    // A removed user is no longer anyone's: only those not removed make an email taken.
    if (opts.anyTenant && (await trx.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email).where('disabled_at', 'is', null).executeTakeFirst())) {
      throw new AppError('exceptions.user.emailTaken');
    }
    const again = await reinvite(trx, input.tenantId, email, invite);
    if (!again) {
      await trx
        .insertInto('users')
        .values({ id, tenant_id: input.tenantId, email, ...invite })
        .execute()
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? new AppError('exceptions.user.emailTaken') : err;
        });
    }
    const target = again ?? id;
    await audit(trx, { tenantId: input.tenantId, ...by, action: 'user.invited', targetType: 'user', targetId: target, detail: { email, role: input.role, ...(again ? { again: true } : {}) } });
    return target;
  });
  return { id: userId, email, role: input.role, tenantId: input.tenantId, inviteUrl: `${publicBaseUrl}/dashboard/invite#${token}` };
}

/**
 * A user removed from the tenant (or a removed operator) invited again takes up their row: the same
 * person in the audit log, listed once. Everything they held is gone: password, second factor and
 * recovery codes; sessions and keys ended when they were removed. Null when there is no such user.
 */
async function reinvite(trx: Trx, tenantId: string | null, email: string, invite: { role: UserRole; invite_hash: string; invite_expires_at: RawBuilder<Date> }): Promise<string | null> {
  const removed = await trx
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .where((eb) => (tenantId ? eb('tenant_id', '=', tenantId) : eb('tenant_id', 'is', null)))
    .where('disabled_at', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
  if (!removed) return null;
  await trx
    .updateTable('users')
    .set({ ...invite, disabled_at: null, password_hash: null, totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now() })
    .where('id', '=', removed.id)
    .execute();
  await dropRecoveryCodes(trx, removed.id);
  return removed.id;
}

/** The user an unexpired, unused invitation token names; else 400 inviteInvalid. */
async function invitee(db: Executor, token: string) {
  if (!TOKEN.test(token)) throw new AppError('exceptions.user.inviteInvalid');
  const row = await db
    .selectFrom('users')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['users.id', 'users.email', 'users.role', 'users.tenant_id', 'tenants.name as tenant_name', 'tenants.brand_name'])
    .where('users.invite_hash', '=', inviteHash(token))
    .where('users.invite_expires_at', '>', now())
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.user.inviteInvalid');
  return row;
}

/** What the invitation page shows before the password is chosen. */
export async function inviteInfo(db: Db, token: string): Promise<{ email: string; role: UserRole; tenantName: string | null }> {
  const row = await invitee(db, token);
  return { email: row.email, role: row.role, tenantName: row.brand_name ?? row.tenant_name };
}

/**
 * Accepts an invitation: sets the password and spends the token (the UPDATE requires the token still
 * stored, so of two requests with one token only one succeeds). Returns the user, to sign them in.
 * An email that already signs in elsewhere is never claimed twice: the unique index on the emails
 * of users with a password refuses it, and the link is as invalid as a used one (400 inviteInvalid).
 */
export async function acceptInvite(db: Db, input: { token: string; password: string; confirmPassword: string }, passwordCost: number, ip?: string): Promise<SignedIn> {
  if (input.password !== input.confirmPassword) throw new AppError('exceptions.user.passwordMismatch');
  const user = await invitee(db, input.token);
  // The invitation stays unspent: it can be accepted once the tenant is resumed.
  await assertTenantActive(db, user.tenant_id);
  await checkNewPassword(input.password, user.email);
  const passwordHash = await hashPassword(input.password, passwordCost);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, invite_hash: null, invite_expires_at: null, updated_at: now() })
      .where('id', '=', user.id)
      .where('invite_hash', '=', inviteHash(input.token))
      .where('invite_expires_at', '>', now())
      .returning('id')
      .executeTakeFirst()
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? new AppError('exceptions.user.inviteInvalid') : err;
      });
    if (!row) throw new AppError('exceptions.user.inviteInvalid');
    await audit(trx, { tenantId: user.tenant_id, actor: { userId: user.id, name: user.email }, action: 'user.passwordSet', targetType: 'user', targetId: user.id, ...(ip ? { ip } : {}) });
    return { userId: user.id, email: user.email, tenantId: user.tenant_id };
  });
}

/**
 * Changes a signed-in user's password: the current one must be right (401 invalidCredentials),
 * the new one strong enough; every other session of the user ends.
 */
export async function changePassword(db: Db, user: { userId: string; tokenHash: string }, input: { currentPassword: string; newPassword: string }, passwordCost: number, ip?: string): Promise<void> {
  const row = await db.selectFrom('users').select(['email', 'tenant_id', 'password_hash']).where('id', '=', user.userId).executeTakeFirstOrThrow();
  if (!row.password_hash || !(await verifyPassword(input.currentPassword, row.password_hash))) throw new AppError('exceptions.auth.invalidCredentials');
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
    .select(['users.id', 'users.email', 'users.role', 'users.tenant_id', 'users.totp_enabled_at', 'tenants.name as tenant_name', 'tenants.brand_name'])
    .where('users.id', '=', session.userId)
    .executeTakeFirstOrThrow();
  const accounts = user.tenant_id
    ? await db.selectFrom('accounts').select(['id', 'name']).where('tenant_id', '=', user.tenant_id).orderBy('created_at').orderBy('id').execute()
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
  return db
    .selectFrom('users')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['users.id', 'users.email', 'users.role', 'users.tenant_id', 'users.password_hash', 'users.disabled_at', 'users.totp_secret', 'users.totp_enabled_at'])
    .select(sql<boolean>`tenants.suspended_at is not null`.as('tenant_suspended'))
    .where(sql<string>`lower(users.email)`, '=', normalizeEmail(email))
    .where('users.password_hash', 'is not', null)
    // One not removed at most (users_email_key); a removed one only when there is no other.
    .orderBy(sql`users.disabled_at is not null`)
    .executeTakeFirst();
}

/** Refuses (403 tenantSuspended) a user of a suspended tenant: no new session while it is. */
export async function assertTenantActive(db: Executor, tenantId: string | null): Promise<void> {
  if (tenantId === null) return;
  const row = await db.selectFrom('tenants').select('suspended_at').where('id', '=', tenantId).executeTakeFirst();
  if (row?.suspended_at) throw new AppError('exceptions.auth.tenantSuspended');
}

/** A user with a password already set (the first start's demo owner and operator). */
export async function createUser(db: Executor, input: { tenantId: string | null; email: string; role: UserRole; password: string }, passwordCost: number): Promise<string> {
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password, passwordCost);
  await db.insertInto('users').values({ id, tenant_id: input.tenantId, email: normalizeEmail(input.email), role: input.role, password_hash: passwordHash }).execute();
  return id;
}
