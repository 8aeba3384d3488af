import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { AddressAllocator } from '../../chains/hd-wallet.ts';
import { AppError } from '../../lib/errors.ts';
import { convertUnits, ratioToDecimal, type Ratio } from '../../lib/money.ts';
import { knownFiat, networkOf, servedCurrency, type CurrencyDef, type FiatDef } from '../../lib/currencies/catalogue.ts';
import { getDepositNetworkFee } from '../currencies/fees.ts';
import { usdPrice } from '../rates/service.ts';
import { PAYABLE_STATUSES } from './status.ts';

import { isClosed } from './payments.ts';
import { fiatTotal, loadKnownInvoice, quotePayments, type InvoiceView } from './record.ts';

/**
 * The customer picks a currency on the payment page: lock the rate, fix the network fee, and
 * give the invoice a fresh address in that currency. Picking one picked before reuses its quote
 * (and address); once a payment is seen the currency can no longer change.
 */
export async function selectCurrency(ctx: AppContext, allocator: AddressAllocator, invoiceId: string, code: string): Promise<InvoiceView> {
  const { db, config } = ctx;
  const currency = servedCurrency(config, code);
  return db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('invoices').select('id').where('id', '=', invoiceId).forUpdate().executeTakeFirst();
    if (!locked) throw new AppError('exceptions.invoice.notFound');
    const view = await loadKnownInvoice(trx, invoiceId);
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
    const earlier = await trx
      .selectFrom('invoice_quotes')
      .select('id')
      .where('invoice_id', '=', row.id)
      .where('currency_code', '=', currency.code)
      .executeTakeFirst();
    const quoteId = earlier?.id ?? (await insertQuote(trx, ctx, allocator, row, currency));
    await trx.updateTable('invoices').set({ quote_id: quoteId, updated_at: sql`now()` }).where('id', '=', row.id).execute();
    return await loadKnownInvoice(trx, row.id);
  });
}

/** A new quote of the invoice in `currency`: the network fee and both prices locked, the amount due and a fresh address. */
async function insertQuote(
  trx: Executor,
  ctx: AppContext,
  allocator: AddressAllocator,
  row: InvoiceView['row'],
  currency: CurrencyDef,
): Promise<string> {
  const { config } = ctx;
  const network = networkOf(currency).env;
  const fee = await getDepositNetworkFee(trx, currency.code, config.feeMaxAgeS);
  if (!fee) throw new AppError('exceptions.depositFee.quoteUnavailable', { cryptoCurrencyCode: currency.code });
  const fiat = knownFiat(row.fiat_currency);
  const fiatPrice = await usdPrice(trx, fiat.code, config.rateMaxAgeS);
  const cryptoPrice = await usdPrice(trx, currency.symbol, config.rateMaxAgeS);
  const amount = amountDue(cryptoAmountFor(fiatTotal(row).units, fiat, fiatPrice.price, currency, cryptoPrice.price), fee.units, currency);
  const { address } = await allocator.allocate(trx, network, {
    purpose: 'invoice',
    ownerId: row.id,
    tenantId: row.tenant_id,
    currencyCode: currency.code,
  });
  const quoteId = randomUUID();
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
  return quoteId;
}

/** The crypto amount worth a fiat amount at the locked prices, rounded up: never short by a unit. */
export function cryptoAmountFor(fiatUnits: bigint, fiat: FiatDef, fiatPrice: Ratio, currency: CurrencyDef, cryptoPrice: Ratio): bigint {
  return convertUnits(fiatUnits, { price: fiatPrice, decimals: fiat.decimals }, { price: cryptoPrice, decimals: currency.decimals }, 'up');
}

/** Decimals a wallet is asked to send at most: coins of 18 decimals are quoted to 8 (about 10 gwei of ETH). */
const WALLET_DECIMALS = 8;

/**
 * What the customer is asked to send: the price plus the network fee, rounded up to at most
 * WALLET_DECIMALS places, so a wallet shows and sends it as quoted and never short (an 18-decimal
 * coin pays at most 10^-8 more).
 */
export function amountDue(price: bigint, feeUnits: bigint, currency: CurrencyDef): bigint {
  const total = price + feeUnits;
  if (currency.decimals <= WALLET_DECIMALS) return total;
  const step = 10n ** BigInt(currency.decimals - WALLET_DECIMALS);
  return ((total + step - 1n) / step) * step;
}

/** The payment page's language the customer used, for their mails about the invoice (a write only when it changed). */
export async function rememberCustomerLanguage(db: Executor, invoiceId: string, lang: string): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ customer_language: lang })
    .where('id', '=', invoiceId)
    .where(sql<boolean>`customer_language is distinct from ${lang}`)
    .execute();
}
