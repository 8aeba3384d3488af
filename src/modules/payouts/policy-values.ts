// A payout policy as values (policy.ts stores and changes it): its fields, the default, a stored
// row read into one, which changes loosen it, and its JSON, as stored and as the API writes it.
import type { Selectable } from 'kysely';
import type { PayoutPoliciesTable } from '../../lib/db/schema.ts';
import type { JsonDecimal } from '../../lib/money.ts';
import { centsOfColumn, columnOfCents, jsonOfCents } from './usd.ts';

/** The policy in force; limits in US cents, null for none. */
export interface Policy {
  allowlistOnly: boolean;
  newAddressDelayHours: number;
  maxPerWithdrawalUsd: bigint | null;
  maxPerDayUsd: bigint | null;
  /** The same rolling 24 hours for what each API key commits on its own. */
  maxPerDayPerKeyUsd: bigint | null;
  approvalAboveUsd: bigint | null;
  approvalForApiKeys: boolean;
}

/** A change a request asks for: only the fields it names. */
export type PolicyChange = Partial<Policy>;

/** No row: behaviour as without governance (no allowlist, no limits, no approvals). */
export const DEFAULT_POLICY: Policy = {
  allowlistOnly: false,
  newAddressDelayHours: 24,
  maxPerWithdrawalUsd: null,
  maxPerDayUsd: null,
  maxPerDayPerKeyUsd: null,
  approvalAboveUsd: null,
  approvalForApiKeys: false,
};

/** The policy's limits in US dollars (null: none). */
export const LIMITS = ['maxPerWithdrawalUsd', 'maxPerDayUsd', 'maxPerDayPerKeyUsd', 'approvalAboveUsd'] as const;

/** A stored row as a policy (no row: the default). */
export function policyOf(row: Selectable<PayoutPoliciesTable> | undefined): Policy {
  if (!row) return { ...DEFAULT_POLICY };
  const cents = (v: string | null) => (v === null ? null : centsOfColumn(v));
  return {
    allowlistOnly: row.allowlist_only,
    newAddressDelayHours: row.new_address_delay_hours,
    maxPerWithdrawalUsd: cents(row.max_per_withdrawal_usd),
    maxPerDayUsd: cents(row.max_per_day_usd),
    maxPerDayPerKeyUsd: cents(row.max_per_day_per_key_usd),
    approvalAboveUsd: cents(row.approval_above_usd),
    approvalForApiKeys: row.approval_for_api_keys,
  };
}

/** Whether setting `field` to `value` opens the door wider than `current` (a limit raised or cleared, a check switched off, a shorter delay). */
function loosens(current: Policy, field: keyof Policy, value: Policy[keyof Policy]): boolean {
  if (field === 'allowlistOnly' || field === 'approvalForApiKeys') return current[field] && value === false;
  if (field === 'newAddressDelayHours') return (value as number) < current.newAddressDelayHours;
  const now = current[field];
  return now !== null && (value === null || (value as bigint) > now);
}

/** Splits a change into what applies now and what must wait. */
export function splitChange(current: Policy, change: PolicyChange): { now: PolicyChange; later: PolicyChange } {
  const now: PolicyChange = {};
  const later: PolicyChange = {};
  for (const [field, value] of Object.entries(change) as [keyof Policy, Policy[keyof Policy]][]) {
    if (value === undefined || value === current[field]) continue;
    Object.assign(loosens(current, field, value) ? later : now, { [field]: value });
  }
  return { now, later };
}

/** A change as JSON (cents as decimal strings) and back. */
export function changeToJson(change: PolicyChange): Record<string, unknown> {
  const out: Record<string, unknown> = { ...change };
  for (const f of LIMITS) {
    const cents = change[f];
    if (cents !== undefined) out[f] = cents === null ? null : columnOfCents(cents);
  }
  return out;
}
export function changeFromJson(json: Record<string, unknown>): PolicyChange {
  const out = { ...json } as PolicyChange & Record<string, unknown>;
  for (const f of LIMITS) if (json[f] !== undefined) out[f] = json[f] === null ? null : centsOfColumn(String(json[f]));
  return out;
}

/** The policy as the API writes it: limits as exact JSON numbers of dollars. */
export interface PolicyJson {
  allowlistOnly: boolean;
  newAddressDelayHours: number;
  maxPerWithdrawalUsd: JsonDecimal | null;
  maxPerDayUsd: JsonDecimal | null;
  maxPerDayPerKeyUsd: JsonDecimal | null;
  approvalAboveUsd: JsonDecimal | null;
  approvalForApiKeys: boolean;
}

/** A change (only its fields) as the API writes it. */
export function changeJson(change: PolicyChange): Partial<PolicyJson> {
  const out: Partial<PolicyJson> = {};
  for (const [k, v] of Object.entries(change) as [keyof Policy, Policy[keyof Policy] | undefined][]) {
    if (v === undefined) continue;
    Object.assign(out, { [k]: (LIMITS as readonly string[]).includes(k) && v !== null ? jsonOfCents(v as bigint) : v });
  }
  return out;
}

/** The whole policy as the API writes it. */
export function policyJson(policy: Policy): PolicyJson {
  return changeJson(policy) as PolicyJson;
}
