/**
 * Passwords: scrypt (memory-hard; N=2^15, r=8, p=1, 16-byte salt), stored as
 * `scrypt$N$r$p$salt$hash` (base64) so the cost can rise later without invalidating old hashes,
 * and compared in constant time. scrypt runs on libuv's thread pool, off the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';

const KEY_LENGTH = 32;
const COST = { N: 2 ** 15, r: 8, p: 1 };
/** The largest N a stored hash may ask for: a bound on the memory one check can take. */
const MAX_N = 2 ** 20;
/** Least length of a new password (NIST SP 800-63B asks for 8; we ask a little more). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The stored form of a new password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` matches a stored hash; a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !hash || !(cost.N > 1 && cost.N <= MAX_N) || !(cost.r >= 1 && cost.r <= 32) || !(cost.p >= 1 && cost.p <= 16)) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), cost);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/** Makes the hash spendPasswordCheck checks against ahead of the first sign-in (else that one costs two). */
export function warmPasswordCheck(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummy;
}

/**
 * Spends one check's worth of work for a sign-in that has no hash to check (unknown email, invited
 * user), so the answer's timing does not tell whether the account exists.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, await warmPasswordCheck());
}

/** A new password must be long enough and not the email itself; else 400 passwordTooWeak. */
export function checkNewPassword(password: string, email: string): void {
  const lower = password.toLowerCase();
  if ([...password].length < MIN_PASSWORD_LENGTH || lower === email.toLowerCase() || lower === email.split('@')[0]!.toLowerCase()) {
    throw new AppError('exceptions.user.passwordTooWeak');
  }
}

/** A random password for a first-start user (16 characters of base64url: 96 bits). */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
