/** Every scope an API key can carry: the spec's table, plus the account, balance and conversion operations. */
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
] as const;

/** One permission of an API key. */
export type Scope = (typeof SCOPES)[number];

/** `*` grants every scope. */
export const ALL_SCOPES = '*';

export function hasScope(granted: readonly string[], needed: Scope): boolean {
  return granted.includes(ALL_SCOPES) || granted.includes(needed);
}
