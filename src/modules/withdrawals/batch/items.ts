/**
 * A batch's items checked one by one, each as POST /withdrawal/quote would check it alone: every
 * refusal is kept with the item's index (nothing is quoted while any item is refused), so the
 * merchant fixes every bad row at once.
 */
import type { Config } from '../../../config.ts';
import type { Executor } from '../../../lib/db/index.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Amount } from '../../../lib/money.ts';
import { findCurrency, servedCurrency, type CurrencyDef } from '../../../lib/currencies/catalogue.ts';
import { checkDestination } from '../../payouts/addresses.ts';
import { rowError, type RowError } from '../../payouts/batch.ts';
import { checkScreening } from '../../payouts/enforce.ts';
import { withdrawalAmount } from '../quote.ts';

/** One item as the request gives it. */
export interface BatchItemInput {
  cryptoCurrencyCode: string;
  address: string;
  amount: number | string;
  orderId?: string;
}

/** An item that passed the checks so far, with its place in the request. */
export interface CheckedItem {
  index: number;
  currency: CurrencyDef;
  address: string;
  amount: Amount;
  /** The merchant's orderId, if given (one is made at insert otherwise). */
  orderId: string | undefined;
}

/** Each item's currency, destination and amount, and no orderId twice in the batch. */
export function checkItems(config: Pick<Config, 'mode' | 'networks'>, items: BatchItemInput[]): { ok: CheckedItem[]; errors: RowError[] } {
  const ok: CheckedItem[] = [];
  const errors: RowError[] = [];
  const firstOf = new Map<string, number>();
  items.forEach((item, index) => {
    try {
      const currency = findCurrency(item.cryptoCurrencyCode);
      if (!currency) throw new AppError('exceptions.withdrawal.currencyNotFound', { cryptoCurrencyCode: item.cryptoCurrencyCode });
      servedCurrency(config, currency.code);
      checkDestination(currency, item.address);
      const amount = withdrawalAmount(currency, item.amount);
      if (item.orderId !== undefined) {
        const first = firstOf.get(item.orderId);
        if (first !== undefined)
          throw new AppError('exceptions.withdrawal.orderIdAlreadyExists', { orderId: item.orderId, sameAsIndex: first });
        firstOf.set(item.orderId, index);
      }
      ok.push({ index, currency, address: item.address, amount, orderId: item.orderId });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push(rowError(index, err));
    }
  });
  return { ok, errors };
}

/** Items whose orderId a committed withdrawal of the account already has (409 alone, a row error here). */
export async function usedOrderIds(db: Executor, accountId: string, items: CheckedItem[]): Promise<RowError[]> {
  const given = items.flatMap((i) => (i.orderId === undefined ? [] : [{ ...i, orderId: i.orderId }]));
  if (given.length === 0) return [];
  const rows = await db
    .selectFrom('withdrawal_quotes')
    .select('order_id')
    .where('account_id', '=', accountId)
    .where(
      'order_id',
      'in',
      given.map((i) => i.orderId),
    )
    .where('committed_at', 'is not', null)
    .execute();
  const used = new Set(rows.map((r) => r.order_id));
  return given
    .filter((i) => used.has(i.orderId))
    .map((i) => rowError(i.index, new AppError('exceptions.withdrawal.orderIdAlreadyExists', { orderId: i.orderId })));
}

/** Items whose destination screening refuses (a provider that cannot answer refuses the whole batch: 503). */
export async function screenedItems(config: Pick<Config, 'screening'>, items: CheckedItem[]): Promise<RowError[]> {
  const errors: RowError[] = [];
  for (const item of items) {
    try {
      await checkScreening(config.screening, item.currency, item.address, item.amount.units);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'exceptions.withdrawal.addressScreened') throw err;
      errors.push(rowError(item.index, err));
    }
  }
  return errors;
}

/** The items no error names. */
export function without(items: CheckedItem[], errors: RowError[]): CheckedItem[] {
  const refused = new Set(errors.map((e) => e.index));
  return items.filter((i) => !refused.has(i.index));
}
