/** RFC 6238 one-time codes (SHA-1, 6 digits, 30 s): the second factor of dashboard users. */
import { Secret, TOTP } from 'otpauth';
import type { Executor } from '../db/index.ts';

const PERIOD_S = 30;
const ISSUER = 'cryptogate';

function totp(secret: string, label = ISSUER): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A fresh shared secret (160 bits, base32), as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app scans (as a QR code) to enrol `account`. */
export function totpUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/**
 * The time step a code is valid for, one step of clock drift either way allowed; null when the code
 * is wrong. The step is what makes a code single-use (see acceptTotpCode).
 */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const t = totp(secret);
  const delta = t.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : t.counter({ timestamp }) + delta;
}

/**
 * Accepts a code at most once: the user's last accepted step moves forward to the code's step in one
 * conditional UPDATE, so a replayed code (or an older one) is refused, also when two requests race.
 */
export async function acceptTotpCode(db: Executor, userId: string, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step === null) return false;
  const row = await db
    .updateTable('users')
    .set({ totp_last_step: String(step) })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
