/**
 * The exact amounts of the wire test (test/http/wire-amounts.test.ts): where the OpenAPI document
 * puts numbers, how a body read with lossless-json holds them, and what each one must be, worked
 * out from the database's own columns (atomic units, NUMERIC) with bigints, never from the code
 * that writes the answers.
 */
import { isLosslessNumber, parse } from 'lossless-json';
import type { Db } from '../../src/lib/db/index.ts';
import { findCurrency, findFiat, networkOf } from '../../src/lib/currencies/catalogue.ts';

type Schema = Record<string, any>;

/** The schema a `$ref` names, followed to its end. */
export function resolve(doc: Schema, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  while (s?.$ref) s = doc.components?.schemas?.[String(s.$ref).split('/').pop()!];
  return s;
}

/** Every `number` a schema holds, by path (`data[].settlement.amountPaid`), with its schema. */
export function numbersOf(doc: Schema, schema: Schema | undefined, path = '', out: Array<[string, Schema]> = []): Array<[string, Schema]> {
  const s = resolve(doc, schema);
  if (!s || typeof s !== 'object') return out;
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const o of s[k] ?? []) numbersOf(doc, o, path, out);
  if (s.type === 'number' || (Array.isArray(s.type) && s.type.includes('number'))) out.push([path, s]);
  for (const [name, sub] of Object.entries<Schema>(s.properties ?? {})) numbersOf(doc, sub, path ? `${path}.${name}` : name, out);
  if (s.items) numbersOf(doc, s.items, `${path}[]`, out);
  return out;
}

/** A body as lossless-json reads it: every number a LosslessNumber holding its exact text. */
export const readExact = (text: string): any => parse(text);

/**
 * Every number of `value` at a place where `schema` says `number`, by JSON pointer relative to
 * `value` (`settlement/amountPaid`, `items/0/cost`): null and absent values are skipped.
 */
export function numbersIn(
  doc: Schema,
  schema: Schema | undefined,
  value: unknown,
  pointer = '',
  out: Array<[string, unknown]> = [],
): Array<[string, unknown]> {
  const s = resolve(doc, schema);
  if (!s || value === null || value === undefined) return out;
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const o of s[k] ?? []) numbersIn(doc, o, value, pointer, out);
  const join = (key: string | number) => (pointer ? `${pointer}/${key}` : String(key));
  if (s.type === 'number' || (Array.isArray(s.type) && s.type.includes('number'))) out.push([pointer, value]);
  else if (s.properties && typeof value === 'object' && !isLosslessNumber(value)) {
    for (const [name, sub] of Object.entries<Schema>(s.properties)) numbersIn(doc, sub, (value as any)[name], join(name), out);
  } else if (s.items && Array.isArray(value)) value.forEach((v, i) => numbersIn(doc, s.items, v, join(i), out));
  return out;
}

/** The exact text of a JSON number as read (lossless), or a note of what it is instead. */
export function exactText(value: unknown): string {
  return isLosslessNumber(value) ? value.toString() : `not a JSON number: ${JSON.stringify(value)}`;
}

/** Atomic units as a plain decimal of `decimals` places, trailing zeros removed (1.5, 0). */
export function dec(units: bigint | string | number, decimals: number): string {
  const u = BigInt(units);
  const neg = u < 0n;
  const digits = (neg ? -u : u).toString().padStart(decimals + 1, '0');
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${neg ? '-' : ''}${digits.slice(0, digits.length - decimals)}${frac ? `.${frac}` : ''}`;
}

/** A decimal string without its redundant zeros ("1.50" → "1.5", "2.000" → "2"). */
export function norm(decimal: string): string {
  const [whole, frac = ''] = decimal.split('.');
  const f = frac.replace(/0+$/, '');
  return `${BigInt(whole!).toString()}${f ? `.${f}` : ''}`;
}

/** A decimal as units of `decimals` places (exactly; test input only). */
function units(decimal: string, decimals: number): bigint {
  const [whole, frac = ''] = decimal.split('.');
  return BigInt(whole! + frac.padEnd(decimals, '0').slice(0, decimals));
}

/** USD cents of an amount at a price (USD per whole coin), rounded half up. */
export function cents(amount: bigint | string, decimals: number, price: string | null): bigint {
  if (!price) return 0n;
  const [w, f = ''] = price.split('.');
  const scaled = 10n ** BigInt(f.length) * 10n ** BigInt(decimals);
  return (2n * BigInt(amount) * BigInt(w! + f) * 100n + scaled) / (2n * scaled);
}

/** The same as a decimal: the rule of every `…Usd` field. */
export function usd(amount: bigint | string, decimals: number, price: string | null): string {
  return dec(cents(amount, decimals, price), 2);
}

/** What each money field of one record must be, by JSON pointer relative to the record. */
export type Expected = Record<string, string>;

/** The expected fields of `record` under `prefix` (`data/0`), merged into `into`. */
export function under(prefix: string, fields: Expected, into: Expected = {}): Expected {
  for (const [k, v] of Object.entries(fields)) into[prefix ? `${prefix}/${k}` : k] = v;
  return into;
}

const DEAD = ['failed', 'cancelled'];

/** Refund fields of an invoice's or a deposit's record: `amountRefunded` in its own currency, each refund in its own. */
async function refundFields(db: Db, column: 'refund_invoice_id' | 'refund_deposit_id', id: string, code: string | null): Promise<Expected> {
  const rows = await db
    .selectFrom('withdrawals')
    .select(['status', 'currency_code', 'amount'])
    .where(column, '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const own = code ? findCurrency(code)! : undefined;
  const live = rows.filter((r) => !DEAD.includes(r.status) && r.currency_code === code).reduce((s, r) => s + BigInt(r.amount), 0n);
  const out: Expected = { amountRefunded: own ? dec(live, own.decimals) : '0' };
  rows.forEach((r, i) => (out[`refunds/${i}/amount`] = dec(r.amount, findCurrency(r.currency_code)!.decimals)));
  return out;
}

/** The settlement object's fields from a row's running sums, USD at `price`. */
function settlement(
  row: { amount_paid: string; fee_withheld: string; commission: string; net_credited: string },
  d: number,
  price: string | null,
): Expected {
  const out: Expected = { 'settlement/amountPaid': dec(row.amount_paid, d), 'settlement/amountPaidUsd': usd(row.amount_paid, d, price) };
  // fee, commission and net sum to what was credited, and so do their USD figures: each is the
  // rounded running total less the one before.
  let total = 0n;
  let before = 0n;
  for (const [name, v] of [
    ['networkFeeAmount', row.fee_withheld],
    ['commissionAmount', row.commission],
    ['netAmount', row.net_credited],
  ] as const) {
    total += BigInt(v);
    const now = cents(total, d, price);
    Object.assign(out, { [`settlement/${name}`]: dec(v, d), [`settlement/${name}Usd`]: dec(now - before, 2) });
    before = now;
  }
  return out;
}

/** An invoice record (also a webhook's data, and the payment page's items). */
export async function invoiceExpected(db: Db, id: string): Promise<Expected> {
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const quote = row.quote_id
    ? await db.selectFrom('invoice_quotes').selectAll().where('id', '=', row.quote_id).executeTakeFirstOrThrow()
    : null;
  const out: Expected = { amount: dec(row.amount_minor, findFiat(row.fiat_currency)!.decimals) };
  row.items.forEach((item, i) =>
    Object.assign(out, { [`items/${i}/quantity`]: norm(item.quantity), [`items/${i}/cost`]: norm(item.cost) }),
  );
  if (quote) {
    const d = findCurrency(quote.currency_code)!.decimals;
    Object.assign(
      out,
      { cryptoAmountExpected: dec(quote.amount_expected, d), cryptoAmountReceived: dec(row.amount_paid, d) },
      settlement(row, d, quote.crypto_usd_price),
    );
  }
  return { ...out, ...(await refundFields(db, 'refund_invoice_id', id, quote?.currency_code ?? null)) };
}

/** A payment link record: its price or bounds, and what its paid invoices brought, in its fiat. */
export async function linkExpected(db: Db, id: string): Promise<Expected> {
  const row = await db.selectFrom('payment_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const d = findFiat(row.fiat_currency)!.decimals;
  const out: Expected = { amountPaid: dec(row.amount_paid_minor, d) };
  for (const [field, minor] of [
    ['amount', row.amount_minor],
    ['minAmount', row.min_amount_minor],
    ['maxAmount', row.max_amount_minor],
  ] as const)
    if (minor !== null) out[field] = dec(minor, d);
  return out;
}

/** A deposit record, with the webhook's `actuallyReceivedAmount…`. */
export async function depositExpected(db: Db, id: string): Promise<Expected> {
  const row = await db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const d = findCurrency(row.currency_code)!.decimals;
  return {
    minimumAmount: dec(row.min_amount, d),
    ...settlement(row, d, row.usd_price),
    actuallyReceivedAmount: dec(row.amount_paid, d),
    actuallyReceivedAmountUsd: usd(row.amount_paid, d, row.usd_price),
    ...(await refundFields(db, 'refund_deposit_id', id, row.currency_code)),
  };
}

/** A payment (by transaction and output). */
export async function paymentExpected(db: Db, txHash: string, outputIndex: number): Promise<Expected> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('tx_hash', '=', txHash)
    .where('output_index', '=', outputIndex)
    .executeTakeFirstOrThrow();
  const d = findCurrency(row.currency_code)!.decimals;
  const out: Expected = { amount: dec(row.amount, d) };
  if (row.net_credited !== null) {
    Object.assign(out, {
      'settlement/networkFeeAmount': dec(row.fee_withheld ?? 0, d),
      'settlement/commissionAmount': dec(row.commission ?? 0, d),
      'settlement/netAmount': dec(row.net_credited, d),
      'settlement/heldAmount': dec(row.held ?? 0, d),
    });
  }
  return out;
}

/** A withdrawal record, the operator's payout view and the withdrawal queue's row. */
export async function withdrawalExpected(db: Db, id: string): Promise<Expected> {
  const w = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const d = findCurrency(w.currency_code)!.decimals;
  const native = w.network_cost_currency ? findCurrency(w.network_cost_currency)! : null;
  return {
    amount: dec(w.amount, d),
    amountUsd: usd(w.amount, d, w.usd_price),
    feeAmount: dec(w.fee, d),
    fee: dec(w.fee, d),
    feeAmountUsd: usd(w.fee, d, w.usd_price),
    debitedAmount: dec(BigInt(w.amount) + BigInt(w.fee), d),
    'payout/feeCharged': dec(w.fee, d),
    ...(w.network_cost !== null && native ? { 'payout/networkCost': dec(w.network_cost, native.decimals) } : {}),
  };
}

/** A withdrawal quote, its auto-convert included. */
export async function quoteExpected(db: Db, quoteId: string): Promise<Expected> {
  const q = await db.selectFrom('withdrawal_quotes').selectAll().where('id', '=', quoteId).executeTakeFirstOrThrow();
  const c = findCurrency(q.currency_code)!;
  const native = findCurrency(networkOf(c).nativeCode)!;
  const out: Expected = {
    amount: dec(q.amount, c.decimals),
    'fee/feeNative': dec(q.fee_native, native.decimals),
    'fee/feeInCryptoCurrencyCode': dec(q.fee, c.decimals),
    'fee/feeUsd': usd(q.fee, c.decimals, q.usd_price),
    totalDeduction: dec(BigInt(q.amount) + BigInt(q.fee), c.decimals),
  };
  if (q.convert_from) {
    const from = findCurrency(q.convert_from)!;
    Object.assign(out, {
      'autoConvert/fromAmount': dec(q.convert_from_amount!, from.decimals),
      'autoConvert/toAmount': dec(q.convert_to_amount!, c.decimals),
      'autoConvert/commission': dec(q.convert_commission!, from.decimals),
    });
  }
  return out;
}

/** Per-currency totals of rows (amount, fee, both), in currency order, under `prefix`. */
function totalsExpected(prefix: string, rows: Array<{ currency_code: string; amount: string; fee: string }>, into: Expected): Expected {
  const by = new Map<string, { amount: bigint; fee: bigint }>();
  for (const r of rows) {
    const t = by.get(r.currency_code) ?? { amount: 0n, fee: 0n };
    t.amount += BigInt(r.amount);
    t.fee += BigInt(r.fee);
    by.set(r.currency_code, t);
  }
  [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .forEach(([code, t], i) => {
      const d = findCurrency(code)!.decimals;
      Object.assign(into, {
        [`${prefix}/${i}/amount`]: dec(t.amount, d),
        [`${prefix}/${i}/fee`]: dec(t.fee, d),
        [`${prefix}/${i}/totalDeduction`]: dec(t.amount + t.fee, d),
      });
    });
  return into;
}

/** A batch quote: each item's quote, in the request's order, and the totals. */
export async function batchQuoteExpected(db: Db, batchQuoteId: string): Promise<Expected> {
  const items = await db
    .selectFrom('withdrawal_quotes')
    .selectAll()
    .where('batch_quote_id', '=', batchQuoteId)
    .orderBy('batch_index')
    .execute();
  const out: Expected = {};
  for (const [i, q] of items.entries()) under(`items/${i}`, await quoteExpected(db, q.id), out);
  return totalsExpected('totals', items, out);
}

/** A withdrawal batch: its totals, its completed items' totals and, when `withWithdrawals`, each withdrawal in the request's order. */
export async function batchExpected(db: Db, batchId: string, withWithdrawals = false): Promise<Expected> {
  const rows = await db
    .selectFrom('withdrawals as w')
    .innerJoin('withdrawal_quotes as q', 'q.id', 'w.quote_id')
    .select(['w.id', 'w.status', 'w.currency_code', 'w.amount', 'w.fee'])
    .where('w.batch_id', '=', batchId)
    .orderBy('q.batch_index')
    .execute();
  const out = totalsExpected('totals', rows, {});
  totalsExpected(
    'completedTotals',
    rows.filter((r) => r.status === 'completed'),
    out,
  );
  if (withWithdrawals) for (const [i, w] of rows.entries()) under(`withdrawals/${i}`, await withdrawalExpected(db, w.id), out);
  return out;
}

/** A conversion quote (by its id) or a booked conversion (by its id). */
export async function conversionExpected(db: Db, table: 'conversion_quotes' | 'conversions', id: string): Promise<Expected> {
  const r = await db
    .selectFrom(table)
    .select(['from_currency', 'to_currency', 'from_amount', 'to_amount', 'commission'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const from = findCurrency(r.from_currency)!.decimals;
  return {
    fromAmount: dec(r.from_amount, from),
    toAmount: dec(r.to_amount, findCurrency(r.to_currency)!.decimals),
    commission: dec(r.commission, from),
  };
}

/** A currency of GET /currencies: its minimums, its live fee, the tenant's commission rate. */
export function currencyExpected(code: string, feeUnits: bigint | null, commission: string): Expected {
  const c = findCurrency(code)!;
  const fee = feeUnits ?? 0n;
  return {
    minDepositAmount: dec(units(c.baseMinDeposit, c.decimals) + fee, c.decimals),
    ...(feeUnits === null ? {} : { 'depositNetworkFee/amount': dec(fee, c.decimals) }),
    minWithdrawalAmount: dec(units(c.minWithdrawal, c.decimals), c.decimals),
    depositCommission: norm(commission),
  };
}

/** The live fee of each currency, in atomic units. */
export async function feeUnits(db: Db): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('network_fee_quotes').select(['currency_code', 'amount']).execute();
  return new Map(rows.filter((r) => r.amount !== null).map((r) => [r.currency_code, BigInt(r.amount!)]));
}
