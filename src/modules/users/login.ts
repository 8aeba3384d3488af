/**
 * Sign-in: email and password (and the authenticator's code once two-factor authentication is on,
 * or one of the user's recovery codes, spent and audited).
 * Attempts are throttled per (email, address) pair and per address (throttle.ts): a key that kept
 * failing waits longer before each attempt, then is refused with 429 until its window ends, a right
 * password included; the same password from another address is not held back. An unknown email
 * costs the same password check as a known one and gets the same answer.
 */
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { acceptTotpCode } from '../../lib/auth/totp.ts';
import { audit } from '../audit/service.ts';
import { spendPasswordCheck, verifyPassword } from './passwords.ts';
import { normalizeEmail, userByEmail, type SignedIn } from './service.ts';
import { signInKeys, type LoginThrottle } from './throttle.ts';
import { recoveryCodesLeft, spendRecoveryCode } from './recovery.ts';

export interface LoginInput {
  email: string;
  password: string;
  totpCode?: string;
  /** Instead of totpCode: one of the user's recovery codes, spent by this sign-in. */
  recoveryCode?: string;
}

/**
 * Checks the credentials; throws 401 (invalidCredentials, secondFactorRequired, invalidSecondFactor),
 * 403 tenantSuspended (right password, suspended tenant) or 429.
 */
export async function checkLogin(db: Db, throttle: LoginThrottle, input: LoginInput, ip: string, passwordCost: number): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  const keys = signInKeys(email, ip);
  await throttle.attempt(keys);
  const user = await userByEmail(db, email);
  const hash = user && !user.disabled_at ? user.password_hash : null;
  let ok = false;
  if (hash) ok = await verifyPassword(input.password, hash);
  else await spendPasswordCheck(input.password, passwordCost);
  // Attempts on unknown emails are not logged: anyone could fill the log with them.
  const logFailure = async (reason: string) =>
    user &&
    audit(db, {
      tenantId: user.tenant_id,
      actor: { userId: user.id, name: user.email },
      action: 'session.signInFailed',
      targetType: 'user',
      targetId: user.id,
      detail: { reason },
      ip,
    });
  if (!user || !ok) {
    await logFailure('password');
    throw new AppError('exceptions.auth.invalidCredentials');
  }
  await throttle.cleared(keys);
  // Told only to whoever knows the password; not a failure to count.
  if (user.tenant_suspended) throw new AppError('exceptions.auth.tenantSuspended');
  if (user.totp_enabled_at && user.totp_secret) {
    if (!input.totpCode && !input.recoveryCode) throw new AppError('exceptions.auth.secondFactorRequired');
    const recovery = !input.totpCode;
    // One of the two is given (checked above): a TOTP code when there is one, else the recovery code.
    const ok = input.totpCode
      ? await acceptTotpCode(db, user.id, user.totp_secret, input.totpCode)
      : input.recoveryCode
        ? await spendRecoveryCode(db, user.id, input.recoveryCode)
        : false;
    if (!ok) {
      await throttle.failed(keys);
      await logFailure(recovery ? 'recoveryCode' : 'secondFactor');
      throw recovery
        ? new AppError('exceptions.auth.invalidSecondFactor', { recoveryCode: true }, 'The recovery code is wrong or was already used')
        : new AppError('exceptions.auth.invalidSecondFactor');
    }
    if (recovery) {
      const detail = { left: await recoveryCodesLeft(db, user.id) };
      await audit(db, {
        tenantId: user.tenant_id,
        actor: { userId: user.id, name: user.email },
        action: 'user.recoveryCodeUsed',
        targetType: 'user',
        targetId: user.id,
        detail,
        ip,
      });
    }
  }
  return { userId: user.id, email: user.email, tenantId: user.tenant_id };
}
