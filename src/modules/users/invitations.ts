/**
 * Invitations: a user invited (or a removed one invited again), the invitation page's view of its
 * link, and accepting one, which sets the password. Only the link token's SHA-256 is stored.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import { isUniqueViolation, now, nowPlus } from '../../lib/db/index.ts';
import type { UserRole } from '../../lib/db/tables/people.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type AuditBy } from '../audit/service.ts';
import { getTenant } from '../tenants/service.ts';
import { checkNewPassword, hashPassword } from './passwords.ts';
import { dropRecoveryCodes } from './recovery.ts';
import { assertTenantActive, normalizeEmail, type SignedIn } from './service.ts';

/** Days an invitation link stays valid. */
const INVITE_DAYS = 7;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

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
    if (
      opts.anyTenant &&
      (await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email)
        .where('disabled_at', 'is', null)
        .executeTakeFirst())
    ) {
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
    await audit(trx, {
      tenantId: input.tenantId,
      ...by,
      action: 'user.invited',
      targetType: 'user',
      targetId: target,
      detail: { email, role: input.role, ...(again ? { again: true } : {}) },
    });
    return target;
  });
  return { id: userId, email, role: input.role, tenantId: input.tenantId, inviteUrl: `${publicBaseUrl}/dashboard/invite#${token}` };
}

/**
 * A user removed from the tenant (or a removed operator) invited again takes up their row: the same
 * person in the audit log, listed once. Everything they held is gone: password, second factor and
 * recovery codes; sessions and keys ended when they were removed. Null when there is no such user.
 */
async function reinvite(
  trx: Trx,
  tenantId: string | null,
  email: string,
  invite: { role: UserRole; invite_hash: string; invite_expires_at: RawBuilder<Date> },
): Promise<string | null> {
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
    .set({
      ...invite,
      disabled_at: null,
      password_hash: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      updated_at: now(),
    })
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
export async function acceptInvite(
  db: Db,
  input: { token: string; password: string; confirmPassword: string },
  passwordCost: number,
  ip?: string,
): Promise<SignedIn> {
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
    await audit(trx, {
      tenantId: user.tenant_id,
      actor: { userId: user.id, name: user.email },
      action: 'user.passwordSet',
      targetType: 'user',
      targetId: user.id,
      ...(ip ? { ip } : {}),
    });
    return { userId: user.id, email: user.email, tenantId: user.tenant_id };
  });
}
