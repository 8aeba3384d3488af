import type { MerchantRole } from '../db/tables/people.ts';

/**
 * Every scope an API key can carry: the spec's table, the account, balance and conversion
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
  finance: [...READS, 'withdrawals.create', 'converting.create'],
  developer: [...READS, 'apiKeys.manage', 'webhooks.manage'],
  viewer: READS,
};

/** Whether `granted` covers every scope of `wanted` (a principal cannot hand out more than it holds). */
export function coversScopes(granted: readonly string[], wanted: readonly string[]): boolean {
  if (granted.includes(ALL_SCOPES)) return true;
  return !wanted.includes(ALL_SCOPES) && wanted.every((s) => granted.includes(s));
}
