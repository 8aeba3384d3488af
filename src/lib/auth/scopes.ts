import type { MerchantRole } from '../db/tables/people.ts';

/**
 * Every scope an API key can carry: the API's table, the account, balance and conversion
 * operations, and what the dashboard's people manage (keys, webhooks, users, settings, logs).
 */
export const SCOPES = [
  'currencies.list',
  'invoices.create',
  'invoices.list',
  'invoices.cancel',
  'deposits.create',
  'deposits.list',
  'withdrawals.create',
  'withdrawals.list',
  'x402.verify',
  'x402.settle',
  'x402.list',
  'x402.resources.manage',
  'addressProvision.list',
  'addressProvision.create',
  'accounts.list',
  'accounts.create',
  'balances.list',
  'converting.create',
  'converting.list',
  'apiKeys.list',
  'apiKeys.manage',
  'webhooks.list',
  'webhooks.manage',
  'requestLog.list',
  'users.list',
  'users.manage',
  'settings.manage',
  'audit.list',
  'payouts.list',
  'payouts.manage',
  'payoutPolicy.manage',
] as const;

/** One permission of an API key. */
export type Scope = (typeof SCOPES)[number];

/** `*` grants every scope. */
export const ALL_SCOPES = '*';

export function hasScope(granted: readonly string[], needed: Scope): boolean {
  return granted.includes(ALL_SCOPES) || granted.includes(needed);
}

/** What every merchant user may do: read. */
const READS: Scope[] = SCOPES.filter((s) => s.endsWith('.list') && s !== 'audit.list');

/**
 * A signed-in merchant user's role, as the scopes an API key would carry: a session is checked by
 * the same hook as a key. Owners may do everything (users, settings, the audit log included).
 */
export const ROLE_SCOPES: Record<MerchantRole, readonly string[]> = {
  owner: [ALL_SCOPES],
  finance: [...READS, 'withdrawals.create', 'converting.create', 'payouts.manage'],
  developer: [...READS, 'apiKeys.manage', 'webhooks.manage', 'x402.resources.manage'],
  viewer: READS,
};

/** Whether `granted` covers every scope of `wanted` (a principal cannot hand out more than it holds). */
export function coversScopes(granted: readonly string[], wanted: readonly string[]): boolean {
  if (granted.includes(ALL_SCOPES)) return true;
  return !wanted.includes(ALL_SCOPES) && wanted.every((s) => granted.includes(s));
}

/** The scopes of `wanted` that `granted` does not cover (`*` when `wanted` asks for every scope). */
export function missingScopes(granted: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((s) => !coversScopes(granted, [s]));
}

/** Scopes that move money out of a balance: withdrawals (refunds included) and conversions. */
export const MONEY_SCOPES = ['withdrawals.create', 'converting.create'] as const satisfies readonly Scope[];

/**
 * Scopes that hand out or redirect rights: keys (a new key), people (a new user or role), the
 * tenant's settings, webhooks (where events go and the secret that makes a receiver believe them),
 * and the payout address book and policy (where money may go).
 */
export const RIGHTS_SCOPES = [
  'apiKeys.manage',
  'users.manage',
  'settings.manage',
  'webhooks.manage',
  'payouts.manage',
  'payoutPolicy.manage',
] as const satisfies readonly Scope[];

/**
 * The one list of what a session whose user enrolled two-factor authentication confirms with a
 * fresh code (step-up): handing out a key or a role that carries any of these scopes (or `*`).
 * Money moves and the rights-changing calls themselves carry `config.stepUp` on their routes.
 */
export const STEP_UP_SCOPES: readonly Scope[] = [...MONEY_SCOPES, ...RIGHTS_SCOPES];

/** Whether handing out `scopes` (a new key's, a role's) needs step-up: `*`, or any scope of STEP_UP_SCOPES. */
export function grantNeedsStepUp(scopes: readonly string[]): boolean {
  return scopes.includes(ALL_SCOPES) || scopes.some((s) => (STEP_UP_SCOPES as readonly string[]).includes(s));
}
