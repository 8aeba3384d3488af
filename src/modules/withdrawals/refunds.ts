import { sql } from 'kysely';
import type { Executor, Trx } from '../../lib/db/index.ts';
import type { WithdrawalStatus } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { Amount, toJsonNumber } from '../../lib/money.ts';
import { cryptoAmount, findCurrency, knownCurrency, type CryptoCode, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { credit, debit, merchantAccount, type LedgerAccount, type PostingLine } from '../ledger/service.ts';

/**
 * Refunds: withdrawals that give back what an invoice or a deposit received. A refund names its
 * object on the quote and the withdrawal (`refund_invoice_id` / `refund_deposit_id`); what it may
 * give back is what the object received less its live refunds (those not failed or cancelled). A
 * deposit's refund first releases what its below-minimum payments hold in `suspense:below-minimum`
 * (`suspense_released`); the merchant pays the rest, and the fee, from its balance.
 */

/** The object a refund gives money back for. */
export type RefundTarget = { kind: 'invoice'; id: string } | { kind: 'deposit'; id: string };

/** What the quote names: an invoice or a deposit, not both. */
export interface RefundInput {
  invoiceId?: string;
  depositId?: string;
}

/** The refund columns of a quote or withdrawal. */
export interface RefundColumns {
  refund_invoice_id: string | null;
  refund_deposit_id: string | null;
}

const NOT_LIVE: WithdrawalStatus[] = ['failed', 'cancelled'];
const NONE: RefundColumns = { refund_invoice_id: null, refund_deposit_id: null };

/** The target a request or a quote row names, or null for a plain withdrawal. */
export function refundTarget(c: RefundColumns): RefundTarget | null {
  if (c.refund_invoice_id) return { kind: 'invoice', id: c.refund_invoice_id };
  if (c.refund_deposit_id) return { kind: 'deposit', id: c.refund_deposit_id };
  return null;
}

/** The object's currency, what it received, and what its payments put in suspense (deposits only). */
async function loadObject(db: Executor, accountId: string, t: RefundTarget, lock: boolean) {
  if (t.kind === 'invoice') {
    const q = db.selectFrom('invoices').select(['amount_paid', 'quote_id']).where('id', '=', t.id).where('account_id', '=', accountId);
    const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
    if (!row) throw new AppError('exceptions.invoice.notFound');
    const quote = row.quote_id
      ? await db.selectFrom('invoice_quotes').select('currency_code').where('id', '=', row.quote_id).executeTakeFirst()
      : undefined;
    return { currency: quote?.currency_code ?? null, received: BigInt(row.amount_paid), suspense: 0n };
  }
  const q = db
    .selectFrom('deposits')
    .select(['currency_code', 'amount_paid', 'fee_withheld', 'commission', 'net_credited'])
    .where('id', '=', t.id)
    .where('account_id', '=', accountId);
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw new AppError('exceptions.deposit.notFound');
  const received = BigInt(row.amount_paid);
  return {
    currency: row.currency_code,
    received,
    suspense: received - BigInt(row.fee_withheld) - BigInt(row.commission) - BigInt(row.net_credited),
  };
}

/**
 * What the object received in the refund's currency: its own totals in its own currency, or the
 * final payments of another asset that reached its address (and what of them suspense holds). A
 * currency it never received is refused with the one it was paid in.
 */
async function loadTarget(db: Executor, accountId: string, t: RefundTarget, code: string, lock: boolean) {
  const object = await loadObject(db, accountId, t, lock);
  if (object.currency === null || object.currency === code) return object;
  const other = await db
    .selectFrom('payments')
    .select([
      sql<string>`coalesce(sum(amount), 0)`.as('received'),
      sql<string>`coalesce(sum(held), 0)`.as('held'),
      sql<string>`count(*)`.as('n'),
    ])
    .where('owner_id', '=', t.id)
    .where('purpose', '=', t.kind)
    .where('counted', '=', false)
    .where('currency_code', '=', code)
    .where('status', '=', 'confirmed')
    .where('net_credited', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(other.n) === 0) throw new AppError('exceptions.withdrawal.refundCurrencyMismatch', { cryptoCurrencyCode: object.currency });
  return { currency: code, received: BigInt(other.received), suspense: BigInt(other.held) };
}

/** What the object's live refunds in one currency gave back, and what they released from suspense. */
async function liveRefunds(db: Executor, t: RefundTarget, code: string): Promise<{ amount: bigint; released: bigint }> {
  const r = await db
    .selectFrom('withdrawals')
    .select([sql<string>`coalesce(sum(amount), 0)`.as('amount'), sql<string>`coalesce(sum(suspense_released), 0)`.as('released')])
    .where(t.kind === 'invoice' ? 'refund_invoice_id' : 'refund_deposit_id', '=', t.id)
    .where('currency_code', '=', code)
    .where('status', 'not in', NOT_LIVE)
    .executeTakeFirstOrThrow();
  return { amount: BigInt(r.amount), released: BigInt(r.released) };
}

/**
 * Checks a refund of `amount` against its object: the object is the account's (else its 404), in
 * a currency it received (its own, or another asset that reached its address; else 400), and
 * `amount` within what it received in that currency less its live refunds in it (400 with
 * `refundable`). Returns how much of `amount` comes out of suspense.
 */
async function checkRefund<C extends string>(
  db: Executor,
  accountId: string,
  t: RefundTarget,
  amount: Amount<C>,
  lock: boolean,
): Promise<Amount<C>> {
  const currency = amount.currency;
  const target = await loadTarget(db, accountId, t, currency.code, lock);
  const live = await liveRefunds(db, t, currency.code);
  const left = target.received - live.amount;
  const refundable = Amount.of(currency, left > 0n ? left : 0n);
  if (amount.compare(refundable) > 0)
    throw new AppError('exceptions.withdrawal.refundExceedsReceived', { refundable: toJsonNumber(refundable) });
  const held = target.suspense - live.released;
  const released = held > 0n ? (held < amount.units ? held : amount.units) : 0n;
  return Amount.of(currency, released);
}

/**
 * Quote hook: validates what the request names (nothing: a plain withdrawal) and gives the quote's
 * columns, with what the refund would release from suspense (the merchant's balance pays the rest).
 */
export async function quoteRefund<C extends string>(
  db: Executor,
  accountId: string,
  input: RefundInput,
  amount: Amount<C>,
): Promise<{ columns: RefundColumns; released: Amount<C> }> {
  if (input.invoiceId !== undefined && input.depositId !== undefined) throw new AppError('exceptions.withdrawal.refundTargetConflict');
  const columns = { refund_invoice_id: input.invoiceId ?? null, refund_deposit_id: input.depositId ?? null };
  const t = refundTarget(columns);
  if (!t) return { columns: NONE, released: Amount.zero(amount.currency) };
  return { columns, released: await checkRefund(db, accountId, t, amount, false) };
}

/**
 * Commit hook, inside the commit's SERIALIZABLE transaction: locks the object's row, checks the
 * limit again, and returns the withdrawal's refund columns with what it releases from suspense.
 */
export async function commitRefund(trx: Trx, accountId: string, q: RefundColumns & { currency_code: string; amount: string }) {
  const t = refundTarget(q);
  const amount = cryptoAmount(q.currency_code, q.amount);
  if (!t) return { columns: NONE, released: Amount.of(amount.currency, 0n) };
  const released = await checkRefund(trx, accountId, t, amount, true);
  return { columns: { refund_invoice_id: q.refund_invoice_id, refund_deposit_id: q.refund_deposit_id }, released };
}

/** The commit's debit lines: suspense for what is released, the merchant for the rest of `total`. */
export function debitLines<C extends string>(accountId: string, total: Amount<C>, released: Amount<C>): PostingLine[] {
  return [debit(merchantAccount(accountId), total.minus(released)), debit('suspense:below-minimum', released)];
}

/** What a cancelled or failed withdrawal gives back: the released part to the suspense it came from, the rest to the merchant. */
export function returnLines(
  w: { account_id: string; currency_code: string; suspense_released: string; suspense_account: string },
  total: Amount<CryptoCode>,
): PostingLine[] {
  const released = cryptoAmount(w.currency_code, w.suspense_released);
  return [credit(merchantAccount(w.account_id), total.minus(released)), credit(w.suspense_account as LedgerAccount, released)];
}

/** One refund as invoice and deposit records list it. */
export interface RefundLine {
  id: string;
  status: WithdrawalStatus;
  currency_code: string;
  amount: string;
  tx_hash: string | null;
}

/** The refunds of some invoices or deposits, oldest first, by object id. */
export async function refundsOf(db: Executor, kind: RefundTarget['kind'], ids: string[]): Promise<Map<string, RefundLine[]>> {
  const byId = new Map<string, RefundLine[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const column = kind === 'invoice' ? 'refund_invoice_id' : 'refund_deposit_id';
  const rows = await db
    .selectFrom('withdrawals')
    .select(['id', 'status', 'currency_code', 'amount', 'tx_hash', `${column} as target`])
    .where(column, 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows)
    if (r.target !== null)
      byId.get(r.target)?.push({ id: r.id, status: r.status, currency_code: r.currency_code, amount: r.amount, tx_hash: r.tx_hash });
  return byId;
}

/** What the live refunds (not failed or cancelled) of `lines` in one currency give back, in atomic units. */
export function liveRefunded(lines: RefundLine[] = [], currencyCode: string): bigint {
  return lines
    .filter((l) => !NOT_LIVE.includes(l.status) && l.currency_code === currencyCode)
    .reduce((sum, l) => sum + BigInt(l.amount), 0n);
}

/**
 * The records' fields: `amountRefunded` (live refunds in the object's own currency) and every
 * refund, newest last, each in its own currency (another asset that reached the address is
 * refunded in that asset).
 */
export function refundFields(currencyCode: string | null, lines: RefundLine[] = []) {
  const currency: CurrencyDef | undefined = currencyCode ? findCurrency(currencyCode) : undefined;
  return {
    amountRefunded: currency ? toJsonNumber(liveRefunded(lines, currency.code), currency.decimals) : toJsonNumber(0n, 0),
    refunds: lines.map((l) => ({
      id: l.id,
      status: l.status,
      cryptoCurrencyCode: l.currency_code,
      amount: toJsonNumber(BigInt(l.amount), knownCurrency(l.currency_code).decimals),
      transactionHash: l.tx_hash,
    })),
  };
}
