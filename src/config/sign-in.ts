/** How sign-ins are limited and dashboard passwords hashed. */
import { boundedInt, rateLimit, type RateLimitSetting } from './env.ts';

export interface SignInSettings {
  /** Failed admin authentications one IP may make per window before it is refused with 429. */
  adminAuthFailures: RateLimitSetting;
  /** Failed dashboard sign-ins per (email, address) pair and per address (and second-factor codes per user) per window before 429. */
  loginFailures: RateLimitSetting;
  /** log2 of scrypt's N for new password hashes (recovery codes: one less). */
  passwordHashCost: number;
}

export function signInSettings(env: NodeJS.ProcessEnv): SignInSettings {
  return {
    adminAuthFailures: rateLimit(env, 'ADMIN_AUTH_FAILURES'),
    loginFailures: rateLimit(env, 'LOGIN_FAILURES'),
    passwordHashCost: boundedInt(env, 'PASSWORD_HASH_COST', 12, 20),
  };
}
