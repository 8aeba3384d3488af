/**
 * Passwords: scrypt (memory-hard; N=2^PASSWORD_HASH_COST, 2^15 by default, r=8, p=1, 16-byte salt),
 * stored as `scrypt$N$r$p$salt$hash` (base64) so the cost can rise later without invalidating old
 * hashes, and compared in constant time. scrypt runs on libuv's thread pool, off the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { TranslationKeys } from '@zxcvbn-ts/core';
import { AppError } from '../../lib/errors.ts';

const KEY_LENGTH = 32;
/** scrypt's parameters for a cost of `log2N` (PASSWORD_HASH_COST). */
const costOf = (log2N: number) => ({ N: 2 ** log2N, r: 8, p: 1 });
/** The largest N a stored hash may ask for: a bound on the memory one check can take. */
const MAX_N = 2 ** 20;
/** Least length of a new password (NIST SP 800-63B asks for 8; a dashboard that moves money asks more). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The stored form of a new password, at the installation's cost (log2 of scrypt's N). */
export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const cost = costOf(log2N);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` matches a stored hash; a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (
    scheme !== 'scrypt' ||
    !salt ||
    !hash ||
    !(cost.N > 1 && cost.N <= MAX_N) ||
    !(cost.r >= 1 && cost.r <= 32) ||
    !(cost.p >= 1 && cost.p <= 16)
  )
    return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), cost);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password per cost, for spendPasswordCheck. */
const dummies = new Map<number, Promise<string>>();

/** Makes the hash spendPasswordCheck checks against ahead of the first sign-in (else that one costs two). */
export function warmPasswordCheck(log2N: number): Promise<string> {
  let dummy = dummies.get(log2N);
  if (!dummy) dummies.set(log2N, (dummy = hashPassword(randomBytes(16).toString('base64url'), log2N)));
  return dummy;
}

/**
 * Spends one check's worth of work for a sign-in that has no hash to check (unknown email, invited
 * user), so the answer's timing does not tell whether the account exists.
 */
export async function spendPasswordCheck(password: string, log2N: number): Promise<void> {
  await verifyPassword(password, await warmPasswordCheck(log2N));
}

/**
 * The strength a new password must show in zxcvbn's estimate (0-4): 3 is some 10^8 guesses or more
 * against its common passwords, keyboard patterns, repeats, sequences, dates and the user's own
 * email, well out of an online attacker's reach and slow through scrypt offline.
 */
const MIN_SCORE = 3;
/**
 * Characters of a password the estimate reads: its matching grows with the square of the length
 * (a 200-character one took 35-135 ms of the event loop), and 64 characters that pass are strong
 * whatever follows them.
 */
const ESTIMATED_LENGTH = 64;

type Estimator = {
  check(password: string, userInputs?: string[]): { score: number; feedback: { warning: string | null; suggestions: string[] } };
};
let estimator: Promise<Estimator> | undefined;
/** language-en's feedback texts alone: its index would also load its English dictionaries (some 20 MB). */
const ENGLISH_FEEDBACK = '@zxcvbn-ts/language-en/dist/translations.mjs';

/**
 * zxcvbn-ts with its common passwords and keyboard layouts, and English feedback. Loaded on the
 * first password set, not at start (some 0.35 s of CPU and 8 MB that most instances never need),
 * and kept: a later check takes a few milliseconds.
 */
function strengthEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import(ENGLISH_FEEDBACK) as Promise<{ default: TranslationKeys }>,
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        translations: en.default,
        maxLength: ESTIMATED_LENGTH,
      }),
  );
  estimator.catch(() => (estimator = undefined));
  return estimator;
}

function tooWeak(
  reason: string,
  feedback: { warning: string | null; suggestions: string[] } = { warning: null, suggestions: [] },
): AppError {
  const advice = [feedback.warning, ...feedback.suggestions].filter((t): t is string => !!t);
  return new AppError(
    'exceptions.user.passwordTooWeak',
    { minLength: MIN_PASSWORD_LENGTH, reason, ...(advice.length ? { advice } : {}) },
    [reason, ...advice].join(' '),
  );
}

/**
 * A new password must have at least 12 characters and be hard to guess by zxcvbn's estimate, which
 * knows the user's email; else 400 passwordTooWeak, whose message says why and what would help.
 */
export async function checkNewPassword(password: string, email: string): Promise<void> {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw tooWeak(`Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const known = [email.toLowerCase(), local, ...local.split(/[._+-]/), ...domain.split('.'), 'cryptogate'].filter((w) => w.length >= 3);
  const result = (await strengthEstimator()).check(password, known);
  if (result.score < MIN_SCORE) throw tooWeak('This password is too easy to guess.', result.feedback);
}

/** A random password for a first-start user (16 characters of base64url: 96 bits). */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
