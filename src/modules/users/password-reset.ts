/**
 * Password reset links an operator issues for a tenant's user, while the gateway sends
 * no email: the operator hands the link over. Its token (32 random bytes) travels in the link's
 * fragment and is stored only as its SHA-256; it works once, for an hour, and a newer link of the
 * same user voids the older ones. Using it sets a new password (the same rules as everywhere) and
 * ends every session of the user; it does not sign in, so two-factor authentication still guards
 * the next sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../lib/db/index.ts';
import { now, nowPlus } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type AuditActor } from '../audit/service.ts';
import { noticeSecurityChange } from './notices.ts';
import { checkNewPassword, hashPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/** How long a link works. */
const RESET_MINUTES = 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A link just issued: shown to the operator once. */
export interface IssuedReset {
  userId: string;
  email: string;
  resetUrl: string;
  expiresAt: string;
}

/**
 * Issues a link for an active user of the tenant (another tenant's user, or none: 404 notFound; one
 * invited or removed: 409 notActive), voiding the user's earlier links; audited.
 */
export async function issuePasswordReset(
  db: Db,
  publicBaseUrl: string,
  target: { tenantId: string; userId: string },
  by: { actor: AuditActor; ip?: string },
): Promise<IssuedReset> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'password_hash', 'disabled_at'])
      .where('id', '=', target.userId)
      .where('tenant_id', '=', target.tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new AppError('exceptions.user.notFound');
    if (!user.password_hash || user.disabled_at) throw new AppError('exceptions.user.notActive');
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    const row = await trx
      .insertInto('password_resets')
      .values({ token_hash: tokenHash(token), user_id: user.id, expires_at: nowPlus(RESET_MINUTES, 'mins'), created_by: by.actor.name })
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    const expiresAt = row.expires_at.toISOString();
    await audit(trx, {
      tenantId: target.tenantId,
      ...by,
      action: 'user.passwordResetIssued',
      targetType: 'user',
      targetId: user.id,
      detail: { email: user.email, expiresAt },
    });
    return { userId: user.id, email: user.email, resetUrl: `${publicBaseUrl}/dashboard/reset-password#${token}`, expiresAt };
  });
}

/** The user a live link names (unused, unexpired, the user still active); else 400 resetInvalid. */
async function resetTarget(db: Db, token: string) {
  if (!TOKEN.test(token)) throw new AppError('exceptions.user.resetInvalid');
  const row = await db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('tenants as t', 't.id', 'u.tenant_id')
    .select(['u.id', 'u.email', 'u.tenant_id', 't.name as tenant_name', 't.brand_name'])
    .where('r.token_hash', '=', tokenHash(token))
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', now())
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.user.resetInvalid');
  return row;
}

/** What the reset page shows before the new password is chosen. */
export async function resetInfo(db: Db, token: string): Promise<{ email: string; tenantName: string | null }> {
  const row = await resetTarget(db, token);
  return { email: row.email, tenantName: row.brand_name ?? row.tenant_name };
}

/**
 * Sets the new password with a live link, spending it (of two requests with one link only one
 * succeeds), and ends every session of the user; audited as the user's own act.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string; confirmPassword: string },
  passwordCost: number,
  ip?: string,
): Promise<void> {
  if (input.password !== input.confirmPassword) throw new AppError('exceptions.user.passwordMismatch');
  const user = await resetTarget(db, input.token);
  await checkNewPassword(input.password, user.email);
  const passwordHash = await hashPassword(input.password, passwordCost);
  await db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: now() })
      .where('token_hash', '=', tokenHash(input.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now())
      .returning('user_id')
      .executeTakeFirst();
    if (!spent) throw new AppError('exceptions.user.resetInvalid');
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now() })
      .where('id', '=', user.id)
      .where('disabled_at', 'is', null)
      .execute();
    await revokeUserSessions(trx, user.id);
    const actor = { userId: user.id, name: user.email };
    await audit(trx, {
      tenantId: user.tenant_id,
      actor,
      action: 'user.passwordReset',
      targetType: 'user',
      targetId: user.id,
      ...(ip ? { ip } : {}),
    });
    await noticeSecurityChange(trx, user, 'passwordReset', ip);
  });
}
