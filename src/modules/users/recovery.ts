/**
 * Recovery codes of two-factor authentication: ten single-use codes, made when it is
 * switched on (and again on request), shown once. Each is 12 characters of Crockford base32 (60
 * random bits), written `xxxx-xxxx-xxxx`; read back without case, spaces or dashes, with o for 0
 * and i or l for 1. Only their scrypt keys are stored (memory-hard: N=2^(PASSWORD_HASH_COST - 1),
 * r=8, p=1, the cost kept with the set), all codes of a set under one salt, so a sign-in derives one
 * key and spends the code it names in one UPDATE.
 */
import { randomBytes, scrypt } from 'node:crypto';
import type { Executor } from '../../lib/db/index.ts';
import { now } from '../../lib/db/index.ts';

/** How many codes a set has. */
export const RECOVERY_CODES = 10;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 12;

/** A new code as the user reads it: `7k2m-q9xd-4hb0`. */
function newCode(): string {
  const bytes = randomBytes(LENGTH);
  const text = Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8)}`;
}

/** The code as stored and compared, or null when it cannot be one (a TOTP code, a typo of length). */
export function normalizeRecoveryCode(input: string): string | null {
  const text = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return text.length === LENGTH && [...text].every((c) => ALPHABET.includes(c)) ? text : null;
}

function keyOf(code: string, salt: string, log2N: number): Promise<string> {
  const cost = { N: 2 ** log2N, r: 8, p: 1 };
  return new Promise((resolve, reject) => {
    scrypt(code, Buffer.from(salt, 'base64'), 32, { ...cost, maxmem: 256 * cost.N * cost.r }, (err, key) =>
      err ? reject(err) : resolve(key.toString('base64')),
    );
  });
}

/**
 * A new set for the user, replacing any before (used or not): the codes as the user is to keep
 * them, returned once. Run inside the transaction that switches two-factor on or renews the set.
 * `passwordCost` is PASSWORD_HASH_COST: a code, random and single use, takes half a password's work.
 */
export async function issueRecoveryCodes(db: Executor, userId: string, passwordCost: number): Promise<string[]> {
  const salt = randomBytes(16).toString('base64');
  const log2n = passwordCost - 1;
  const codes = Array.from({ length: RECOVERY_CODES }, newCode);
  const keys = await Promise.all(
    codes.map((c) => {
      const normal = normalizeRecoveryCode(c);
      if (!normal) throw new Error('a new recovery code does not read as one');
      return keyOf(normal, salt, log2n);
    }),
  );
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(keys.map((code_hash) => ({ user_id: userId, code_hash, salt, log2n })))
    .execute();
  return codes;
}

/** The user's codes not used yet (0 without two-factor). */
export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Spends one of the user's codes: true when `input` is one not used yet. The conditional UPDATE
 * makes it single use, also when two sign-ins race with it; another user's code is no code here.
 */
export async function spendRecoveryCode(db: Executor, userId: string, input: string): Promise<boolean> {
  const code = normalizeRecoveryCode(input);
  const set = await db
    .selectFrom('user_recovery_codes')
    .select(['salt', 'log2n'])
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  if (!code || !set) return false;
  const spent = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', await keyOf(code, set.salt, set.log2n))
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return spent !== undefined;
}

/** Ends the user's codes (two-factor switched off, the user removed). */
export async function dropRecoveryCodes(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
}
