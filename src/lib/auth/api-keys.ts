import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix that makes a leaked key recognisable to secret scanners. */
export const API_KEY_PREFIX = 'cgk_';

/** A fresh API key: 32 random bytes, base64url, behind the prefix. Shown once, never stored. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored: the SHA-256 of the key, hex. A key of 256 random bits needs no slow hash. */
export function hashApiKey(key: string): string {
  // One-shot: no Hash object per request (the same digest as createHash(...).update(key, 'utf8')).
  return hash('sha256', key, 'hex');
}

/** The first characters of a key, kept so operators can tell keys apart. */
export function keyStart(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 6);
}

/** Constant-time comparison of two secrets of any length (compares their digests). */
export function secretsEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}

/** A webhook signing secret: 32 random bytes as 64 lowercase hex characters. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}
