/**
 * The payout policy over a batch of withdrawals: each item on its own (the address book, the
 * per-withdrawal limit), reported item by item; the batch as a whole (the tenant's and the key's
 * rolling 24 hours, and the approvals) by its total, since a batch is one decision to pay.
 */
import { sql } from 'kysely';
import { addressKey } from '../../chains/address-validation.ts';
import type { Executor } from '../../lib/db/index.ts';
import { AppError, type ErrorCode } from '../../lib/errors.ts';
import { networkOf, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { approvalsNeeded, checkDaily, checkPerWithdrawal } from './enforce.ts';
import type { Policy } from './policy.ts';
import { usdCents } from './usd.ts';

/** One item of a batch as the policy sees it, with its place in the request. */
export interface BatchPayoutItem {
  index: number;
  currency: CurrencyDef;
  address: string;
  /** What the item debits (amount and fee), in the currency's atomic units. */
  totalUnits: bigint;
  /** The currency's US dollar price per whole unit, as quoted. */
  usdPrice: string;
}

/** Why one item of a batch was refused: its place in the request and the error it would have had alone. */
export interface RowError {
  index: number;
  code: ErrorCode;
  message: string;
  extension?: Record<string, unknown>;
}

export function rowError(index: number, err: AppError): RowError {
  return { index, code: err.code, message: err.message, ...(err.extension ? { extension: err.extension } : {}) };
}

/**
 * Each item against the address book and the per-withdrawal limit (its refusals as row errors), and
 * what the whole batch is worth in US cents (each item rounded up, as it would be alone).
 */
export async function checkBatchItems(
  db: Executor,
  tenantId: string,
  policy: Policy,
  items: BatchPayoutItem[],
): Promise<{ errors: RowError[]; totalCents: bigint }> {
  const book = policy.allowlistOnly ? await addressBook(db, tenantId, items) : null;
  const errors: RowError[] = [];
  let totalCents = 0n;
  for (const item of items) {
    const cents = usdCents(item.totalUnits, item.currency.decimals, item.usdPrice);
    totalCents += cents;
    try {
      if (book) allowlisted(book, item);
      checkPerWithdrawal(policy, cents);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push(rowError(item.index, err));
    }
  }
  return { errors, totalCents };
}

/** The batch's total against the daily limits (thrown: 403 limitExceeded), and the approvals it needs. */
export async function checkBatchTotal(
  db: Executor,
  policy: Policy,
  who: { tenantId: string; keyId: string | null },
  totalCents: bigint,
  operatorAboveUsdCents: bigint | null,
) {
  await checkDaily(db, policy, who, totalCents);
  return approvalsNeeded(policy, operatorAboveUsdCents, totalCents, who.keyId);
}

type Book = Map<string, { activeAt: Date; active: boolean }>;
const bookKey = (currencyCode: string, key: string) => `${currencyCode}|${key}`;

/** The tenant's live address-book entries for the batch's destinations, in one query. */
async function addressBook(db: Executor, tenantId: string, items: BatchPayoutItem[]): Promise<Book> {
  const keys = [...new Set(items.map((i) => addressKey(networkOf(i.currency).env, i.address)))];
  const rows = await db
    .selectFrom('payout_addresses')
    .select(['currency_code', 'address_key', 'active_at', sql<boolean>`active_at <= now()`.as('active')])
    .where('tenant_id', '=', tenantId)
    .where('address_key', 'in', keys)
    .where('removed_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [bookKey(r.currency_code, r.address_key), { activeAt: r.active_at, active: r.active }]));
}

function allowlisted(book: Book, item: BatchPayoutItem): void {
  const entry = book.get(bookKey(item.currency.code, addressKey(networkOf(item.currency).env, item.address)));
  const detail = { address: item.address, cryptoCurrencyCode: item.currency.code };
  if (!entry) throw new AppError('exceptions.withdrawal.addressNotAllowed', detail);
  if (!entry.active) throw new AppError('exceptions.withdrawal.addressNotAllowed', { ...detail, activeAt: entry.activeAt.toISOString() });
}
