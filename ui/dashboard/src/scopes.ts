// The scopes an API key can carry, in the order people read them. The type check fails when the
// API's list (the enum of POST /v1/api-keys) gains or loses one.
import type { RequestBody } from './api.ts';

/** A scope name as the API takes it. */
export type KeyScope = RequestBody<'post', '/v1/api-keys'>['scopes'][number];

export const SCOPES = [
  'currencies.list',
  'invoices.create',
  'invoices.list',
  'invoices.cancel',
  'deposits.create',
  'deposits.list',
  'withdrawals.create',
  'withdrawals.list',
  'converting.create',
  'converting.list',
  'balances.list',
  'accounts.list',
  'accounts.create',
  'addressProvision.list',
  'addressProvision.create',
  'x402.verify',
  'x402.settle',
  'x402.list',
  'x402.resources.manage',
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
] as const satisfies readonly KeyScope[];

/** Never anything but `never`: every scope of the API is listed above. */
export type Unlisted = Exclude<KeyScope, (typeof SCOPES)[number] | '*'>;
const complete: [Unlisted] extends [never] ? true : Unlisted = true;
void complete;
