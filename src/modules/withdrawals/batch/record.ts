import type { Selectable } from 'kysely';
import type { WithdrawalBatchQuotesTable, WithdrawalBatchesTable, WithdrawalStatus } from '../../../lib/db/schema.ts';
import { WITHDRAWAL_STATUSES } from '../../../lib/db/schema.ts';
import { toJsonNumber } from '../../../lib/money.ts';
import { cryptoAmount } from '../../../lib/currencies/catalogue.ts';
import type { ItemCounts } from './status.ts';

export type BatchRow = Selectable<WithdrawalBatchesTable>;
export type BatchQuoteRow = Selectable<WithdrawalBatchQuotesTable>;

/** What the items of one currency add up to, in its atomic units. */
export interface CurrencyTotal {
  currency: string;
  count: number;
  amount: bigint;
  fee: bigint;
}

/** Items summed per currency, in currency order. */
export function sumByCurrency(items: Array<{ currency_code: string; amount: string | bigint; fee: string | bigint }>): CurrencyTotal[] {
  const by = new Map<string, CurrencyTotal>();
  for (const i of items) {
    const t = by.get(i.currency_code) ?? { currency: i.currency_code, count: 0, amount: 0n, fee: 0n };
    t.count++;
    t.amount += BigInt(i.amount);
    t.fee += BigInt(i.fee);
    by.set(i.currency_code, t);
  }
  return [...by.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

/** Totals as the API writes them: per currency, what reaches the destinations, the fees, and both debited. */
export function totalsJson(totals: CurrencyTotal[]) {
  return totals.map((t) => ({
    cryptoCurrencyCode: t.currency,
    items: t.count,
    amount: toJsonNumber(cryptoAmount(t.currency, t.amount)),
    fee: toJsonNumber(cryptoAmount(t.currency, t.fee)),
    totalDeduction: toJsonNumber(cryptoAmount(t.currency, t.amount + t.fee)),
  }));
}

/** Every withdrawal status with how many items are in it (0 included). */
export function countsJson(counts: ItemCounts): Record<WithdrawalStatus, number> {
  return Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<WithdrawalStatus, number>;
}

/** What a batch's summary is made of: its items counted per status and summed per currency. */
export interface BatchSummary {
  counts: ItemCounts;
  totals: CurrencyTotal[];
  /** What the completed items paid out, per currency. */
  completed: CurrencyTotal[];
}

/** The batch as the API shows it (also its event's data). */
export function batchRecord(b: BatchRow, s: BatchSummary) {
  return {
    id: b.id,
    accountId: b.account_id,
    batchQuoteId: b.quote_id,
    status: b.status,
    itemCount: b.item_count,
    counts: countsJson(s.counts),
    totals: totalsJson(s.totals),
    completedTotals: totalsJson(s.completed),
    webhookUrl: b.webhook_url,
    createdAt: b.created_at.toISOString(),
    updatedAt: b.updated_at.toISOString(),
    completedAt: b.completed_at?.toISOString() ?? null,
  };
}
