import { readFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import { setting, settingDefault } from './settings.ts';

/**
 * Typed readers of environment variables: each refuses a malformed value with a ConfigError naming
 * it, and takes an unset variable's default from settings.ts, where every default is written once.
 */
export class ConfigError extends Error {}

export { setting } from './settings.ts';

export interface RateLimitSetting {
  points: number;
  seconds: number;
}

/** A setting that has a default: absent only by a mistake in settings.ts. */
/** A setting that has a default (settings.ts), so it is never unset. */
export function required(env: NodeJS.ProcessEnv, name: string): string {
  const raw = setting(env, name);
  if (raw === undefined) throw noDefault(name);
  return raw;
}

/** A setting read as required is missing its default: a programming error. */
function noDefault(name: string): Error {
  return new Error(`${name} has no default in src/config/settings.ts`);
}

/** A whole number, or undefined when it is unset and has no default. */
export function optionalInt(env: NodeJS.ProcessEnv, name: string, min = 0): number | undefined {
  const raw = setting(env, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min) throw new ConfigError(`${name} must be at least ${min}`);
  return value;
}

export function int(env: NodeJS.ProcessEnv, name: string, min = 0): number {
  const value = optionalInt(env, name, min);
  if (value === undefined) throw noDefault(name);
  return value;
}

/** A whole number within [min, max]. */
export function boundedInt(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number {
  const value = int(env, name, min);
  if (value > max) throw new ConfigError(`${name} must be at most ${max}`);
  return value;
}

export function bool(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = required(env, name);
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** Comma-separated IP addresses or CIDRs (IPv4 or IPv6). */
export function cidrList(name: string, raw: string): string[] {
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const valid = entry.includes('/') ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry);
    if (!valid) throw new ConfigError(`${name} must list IP addresses or CIDRs separated by commas, got "${entry}"`);
  }
  return entries;
}

/**
 * A secret from `NAME` or, better, from the file named by `NAME_FILE` (a mounted secret: it stays
 * out of the process environment and its listings).
 */
export function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  settingDefault(name);
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      return readFileSync(file, 'utf8').trim() || undefined;
    } catch (err) {
      throw new ConfigError(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return env[name] || undefined;
}

/** A whole number that may exceed 2^53 (wei, gas). */
/** The value of a setting that has a default (settings.ts), read by one of the readers here. */
export function defaulted<T>(value: T | undefined | null, name: string): T {
  if (value === undefined || value === null) throw noDefault(name);
  return value;
}

/** A wei amount of a setting that has a default. */
export function requiredWei(env: NodeJS.ProcessEnv, name: string): bigint {
  const value = wei(env, name);
  if (value === null) throw noDefault(name);
  return value;
}

export function wei(env: NodeJS.ProcessEnv, name: string): bigint | null {
  const raw = setting(env, name);
  if (raw === undefined) return null;
  if (!/^\d{1,78}$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return BigInt(raw.trim());
}

/**
 * A positive decimal amount read exactly into units of `decimals` places (`"1.5"` gwei with 9 →
 * 1500000000 wei); more places than that, or anything not a decimal, is a configuration error.
 */
export function decimalUnits(env: NodeJS.ProcessEnv, name: string, decimals: number): bigint | undefined {
  const raw = setting(env, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const m = /^(\d{1,30})(?:\.(\d+))?$/.exec(raw);
  if (!m || (m[2] ?? '').length > decimals)
    throw new ConfigError(`${name} must be a positive decimal with at most ${decimals} decimals, got "${raw}"`);
  const units = BigInt((m[1] ?? '') + (m[2] ?? '').padEnd(decimals, '0'));
  if (units <= 0n) throw new ConfigError(`${name} must be above zero, got "${raw}"`);
  return units;
}

/** A US dollar amount (`"0.5"`, `"0"`) read exactly into cents; more than two decimals is a configuration error. */
export function cents(env: NodeJS.ProcessEnv, name: string): bigint {
  const value = optionalCents(env, name);
  if (value === undefined) throw noDefault(name);
  return value;
}

/** A US dollar amount in cents, or undefined when it is unset and has no default. */
export function optionalCents(env: NodeJS.ProcessEnv, name: string): bigint | undefined {
  const raw = setting(env, name)?.trim();
  if (raw === undefined) return undefined;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(raw);
  if (!m) throw new ConfigError(`${name} must be a US dollar amount with at most 2 decimals, got "${raw}"`);
  return BigInt((m[1] ?? '') + (m[2] ?? '').padEnd(2, '0'));
}

/** A decimal rate in [0, 1) with at most 6 decimals. */
export function fraction(env: NodeJS.ProcessEnv, name: string): string {
  const raw = required(env, name);
  if (!/^0(\.\d{1,6})?$/.test(raw.trim()))
    throw new ConfigError(`${name} must be a decimal between 0 and 1 with at most 6 decimals, got "${raw}"`);
  return raw.trim();
}

export function parseRateLimit(raw: string, name = 'RATE_LIMIT'): RateLimitSetting {
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!match) throw new ConfigError(`${name} must look like <points>/<seconds>, got "${raw}"`);
  const points = Number(match[1]);
  const seconds = Number(match[2]);
  if (points < 1 || seconds < 1) throw new ConfigError(`${name} points and seconds must be positive`);
  return { points, seconds };
}

/** A rate limit setting (`<points>/<seconds>`). */
export function rateLimit(env: NodeJS.ProcessEnv, name: string): RateLimitSetting {
  return parseRateLimit(required(env, name), name);
}

export function httpUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = setting(env, name);
  if (!raw) return undefined;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** An operator token shorter than this could be guessed; a generated one has 43 characters. */
const ADMIN_TOKEN_MIN_LENGTH = 32;

/** ADMIN_TOKEN, refused when it is short enough to guess. */
export function adminToken(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.length < ADMIN_TOKEN_MIN_LENGTH) {
    throw new ConfigError(
      `ADMIN_TOKEN must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters, got ${raw.length} (unset it to have one generated)`,
    );
  }
  return raw;
}
