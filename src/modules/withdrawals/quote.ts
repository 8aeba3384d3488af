import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { now, nowPlus } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { Amount, MoneyFormatError, MoneyPrecisionError, convertAmount, ratioToDecimal, toJsonNumber } from '../../lib/money.ts';
import { findCurrency, knownCurrency, networkOf, servedCurrency, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { currentTerms, priceByToAmount, samePeg } from '../conversions/pricing.ts';
import { getDepositNetworkFee } from '../currencies/fees.ts';
import { merchantBalances } from '../ledger/service.ts';
import { usdPrice } from '../rates/service.ts';
import { checkDestination } from '../payouts/addresses.ts';
import { checkScreening, enforcePayoutPolicy } from '../payouts/enforce.ts';

import { quoteRecord } from './record.ts';
import { quoteRefund, type RefundInput } from './refunds.ts';

export interface QuoteInput extends RefundInput {
  cryptoCurrencyCode: string;
  address: string;
  amount: number | string;
  /** The merchant's idempotency key; absent, the quote gets a fresh one of its own (never collapsed). */
  orderId?: string;
  allowAutoConvert?: boolean;
}

/** POST /withdrawal/quote: the fee and total locked for a while; nothing is reserved yet. */
export async function quoteWithdrawal(ctx: AppContext, principal: ApiPrincipal, input: QuoteInput) {
  const { db, config } = ctx;
  const currency = findCurrency(input.cryptoCurrencyCode);
  if (!currency) throw new AppError('exceptions.withdrawal.currencyNotFound', { cryptoCurrencyCode: input.cryptoCurrencyCode });
  servedCurrency(config, currency.code);
  checkDestination(currency, input.address);
  const amount = withdrawalAmount(currency, input.amount);
  // A refund: the invoice or deposit is the account's, paid in this currency, and covers the amount.
  const refund = await quoteRefund(db, principal.accountId, input, amount);

  const terms = await feeTerms(ctx, currency);
  const total = amount.plus(terms.fee);
  await checkScreening(config.screening, currency, input.address, amount.units);
  await enforcePayoutPolicy(db, {
    tenantId: principal.tenantId,
    currency,
    address: input.address,
    totalUnits: total.units,
    usdPrice: terms.usdPrice,
    refund: Boolean(input.invoiceId || input.depositId),
    keyId: principal.keyId,
  });
  // What suspense releases for a deposit's refund is not the merchant's to cover: convert only for the rest.
  const convert = await covered(ctx, principal.accountId, total.minus(refund.released), input.allowAutoConvert === true);

  const values = {
    ...quotedColumns(currency, input.address, amount, terms),
    convert_from: convert?.from.code ?? null,
    convert_from_amount: convert?.fromAmount.units ?? null,
    convert_to_amount: convert?.toAmount.units ?? null,
    convert_commission: convert?.commission.units ?? null,
    ...refund.columns,
    // Quoted alone again, an item of a batch quote leaves it (that batch quote can no longer be committed).
    batch_quote_id: null,
    batch_index: null,
    expires_at: nowPlus(config.withdrawalQuoteTtlS),
    updated_at: now(),
  };
  // One quote per (account, orderId): asking again re-prices it, until it is committed. Without an
  // orderId the quote gets a new one, so it never collapses with another.
  const orderId = input.orderId ?? randomUUID();
  const row = await db
    .insertInto('withdrawal_quotes')
    .values({ id: randomUUID(), tenant_id: principal.tenantId, account_id: principal.accountId, order_id: orderId, ...values })
    .onConflict((oc) => oc.columns(['account_id', 'order_id']).doUpdateSet(values).where('withdrawal_quotes.committed_at', 'is', null))
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.withdrawal.orderIdAlreadyExists', { orderId });
  return quoteRecord(row);
}

/** The amount asked for, in the currency's units; too many decimals, not a number or below the minimum is a 400. */
export function withdrawalAmount(currency: CurrencyDef, value: number | string): Amount {
  const amount = requestedAmount(currency, value);
  const minimum = Amount.parse(currency, currency.minWithdrawal);
  if (amount.compare(minimum) < 0)
    throw new AppError('exceptions.withdrawal.amountBelowMinimum', { minWithdrawalAmount: toJsonNumber(minimum) });
  return amount;
}

function requestedAmount(currency: CurrencyDef, value: number | string): Amount {
  try {
    return Amount.parse(currency, value);
  } catch (err) {
    if (err instanceof MoneyPrecisionError)
      throw new AppError('exceptions.withdrawal.amountInvalidDecimalPlaces', { decimals: currency.decimals });
    if (err instanceof MoneyFormatError)
      throw new AppError('exceptions.validation.failed', {
        fields: [{ location: 'body', field: 'amount', message: 'must be a positive decimal amount' }],
      });
    throw err;
  }
}

/** What a withdrawal in `currency` pays the network now: in the currency and in the network's coin, with the price it was read at. */
export async function feeTerms(ctx: AppContext, currency: CurrencyDef) {
  const { db, config } = ctx;
  const net = networkOf(currency);
  const quoted = await getDepositNetworkFee(db, currency.code, config.feeMaxAgeS);
  if (!quoted) throw new AppError('exceptions.withdrawal.feeUnavailable', { cryptoCurrencyCode: currency.code });
  const native = knownCurrency(net.nativeCode);
  const price = await usdPrice(db, currency.symbol, config.rateMaxAgeS);
  const nativePrice = await usdPrice(db, native.symbol, config.rateMaxAgeS);
  const fee = Amount.of(currency, quoted.units);
  const feeNative = convertAmount(fee, price.price, native, nativePrice.price, 'up');
  return { fee, feeNative, usdPrice: ratioToDecimal(price.price) };
}
export type FeeTerms = Awaited<ReturnType<typeof feeTerms>>;

/** A quote's columns for `amount` to `address` on these terms (no conversion, no refund). */
export function quotedColumns(currency: CurrencyDef, address: string, amount: Amount, terms: FeeTerms) {
  const net = networkOf(currency);
  return {
    currency_code: currency.code,
    network: net.env,
    address,
    amount: amount.units,
    fee: terms.fee.units,
    fee_native: terms.feeNative.units,
    fee_native_currency: net.nativeSymbol,
    usd_price: terms.usdPrice,
  };
}

type Balances = Awaited<ReturnType<typeof merchantBalances>>;

/**
 * How the balance covers what the quote would debit (`needed`, in the withdrawal's currency): by
 * itself (null), or with auto-convert by a conversion from another balance. A quote nothing covers
 * is refused now (400 insufficientBalance, with what the balance holds), not a minute later at its
 * commit; the commit checks again, since a quote reserves nothing.
 */
async function covered(ctx: AppContext, accountId: string, needed: Amount, allowAutoConvert: boolean) {
  const balances = await merchantBalances(ctx.db, accountId);
  const have = Amount.of(needed.currency, balances.find((b) => b.currency === needed.currency.code)?.units ?? 0n);
  if (have.compare(needed) >= 0) return null;
  const convert = allowAutoConvert ? await planConversion(ctx, balances, knownCurrency(needed.currency.code), needed.minus(have)) : null;
  if (convert) return convert;
  throw new AppError(
    'exceptions.withdrawal.insufficientBalance',
    { cryptoCurrencyCode: needed.currency.code, required: toJsonNumber(needed), available: toJsonNumber(have) },
    'The balance does not cover the amount and the network fee',
  );
}

/**
 * A conversion covering what the withdrawal balance lacks (`shortfall`), from a balance of the
 * account that can pay it, priced like every conversion (conversions/pricing.ts: at the market
 * prices of both sides, stablecoins included, the commission inside fromAmount). Same-peg balances
 * are tried first; one without a fresh rate, or off its peg, is skipped. Null when nothing can cover
 * it; when only a stablecoin off its peg stood in the way, that refusal (503) is the answer.
 */
async function planConversion(ctx: AppContext, balances: Balances, to: CurrencyDef, shortfall: Amount) {
  const candidates = balances
    .filter((b) => b.currency !== to.code && b.units > 0n)
    .map((b) => ({ ...b, def: knownCurrency(b.currency) }))
    .sort((a, b) => Number(samePeg(b.def, to)) - Number(samePeg(a.def, to)));
  let offPeg: AppError | undefined;
  for (const c of candidates) {
    const terms = await currentTerms(ctx, c.def, to).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'exceptions.converting.stablecoinOffPeg') offPeg ??= err;
      else if (!(err instanceof AppError && err.code === 'exceptions.rates.unavailable')) throw err;
      return null;
    });
    if (!terms) continue;
    const price = priceByToAmount(terms, shortfall);
    if (c.units >= price.fromAmount.units) return price;
  }
  if (offPeg) throw offPeg;
  return null;
}
