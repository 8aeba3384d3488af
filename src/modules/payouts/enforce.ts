/**
 * The policy at a withdrawal's quote (and again at its commit): the destination must be in the
 * address book and past its delay when the allowlist is on, and what the withdrawal takes out must
 * fit the per-withdrawal and rolling 24-hour limits. Refunds go back where the money came from, so
 * the allowlist does not apply to them; the limits do.
 */
import { sql } from 'kysely';
import type { Db, Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { knownCurrency, networkOf, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { formatUnits, parseRatio } from '../../lib/money.ts';
import type { ScreeningSettings } from '../../config.ts';
import { screenerOf } from '../screening/screen.ts';
import { addressKey } from '../../chains/address-validation.ts';
import { currentPolicy, policyOf, type Policy } from './policy.ts';
import { jsonOfCents, usdCents } from './usd.ts';

export interface PayoutRequest {
  tenantId: string;
  currency: CurrencyDef;
  address: string;
  /** What the withdrawal debits (amount and fee), in the currency's atomic units. */
  totalUnits: bigint;
  /** The currency's US dollar price per whole unit, as quoted. */
  usdPrice: string;
  refund: boolean;
  /** The API key that asks (its own daily limit applies too); null for a person's session. */
  keyId: string | null;
}

/** Checks a payout against the tenant's policy; returns the policy and what the payout is worth in cents. */
export async function enforcePayoutPolicy(db: Db, p: PayoutRequest): Promise<{ policy: Policy; valueCents: bigint }> {
  const policy = await currentPolicy(db, p.tenantId);
  if (policy.allowlistOnly && !p.refund) await checkAllowlisted(db, p);
  const valueCents = await checkLimits(db, policy, p);
  return { policy, valueCents };
}

/**
 * The per-withdrawal limit, the tenant's rolling 24 hours and, for an API key, the key's own
 * (403 limitExceeded, naming the limit and what remains of it); what the payout is worth in cents.
 */
async function checkLimits(db: Executor, policy: Policy, p: PayoutRequest): Promise<bigint> {
  const valueCents = usdCents(p.totalUnits, p.currency.decimals, p.usdPrice);
  checkPerWithdrawal(policy, valueCents);
  await checkDaily(db, policy, { tenantId: p.tenantId, keyId: p.keyId }, valueCents);
  return valueCents;
}

function limitExceeded(limit: string, limitUsd: bigint, requested: bigint, remaining: bigint): AppError {
  return new AppError('exceptions.withdrawal.limitExceeded', {
    limit,
    limitUsd: jsonOfCents(limitUsd),
    requestedUsd: jsonOfCents(requested),
    remainingUsd: jsonOfCents(remaining),
  });
}

/** The per-withdrawal limit on one payout worth `valueCents`. */
export function checkPerWithdrawal(policy: Policy, valueCents: bigint): void {
  if (policy.maxPerWithdrawalUsd !== null && valueCents > policy.maxPerWithdrawalUsd)
    throw limitExceeded('maxPerWithdrawalUsd', policy.maxPerWithdrawalUsd, valueCents, policy.maxPerWithdrawalUsd);
}

/** The tenant's rolling 24 hours and, for an API key, the key's own, against `valueCents` more (a payout, or a batch's total). */
export async function checkDaily(
  db: Executor,
  policy: Policy,
  who: { tenantId: string; keyId: string | null },
  valueCents: bigint,
): Promise<void> {
  const daily: Array<['maxPerDayUsd' | 'maxPerDayPerKeyUsd', bigint | null, SpentBy]> = [
    ['maxPerDayUsd', policy.maxPerDayUsd, { tenantId: who.tenantId }],
  ];
  if (who.keyId !== null) daily.push(['maxPerDayPerKeyUsd', policy.maxPerDayPerKeyUsd, { tenantId: who.tenantId, keyId: who.keyId }]);
  for (const [limit, limitUsd, by] of daily) {
    if (limitUsd === null) continue;
    const spent = await spentLastDay(db, by);
    const remaining = limitUsd > spent ? limitUsd - spent : 0n;
    if (valueCents > remaining) throw limitExceeded(limit, limitUsd, valueCents, remaining);
  }
}

/** The destination is in the tenant's address book and past its delay (403 addressNotAllowed, with `activeAt` while it waits). */
export async function checkAllowlisted(db: Executor, p: Pick<PayoutRequest, 'tenantId' | 'currency' | 'address'>): Promise<void> {
  const entry = await db
    .selectFrom('payout_addresses')
    .select(['active_at', sql<boolean>`active_at <= now()`.as('active')])
    .where('tenant_id', '=', p.tenantId)
    .where('currency_code', '=', p.currency.code)
    .where('address_key', '=', addressKey(networkOf(p.currency).env, p.address))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!entry) throw new AppError('exceptions.withdrawal.addressNotAllowed', { address: p.address, cryptoCurrencyCode: p.currency.code });
  if (!entry.active)
    throw new AppError('exceptions.withdrawal.addressNotAllowed', {
      address: p.address,
      cryptoCurrencyCode: p.currency.code,
      activeAt: entry.active_at.toISOString(),
    });
}

/** Whose withdrawals a daily limit sums: the tenant's, or those one of its API keys committed. */
export interface SpentBy {
  tenantId: string;
  keyId?: string;
}

/**
 * What the tenant's (or one key's) withdrawals of the last 24 hours took out, in US cents at their
 * quoted prices (each currency's sum rounded up): every withdrawal but those that failed or were
 * cancelled, and the operator's refunds of held payments (paid from the hold, never from the
 * tenant's balance).
 */
export async function spentLastDay(db: Executor, by: SpentBy): Promise<bigint> {
  let q = db
    .selectFrom('withdrawals')
    .select(['currency_code', sql<string>`sum((amount + fee) * usd_price)`.as('value')])
    .where('tenant_id', '=', by.tenantId);
  if (by.keyId !== undefined) q = q.where('committed_by_key_id', '=', by.keyId);
  const rows = await q
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .where('status', 'not in', ['failed', 'cancelled'])
    .where('source', '<>', 'screeningRefund')
    .groupBy('currency_code')
    .execute();
  let cents = 0n;
  for (const r of rows) {
    const value = parseRatio(r.value);
    const den = value.den * 10n ** BigInt(knownCurrency(r.currency_code).decimals);
    cents += (value.num * 100n + den - 1n) / den;
  }
  return cents;
}

/**
 * Screens a destination (SCREENING_DENYLIST_FILE, SCREENING_URL): a denied or flagged one is
 * refused (403 addressScreened, with who decided and why); a provider that did not answer refuses
 * it too when SCREENING_FAIL is closed (503 screening.unavailable: try again).
 */
export async function checkScreening(settings: ScreeningSettings, currency: CurrencyDef, address: string, units: bigint): Promise<void> {
  const screener = screenerOf(settings);
  if (!screener.enabled) return;
  const net = networkOf(currency);
  const verdict = await screener.screen({
    network: net.env,
    apiNetwork: net.api,
    address,
    direction: 'out',
    amount: formatUnits(units, currency.decimals),
    cryptoCurrencyCode: currency.code,
  });
  if (verdict.source === 'failClosed') throw new AppError('exceptions.screening.unavailable', { reason: verdict.reason });
  if (verdict.decision !== 'allow')
    throw new AppError('exceptions.withdrawal.addressScreened', {
      address,
      decision: verdict.decision,
      source: verdict.source,
      ...(verdict.reason ? { reason: verdict.reason } : {}),
    });
}

/** The stored policy, read inside a commit's transaction (changes that came due were applied at the quote). */
export async function policyIn(trx: Executor, tenantId: string): Promise<Policy> {
  const row = await trx.selectFrom('payout_policies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  return policyOf(row);
}

/**
 * The policy again at the commit, inside its transaction (an address may have been removed, the day
 * spent, since the quote), and which approvals the withdrawal needs: the tenant's second person
 * (above approvalAboveUsd, or committed by an API key under approvalForApiKeys) and an operator
 * (above the installation's WITHDRAWAL_OPERATOR_APPROVAL_ABOVE_USD).
 */
export async function enforceAtCommit(
  trx: Executor,
  operatorAboveUsdCents: bigint | null,
  p: PayoutRequest,
): Promise<{ tenantApproval: boolean; operatorApproval: boolean }> {
  const policy = await policyIn(trx, p.tenantId);
  if (policy.allowlistOnly && !p.refund) await checkAllowlisted(trx, p);
  const valueCents = await checkLimits(trx, policy, p);
  return approvalsNeeded(policy, operatorAboveUsdCents, valueCents, p.keyId);
}

/** The approvals a payout (or a batch, by its total) worth `valueCents` needs under the policy and the installation's threshold. */
export function approvalsNeeded(
  policy: Policy,
  operatorAboveUsdCents: bigint | null,
  valueCents: bigint,
  keyId: string | null,
): { tenantApproval: boolean; operatorApproval: boolean } {
  return {
    tenantApproval:
      (policy.approvalAboveUsd !== null && valueCents > policy.approvalAboveUsd) || (policy.approvalForApiKeys && keyId !== null),
    operatorApproval: operatorAboveUsdCents !== null && valueCents > operatorAboveUsdCents,
  };
}
