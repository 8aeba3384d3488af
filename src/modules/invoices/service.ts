import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { NetworkEnvName } from '../../config.ts';
import { AddressAllocator } from '../../chains/hd-wallet.ts';
import type { Payment, PaymentChange, PaymentListener } from '../payments/watcher.ts';
import { now, type Executor, type Trx } from '../../lib/db/index.ts';
import { paged } from '../../lib/db/paging.ts';
import type { InvoiceQuotesTable, InvoiceStatus, InvoicesTable, StoredInvoiceItem } from '../../lib/db/schema.ts';
import { AppError, type ErrorCode } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { Amount, MoneyPrecisionError, type MinorUnit, convertUnits, numberToDecimalString, parseRatio, ratioToDecimal, toUnits, toJsonNumber, type Ratio } from '../../lib/money.ts';
import { enqueue } from '../../lib/outbox.ts';
import { findCurrency, findFiat, networkOf, servedCurrency, type CurrencyDef, type FiatDef } from '../../lib/currencies/catalogue.ts';
import { getDepositNetworkFee } from '../currencies/fees.ts';
import { post } from '../ledger/service.ts';
import { settlementLines, settlementRecord, splitPayment, totalsOf } from '../ledger/settlement.ts';
import { usdPrice } from '../rates/service.ts';
import { commissionRateSql, isCustomerBlocked } from '../tenants/service.ts';
import { PAYABLE_STATUSES, invoiceMachine, statusFor } from './status.ts';
import { moveStatus, type StatusSet } from '../../lib/state-machine.ts';

export type InvoiceRow = Selectable<InvoicesTable>;
export type QuoteRow = Selectable<InvoiceQuotesTable>;
/** An invoice with the quote it is paid through, if the customer has picked a currency. */
export interface InvoiceView {
  row: InvoiceRow;
  quote: QuoteRow | null;
}

export interface InvoiceItemInput {
  name: string;
  quantity: number;
  cost: number;
}

export interface CreateInvoiceInput {
  amount?: number;
  items?: InvoiceItemInput[];
  fiatCurrencyCode: string;
  orderId: string;
  description?: string;
  webhookUrl?: string;
  returnUrl?: string;
  successUrl?: string;
  failedUrl?: string;
  expiresInMinutes?: number;
  customerId?: string;
  customPayload?: string;
  number?: string;
}

/**
 * Largest fiat amount of an invoice in whole units, for `amount`, each item's cost, each item's
 * cost × quantity and their sum alike: far beyond any real order, and small enough that every
 * amount stays exact as a JSON number.
 */
export const MAX_FIAT_AMOUNT = 1_000_000_000_000;

function itemsField(field: string, message: string): AppError {
  return new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field, message }] });
}

/**
 * Refuses items whose cost × quantity, or whose sum, exceeds MAX_FIAT_AMOUNT: the same bound as
 * `amount`, compared exactly on the decimal values sent (whatever the fiat's minor units, and
 * whether or not a positive `amount` wins over the items).
 */
function assertItemsWithinCap(items: readonly InvoiceItemInput[]): void {
  const cap = BigInt(MAX_FIAT_AMOUNT);
  let num = 0n;
  let den = 1n;
  items.forEach((item, i) => {
    const cost = parseRatio(numberToDecimalString(item.cost));
    const qty = parseRatio(numberToDecimalString(item.quantity));
    const lineNum = cost.num * qty.num;
    const lineDen = cost.den * qty.den;
    if (lineNum > cap * lineDen) throw itemsField(`items.${i}`, `cost × quantity must not exceed ${MAX_FIAT_AMOUNT}`);
    // Denominators are powers of ten: the larger one is a multiple of the smaller.
    const common = den > lineDen ? den : lineDen;
    num = num * (common / den) + lineNum * (common / lineDen);
    den = common;
  });
  if (num > cap * den) throw itemsField('items', `the sum of cost × quantity must not exceed ${MAX_FIAT_AMOUNT}`);
}

/**
 * The fiat total in the currency's minor units: `amount` when positive (it wins even if items are
 * sent), else the sum of quantity × cost over the items, which must come out in whole minor units.
 * Items are held to the same cap as `amount` either way.
 */
export function invoiceTotal(input: Pick<CreateInvoiceInput, 'amount' | 'items'>, fiat: FiatDef): bigint {
  const precision = () =>
    new AppError('exceptions.invoice.amountInvalidDecimalPlaces', { fiatCurrencyCode: fiat.code, decimals: fiat.decimals });
  try {
    if (input.items) assertItemsWithinCap(input.items);
    if (input.amount !== undefined && input.amount > 0) return toUnits(input.amount, fiat.decimals);
    if (!input.items || input.items.length === 0) throw new AppError('exceptions.invoice.amountOrItemsRequired');
    let num = 0n;
    let den = 1n;
    for (const item of input.items) {
      const cost = toUnits(item.cost, fiat.decimals);
      const qty = parseRatio(numberToDecimalString(item.quantity));
      // Σ cost × qty.num / qty.den over a common power-of-ten denominator.
      const common = den > qty.den ? den : qty.den;
      num = num * (common / den) + cost * qty.num * (common / qty.den);
      den = common;
    }
    if (num % den !== 0n) throw precision();
    return num / den;
  } catch (err) {
    if (err instanceof MoneyPrecisionError) throw precision();
    throw err;
  }
}

const QUOTE_COLUMNS = [
  'q.id as q_id',
  'q.invoice_id as q_invoice_id',
  'q.currency_code as q_currency_code',
  'q.network as q_network',
  'q.address as q_address',
  'q.amount_expected as q_amount_expected',
  'q.network_fee as q_network_fee',
  'q.fiat_usd_price as q_fiat_usd_price',
  'q.crypto_usd_price as q_crypto_usd_price',
  'q.locked_at as q_locked_at',
] as const;

function viewSelect(db: Executor) {
  return db
    .selectFrom('invoices')
    .leftJoin('invoice_quotes as q', 'q.id', 'invoices.quote_id')
    .selectAll('invoices')
    .select(QUOTE_COLUMNS);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewSelect>['executeTakeFirstOrThrow']>>;

function toView(r: ViewRow): InvoiceView {
  const { q_id, q_invoice_id, q_currency_code, q_network, q_address, q_amount_expected, q_network_fee, q_fiat_usd_price, q_crypto_usd_price, q_locked_at, ...row } = r;
  const quote =
    q_id === null
      ? null
      : {
          id: q_id,
          invoice_id: q_invoice_id!,
          currency_code: q_currency_code!,
          network: q_network!,
          address: q_address!,
          amount_expected: q_amount_expected!,
          network_fee: q_network_fee!,
          fiat_usd_price: q_fiat_usd_price!,
          crypto_usd_price: q_crypto_usd_price!,
          locked_at: q_locked_at!,
        };
  return { row: row as InvoiceRow, quote };
}

export async function loadInvoice(db: Executor, id: string): Promise<InvoiceView | undefined> {
  const r = await viewSelect(db).where('invoices.id', '=', id).executeTakeFirst();
  return r ? toView(r) : undefined;
}

/** The invoice's items as JSON numbers (stored as exact decimal strings). */
/** The invoice's fiat total, as stored: minor units of its fiat currency. */
export function fiatTotal(row: Pick<InvoiceRow, 'amount_minor' | 'fiat_currency'>): MinorUnit {
  return Amount.of(findFiat(row.fiat_currency)!, BigInt(row.amount_minor));
}

export function invoiceItems(row: Pick<InvoiceRow, 'items'>) {
  return row.items.map((i) => ({ name: i.name, quantity: Number(i.quantity), cost: Number(i.cost) }));
}

/** The spec's invoice record. */
export function invoiceRecord({ row, quote }: InvoiceView, publicBaseUrl: string) {
  const fiat = findFiat(row.fiat_currency)!;
  const currency = quote ? findCurrency(quote.currency_code)! : undefined;
  const paid = BigInt(row.amount_paid);
  const opt = <K extends string, V>(key: K, value: V | null) => (value !== null ? ({ [key]: value } as Record<K, V>) : {});
  return {
    id: row.id,
    accountId: row.account_id,
    orderId: row.order_id,
    amount: toJsonNumber(fiatTotal(row)),
    fiatCurrencyCode: fiat.code,
    items: invoiceItems(row),
    status: row.status,
    ...(currency && quote
      ? {
          cryptoCurrencyCode: currency.code,
          cryptoAmountExpected: toJsonNumber(BigInt(quote.amount_expected), currency.decimals),
          cryptoAmountReceived: toJsonNumber(paid, currency.decimals),
          address: quote.address,
        }
      : {}),
    ...opt('txHash', row.tx_hash),
    ...(currency && quote && paid > 0n
      ? {
          settlement: settlementRecord(currency, totalsOf(row, row.paid_at ?? row.updated_at), quote.crypto_usd_price),
        }
      : {}),
    ...opt('description', row.description),
    ...opt('number', row.number),
    ...opt('webhookUrl', row.webhook_url),
    ...opt('returnUrl', row.return_url),
    ...opt('successUrl', row.success_url),
    ...opt('failedUrl', row.failed_url),
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...opt('paidAt', row.paid_at ? row.paid_at.toISOString() : null),
    ...opt('customerId', row.customer_id),
    ...opt('customPayload', row.custom_payload),
    paymentPageUrl: `${publicBaseUrl}/pay/${row.id}`,
    source: row.source,
    ...opt('latePayment', row.late_payment),
  };
}

export type InvoiceRecord = ReturnType<typeof invoiceRecord>;

/** Sums of the payments to one quote's address. */
export async function quotePayments(db: Executor, quote: Pick<QuoteRow, 'network' | 'address'>) {
  const r = await db
    .selectFrom('payments')
    .select([
      sql<string>`coalesce(sum(amount) filter (where status = 'confirmed'), 0)`.as('confirmed'),
      sql<string>`coalesce(sum(amount) filter (where status = 'seen'), 0)`.as('pending'),
      sql<string>`count(*)`.as('count'),
    ])
    .where('network', '=', quote.network)
    .where('address', '=', quote.address)
    .executeTakeFirstOrThrow();
  return { confirmed: BigInt(r.confirmed), pending: BigInt(r.pending), everSeen: Number(r.count) > 0 };
}

/**
 * Invoices: creation and queries for the merchant API, currency selection for the payment page,
 * and settlement of the payments the watcher reports. Every status change is written with its
 * `invoice.statusChanged` outbox event, and every credited payment with its ledger entry, in the
 * same transaction.
 */
export class InvoiceService implements PaymentListener {
  constructor(
    private readonly ctx: AppContext,
    private readonly allocator = new AddressAllocator(ctx.config),
  ) {}

  private record(view: InvoiceView) {
    return invoiceRecord(view, this.ctx.config.publicBaseUrl);
  }

  /** POST /invoice. */
  async create(principal: ApiPrincipal, input: CreateInvoiceInput): Promise<InvoiceRecord> {
    const { db, config } = this.ctx;
    const fiat = findFiat(input.fiatCurrencyCode);
    if (!fiat) throw new AppError('exceptions.invoice.fiatCurrencyNotFound', { fiatCurrencyCode: input.fiatCurrencyCode });
    const total = invoiceTotal(input, fiat);
    const minimum = toUnits(fiat.minInvoiceAmount, fiat.decimals);
    if (total < minimum) {
      throw new AppError('exceptions.invoice.amountBelowMinimum', { minInvoiceAmount: toJsonNumber(minimum, fiat.decimals), fiatCurrencyCode: fiat.code });
    }
    if (input.customerId !== undefined && (await isCustomerBlocked(db, principal.tenantId, input.customerId))) {
      throw new AppError('exceptions.invoice.customerBlocked');
    }
    const minutes = Math.min(input.expiresInMinutes ?? config.invoiceExpiryMin, config.invoiceMaxExpiryMin);
    const items: StoredInvoiceItem[] = (input.items ?? []).map((i) => ({
      name: i.name,
      quantity: numberToDecimalString(i.quantity),
      cost: numberToDecimalString(i.cost),
    }));
    const id = randomUUID();
    const row = await db
      .insertInto('invoices')
      .values({
        id,
        tenant_id: principal.tenantId,
        account_id: principal.accountId,
        order_id: input.orderId,
        amount_minor: total,
        fiat_currency: fiat.code,
        items: JSON.stringify(items),
        description: input.description ?? null,
        number: input.number ?? null,
        customer_id: input.customerId ?? null,
        custom_payload: input.customPayload ?? null,
        webhook_url: input.webhookUrl ?? null,
        return_url: input.returnUrl ?? null,
        success_url: input.successUrl ?? null,
        failed_url: input.failedUrl ?? null,
        source: 'api',
        status: 'created',
        commission_rate: commissionRateSql(principal.tenantId, config.depositCommission),
        // Whole seconds: what the merchant is told is what the expiry job compares.
        expires_at: sql<Date>`date_trunc('second', now()) + make_interval(mins => ${minutes})`,
      })
      // A used orderId (also one taken by a concurrent create) inserts nothing: 409.
      .onConflict((oc) => oc.columns(['tenant_id', 'order_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      // The orderId is unique per tenant, but the id is named only to a key of the invoice's own account.
      const taken = await db.selectFrom('invoices').select('id').where('account_id', '=', principal.accountId).where('order_id', '=', input.orderId).executeTakeFirst();
      throw new AppError('exceptions.invoice.orderIdAlreadyExists', taken ? { id: taken.id } : undefined);
    }
    return this.record({ row, quote: null });
  }

  /** GET /invoice: by id (wins) or orderId, within the key's account. */
  async get(principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<InvoiceRecord> {
    return this.record(await this.find(this.ctx.db, principal, q));
  }

  private async find(db: Executor, principal: ApiPrincipal, q: { id?: string; orderId?: string }, lock = false): Promise<InvoiceView> {
    let query = db.selectFrom('invoices').select('id').where('account_id', '=', principal.accountId);
    if (q.id) query = query.where('id', '=', q.id);
    else if (q.orderId !== undefined) query = query.where('order_id', '=', q.orderId);
    else throw new AppError('exceptions.invoice.idOrOrderIdRequired');
    const found = await (lock ? query.forUpdate() : query).executeTakeFirst();
    if (!found) throw new AppError('exceptions.invoice.notFound');
    return (await loadInvoice(db, found.id))!;
  }

  /** GET /invoice/list: newest first, optionally one status. */
  async list(principal: ApiPrincipal, q: { page: number; limit: number; status?: InvoiceStatus }) {
    const { db } = this.ctx;
    let count = db.selectFrom('invoices').where('account_id', '=', principal.accountId);
    let rows = viewSelect(db).where('invoices.account_id', '=', principal.accountId);
    if (q.status) {
      count = count.where('status', '=', q.status);
      rows = rows.where('invoices.status', '=', q.status);
    }
    return paged(
      q,
      () => count.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      (offset, limit) => rows.orderBy('invoices.created_at', 'desc').orderBy('invoices.id', 'desc').limit(limit).offset(offset).execute(),
      (r) => this.record(toView(r)),
    );
  }

  /** POST /invoice/cancel: only while no money has become final on it. */
  async cancel(principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<InvoiceRecord> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const view = await this.find(trx, principal, q, true);
      // The machine lists which statuses may be cancelled: those where no money is final yet.
      return this.record(await this.changeStatus(trx, view, 'cancelled', { cancelled_at: now() }, 'exceptions.invoice.cannotCancel'));
    });
  }

  /**
   * The customer picks a currency on the payment page: lock the rate, fix the network fee, and
   * give the invoice a fresh address in that currency. Picking one picked before reuses its quote
   * (and address); once a payment is seen the currency can no longer change.
   */
  async select(invoiceId: string, code: string): Promise<InvoiceView> {
    const { db, config } = this.ctx;
    const currency = servedCurrency(config, code);
    const network = networkOf(currency).env;
    return db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('invoices').select('id').where('id', '=', invoiceId).forUpdate().executeTakeFirst();
      if (!locked) throw new AppError('exceptions.invoice.notFound');
      const view = (await loadInvoice(trx, invoiceId))!;
      const { row } = view;
      const closed = await isClosed(trx, row);
      if (!PAYABLE_STATUSES.includes(row.status) || (closed && row.status === 'created')) {
        throw new AppError('exceptions.invoice.notPayable', { status: closed && row.status === 'created' ? 'expired' : row.status });
      }
      if (view.quote) {
        if (view.quote.currency_code === currency.code) return view;
        const paid = await quotePayments(trx, view.quote);
        if (paid.everSeen) throw new AppError('exceptions.invoice.currencyLocked', { cryptoCurrencyCode: view.quote.currency_code });
      }
      const earlier = await trx.selectFrom('invoice_quotes').select('id').where('invoice_id', '=', row.id).where('currency_code', '=', currency.code).executeTakeFirst();
      let quoteId = earlier?.id;
      if (!quoteId) {
        const fee = await getDepositNetworkFee(trx, currency.code, config.feeMaxAgeS);
        if (!fee) throw new AppError('exceptions.depositFee.quoteUnavailable', { cryptoCurrencyCode: currency.code });
        const fiat = findFiat(row.fiat_currency)!;
        const fiatPrice = await usdPrice(trx, fiat.code, config.rateMaxAgeS);
        const cryptoPrice = await usdPrice(trx, currency.symbol, config.rateMaxAgeS);
        const amount = cryptoAmountFor(fiatTotal(row).units, fiat, fiatPrice.price, currency, cryptoPrice.price) + fee.units;
        const { address } = await this.allocator.allocate(trx, network, { purpose: 'invoice', ownerId: row.id, tenantId: row.tenant_id });
        quoteId = randomUUID();
        await trx
          .insertInto('invoice_quotes')
          .values({
            id: quoteId,
            invoice_id: row.id,
            currency_code: currency.code,
            network,
            address,
            amount_expected: amount,
            network_fee: fee.units,
            fiat_usd_price: ratioToDecimal(fiatPrice.price),
            crypto_usd_price: ratioToDecimal(cryptoPrice.price),
          })
          .execute();
      }
      await trx.updateTable('invoices').set({ quote_id: quoteId, updated_at: sql`now()` }).where('id', '=', row.id).execute();
      return (await loadInvoice(trx, row.id))!;
    });
  }

  /** Invoices whose window closed with nothing received become expired (or failed, see statusFor). */
  async expireDue(): Promise<number> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('invoices')
        .select('id')
        .where('status', '=', 'created')
        .where('expires_at', '<=', sql<Date>`now()`)
        .orderBy('expires_at')
        .limit(500)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const { id } of due) await this.recompute(trx, (await loadInvoice(trx, id))!);
      return due.length;
    });
  }

  /** The watcher's hook: a payment to an invoice address was seen, confirmed or dropped. */
  async onPaymentChanged(trx: Trx, payment: Payment, change: PaymentChange): Promise<void> {
    if (payment.purpose !== 'invoice') return;
    const locked = await trx.selectFrom('invoices').select('id').where('id', '=', payment.owner_id).forUpdate().executeTakeFirst();
    if (!locked) return;
    let view = (await loadInvoice(trx, locked.id))!;
    const quote = await trx
      .selectFrom('invoice_quotes')
      .selectAll()
      .where('invoice_id', '=', view.row.id)
      .where('network', '=', payment.network)
      .where('address', '=', payment.address)
      .executeTakeFirstOrThrow();

    if (view.quote?.id !== quote.id) {
      const current = view.quote ? await quotePayments(trx, view.quote) : null;
      if (current?.everSeen) {
        // Money to an address of a currency the customer abandoned after paying in another: not
        // lost, credited to the merchant by the same fee rules, outside the invoice's totals.
        if (change === 'confirmed') await this.credit(trx, view.row, quote, payment, BigInt(quote.network_fee));
        return;
      }
      // The first money arrived in an earlier pick: that is the currency the invoice is paid in.
      await trx.updateTable('invoices').set({ quote_id: quote.id }).where('id', '=', view.row.id).execute();
      view = (await loadInvoice(trx, view.row.id))!;
    }

    if (change !== 'orphaned' && view.row.late_payment === null) {
      const late = view.row.status === 'cancelled' ? 'after_cancellation' : payment.first_seen_at > view.row.expires_at ? 'after_expiry' : null;
      if (late) {
        await trx.updateTable('invoices').set({ late_payment: late }).where('id', '=', view.row.id).execute();
        view = { ...view, row: { ...view.row, late_payment: late } };
      }
    }
    if (change === 'confirmed') {
      const split = await this.credit(trx, view.row, quote, payment, BigInt(quote.network_fee) - BigInt(view.row.fee_withheld));
      if (split) {
        const updated = await trx
          .updateTable('invoices')
          .set({
            amount_paid: sql<string>`amount_paid + ${split.received}`,
            fee_withheld: sql<string>`fee_withheld + ${split.fee}`,
            commission: sql<string>`commission + ${split.commission}`,
            net_credited: sql<string>`net_credited + ${split.net}`,
            tx_hash: view.row.tx_hash ?? payment.tx_hash,
            updated_at: now(),
          })
          .where('id', '=', view.row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        view = { ...view, row: updated };
      }
    }
    // Seen already final: the 'confirmed' call follows in this transaction and credits it; until
    // then it counts as pending, so the status goes through processing and `paid` carries its money.
    await this.recompute(trx, view, change === 'seen' && payment.status === 'confirmed' ? BigInt(payment.amount) : 0n);
  }

  /** Posts one confirmed payment to the ledger; null when it was posted before. */
  private async credit(trx: Trx, row: InvoiceRow, quote: QuoteRow, payment: Payment, feeDue: bigint) {
    const currency = findCurrency(quote.currency_code)!;
    const split = splitPayment(BigInt(payment.amount), feeDue > 0n ? feeDue : 0n, row.commission_rate);
    const posted = await post(trx, {
      tenantId: row.tenant_id,
      kind: 'invoice.payment',
      refType: 'payment',
      refId: payment.id,
      lines: settlementLines(quote.network as NetworkEnvName, row.account_id, currency, split),
    });
    return posted ? split : null;
  }

  /** Sets the status the invoice's payments call for (statusFor), with its event. */
  private async recompute(trx: Trx, view: InvoiceView, uncredited = 0n): Promise<InvoiceView> {
    const paid = view.quote ? await quotePayments(trx, view.quote) : { confirmed: 0n, pending: 0n, everSeen: false };
    const sums = { ...paid, confirmed: paid.confirmed - uncredited, pending: paid.pending + uncredited };
    const next = statusFor(
      view.row.status,
      { expected: view.quote ? BigInt(view.quote.amount_expected) : 0n, ...sums, closed: await isClosed(trx, view.row) },
      this.ctx.config.underpaymentTolerance,
    );
    if (next === view.row.status) return view;
    const settles = ['paid', 'overpaid', 'partially_paid', 'suspended'].includes(next) && view.row.paid_at === null;
    return this.changeStatus(trx, view, next, settles ? { paid_at: now() } : {});
  }

  /**
   * Moves the invoice through the machine: a move its table does not list, or a row whose status
   * changed since it was read, is the state error (nothing written); otherwise the row and its event.
   */
  private async changeStatus(trx: Trx, view: InvoiceView, to: InvoiceStatus, set: StatusSet<'invoices'> = {}, refusal?: ErrorCode): Promise<InvoiceView> {
    const row = await moveStatus(trx, invoiceMachine, 'invoices', view.row, to, { set, refusal });
    const updated: InvoiceView = { row, quote: view.quote };
    await this.event(trx, updated, view.row.status);
    return updated;
  }

  /** `invoice.statusChanged`: the record (customPayload included) plus the previous status. */
  private async event(trx: Trx, view: InvoiceView, previousStatus: InvoiceStatus): Promise<void> {
    await enqueue(trx, {
      tenantId: view.row.tenant_id,
      type: 'invoice.statusChanged',
      aggregateType: 'invoice',
      aggregateId: view.row.id,
      payload: { ...this.record(view), previousStatus },
    });
  }
}

async function isClosed(db: Executor, row: InvoiceRow): Promise<boolean> {
  const r = await sql<{ closed: boolean }>`select ${row.expires_at} <= now() as closed`.execute(db);
  return r.rows[0]!.closed;
}

/** The crypto amount worth a fiat amount at the locked prices, rounded up: never short by a unit. */
export function cryptoAmountFor(fiatUnits: bigint, fiat: FiatDef, fiatPrice: Ratio, currency: CurrencyDef, cryptoPrice: Ratio): bigint {
  return convertUnits(fiatUnits, { price: fiatPrice, decimals: fiat.decimals }, { price: cryptoPrice, decimals: currency.decimals }, 'up');
}
