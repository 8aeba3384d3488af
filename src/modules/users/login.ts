/**
 * Sign-in: email and password (and the authenticator's code once two-factor authentication is on).
 * Failures are counted per email and per IP; over budget every attempt is refused with 429 until the
 * window ends, a right one included. An unknown email costs the same password check as a known one
 * and gets the same answer.
 */
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { acceptTotpCode } from '../../lib/auth/totp.ts';
import type { FailureLimiter } from '../../lib/http/rate-limit.ts';
import { audit } from '../audit/service.ts';
import { spendPasswordCheck, verifyPassword } from './passwords.ts';
import { normalizeEmail, userByEmail, type SignedIn } from './service.ts';

export interface LoginInput {
  email: string;
  password: string;
  totpCode?: string;
}

/**
 * Checks the credentials; throws 401 (invalidCredentials, secondFactorRequired, invalidSecondFactor),
 * 403 tenantSuspended (right password, suspended tenant) or 429.
 */
export async function checkLogin(db: Db, failures: FailureLimiter, input: LoginInput, ip: string): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  const budgets = [`email:${email}`, `ip:${ip}`];
  for (const who of budgets) await failures.check(who);
  const user = await userByEmail(db, email);
  const hash = user && !user.disabled_at ? user.password_hash : null;
  let ok = false;
  if (hash) ok = await verifyPassword(input.password, hash);
  else await spendPasswordCheck(input.password);
  const failed = async (reason: string) => {
    await Promise.all(budgets.map((who) => failures.fail(who)));
    // Attempts on unknown emails are not logged: anyone could fill the log with them.
    if (user) await audit(db, { tenantId: user.tenant_id, actor: { userId: user.id, name: user.email }, action: 'session.signInFailed', targetType: 'user', targetId: user.id, detail: { reason }, ip });
  };
  if (!user || !ok) {
    await failed('password');
    throw new AppError('exceptions.auth.invalidCredentials');
  }
  // Told only to whoever knows the password; not a failure to count.
  if (user.tenant_suspended) throw new AppError('exceptions.auth.tenantSuspended');
  if (user.totp_enabled_at && user.totp_secret) {
    if (!input.totpCode) throw new AppError('exceptions.auth.secondFactorRequired');
    if (!(await acceptTotpCode(db, user.id, user.totp_secret, input.totpCode))) {
      await failed('secondFactor');
      throw new AppError('exceptions.auth.invalidSecondFactor');
    }
  }
  return { userId: user.id, email: user.email, tenantId: user.tenant_id };
}
