/**
 * Two-factor authentication of a signed-in user (RFC 6238): set up (a new secret and its QR code),
 * switched on by a first valid code (which gives the recovery codes), switched off with a valid code
 * or a recovery code. A code is accepted once.
 */
import QRCode from 'qrcode';
import type { Db } from '../../lib/db/index.ts';
import { now } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { acceptTotpCode, newTotpSecret, totpUri } from '../../lib/auth/totp.ts';
import { audit } from '../audit/service.ts';
import { noticeSecurityChange } from './notices.ts';
import { dropRecoveryCodes, issueRecoveryCodes, spendRecoveryCode } from './recovery.ts';

async function userOf(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'tenant_id', 'totp_secret', 'totp_enabled_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A new secret, kept until a code confirms it; while two-factor is on: 409 totpAlreadyEnabled. */
export async function setupTotp(db: Db, userId: string): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const user = await userOf(db, userId);
  if (user.totp_enabled_at) throw new AppError('exceptions.user.totpAlreadyEnabled');
  const secret = newTotpSecret();
  const row = await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_last_step: null, updated_at: now() })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.user.totpAlreadyEnabled');
  const otpauthUrl = totpUri(secret, user.email);
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl) };
}

/**
 * Switches two-factor on with a code of the secret being set up (400 totpNotEnrolled without one;
 * 401 invalidSecondFactor), and gives the user's recovery codes: shown this once.
 */
export async function enableTotp(
  db: Db,
  userId: string,
  code: string,
  passwordCost: number,
  ip?: string,
): Promise<{ recoveryCodes: string[] }> {
  const user = await userOf(db, userId);
  if (!user.totp_secret || user.totp_enabled_at) throw new AppError('exceptions.user.totpNotEnrolled');
  if (!(await acceptTotpCode(db, userId, user.totp_secret, code))) throw new AppError('exceptions.auth.invalidSecondFactor');
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ totp_enabled_at: now(), updated_at: now() }).where('id', '=', userId).execute();
    const recoveryCodes = await issueRecoveryCodes(trx, userId, passwordCost);
    await audit(trx, {
      tenantId: user.tenant_id,
      actor: { userId, name: user.email },
      action: 'user.totpEnabled',
      targetType: 'user',
      targetId: userId,
      ...(ip ? { ip } : {}),
    });
    await noticeSecurityChange(trx, { id: userId, tenant_id: user.tenant_id }, 'totpEnabled', ip);
    return { recoveryCodes };
  });
}

/**
 * Switches two-factor off; a current code proves the authenticator is at hand, or a recovery code
 * that it is lost (spent like at sign-in). 400 totpNotEnrolled while off. Its recovery codes end.
 */
export async function disableTotp(db: Db, userId: string, code: string, ip?: string): Promise<void> {
  const user = await userOf(db, userId);
  if (!user.totp_secret || !user.totp_enabled_at) throw new AppError('exceptions.user.totpNotEnrolled');
  const proven = /^\d{6}$/.test(code)
    ? await acceptTotpCode(db, userId, user.totp_secret, code)
    : await spendRecoveryCode(db, userId, code);
  if (!proven) throw new AppError('exceptions.auth.invalidSecondFactor');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ totp_secret: null, totp_enabled_at: null, updated_at: now() }).where('id', '=', userId).execute();
    await dropRecoveryCodes(trx, userId);
    await audit(trx, {
      tenantId: user.tenant_id,
      actor: { userId, name: user.email },
      action: 'user.totpDisabled',
      targetType: 'user',
      targetId: userId,
      ...(ip ? { ip } : {}),
    });
    await noticeSecurityChange(trx, { id: userId, tenant_id: user.tenant_id }, 'totpDisabled', ip);
  });
}

/** A new set of recovery codes for a user with two-factor on (the old set ends); 400 totpNotEnrolled while off. */
export async function renewRecoveryCodes(db: Db, userId: string, passwordCost: number, ip?: string): Promise<{ recoveryCodes: string[] }> {
  const user = await userOf(db, userId);
  if (!user.totp_enabled_at) throw new AppError('exceptions.user.totpNotEnrolled');
  return db.transaction().execute(async (trx) => {
    const recoveryCodes = await issueRecoveryCodes(trx, userId, passwordCost);
    await audit(trx, {
      tenantId: user.tenant_id,
      actor: { userId, name: user.email },
      action: 'user.recoveryCodesRenewed',
      targetType: 'user',
      targetId: userId,
      ...(ip ? { ip } : {}),
    });
    return { recoveryCodes };
  });
}
