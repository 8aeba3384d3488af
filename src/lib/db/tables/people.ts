/** The people who sign in, their sessions, the audit log and the tenant's request log. */
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.ts';

/**
 * The operators' roles (no tenant): `operator` may do everything (an operator admin),
 * `operatorOperations` runs the withdrawal queue, redeliveries and tenants' operational settings,
 * `operatorSupport` helps tenants' users, `operatorAuditor` reads everything and changes nothing.
 */
export const OPERATOR_ROLES = ['operator', 'operatorOperations', 'operatorSupport', 'operatorAuditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A user's role: a merchant role within its tenant, or an operator's (no tenant). */
export const USER_ROLES = ['owner', 'finance', 'developer', 'viewer', ...OPERATOR_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type MerchantRole = Exclude<UserRole, OperatorRole>;

export function isOperatorRole(role: string): role is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(role);
}

export interface UsersTable {
  id: string;
  tenant_id: string | null;
  email: string;
  role: UserRole;
  password_hash: string | null;
  invite_hash: string | null;
  invite_expires_at: NullableTimestamp;
  totp_secret: string | null;
  totp_enabled_at: NullableTimestamp;
  /** The last RFC 6238 time step a code was accepted for (a code is never accepted twice). */
  totp_last_step: string | null;
  disabled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A two-factor recovery code of a user (migration 0048): single use, stored as its scrypt key. */
export interface UserRecoveryCodesTable {
  user_id: string;
  /** scrypt of the normalised code under the set's salt (base64). */
  code_hash: string;
  /** The salt of the set the code belongs to (base64), the same for every code of the set. */
  salt: string;
  /** log2 of scrypt's N the set was hashed with. */
  log2n: Generated<number>;
  used_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

/** A password reset link an operator issued (migration 0049): single use, an hour, stored as the SHA-256 of its token. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  /** Who issued it, as the audit log names them. */
  created_by: string;
  created_at: Generated<Timestamp>;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  tenant_id: string | null;
  actor_user_id: string | null;
  actor_key_id: string | null;
  /** Who, as people read it: an email, `api key cg_…`, or `operator token`. */
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: Generated<unknown>;
  ip: string | null;
  created_at: Timestamp;
}

export interface RequestLogTable {
  id: Generated<string>;
  tenant_id: string;
  account_id: string | null;
  actor: string;
  method: string;
  path: string;
  status: number;
  latency_ms: string;
  request_id: string;
  error_code: string | null;
  created_at: Timestamp;
  /** The API key that called (migration 0051); null for a signed-in user. */
  api_key_id: Generated<string | null>;
  /** First 4 KB of the request and response bodies of an API call, secrets redacted; null when none is kept. */
  request_body: Generated<string | null>;
  response_body: Generated<string | null>;
}

/** Sign-in failures of one (email, address) pair or one address within its window (modules/users/throttle.ts). */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_ends_at: Timestamp;
  next_attempt_at: Timestamp;
  refused: Generated<boolean>;
}
