import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { isValidAddress, unusableAddress } from '../../chains/address-validation.ts';
import { now, nowPlus } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { Amount, MoneyFormatError, MoneyPrecisionError, convertAmount, ratioToDecimal, rescale, toJsonNumber, type Ratio } from '../../lib/money.ts';
import { findCurrency, isCatalogueContract, networkOf, servedCurrency, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { getDepositNetworkFee } from '../currencies/fees.ts';
import { merchantBalances } from '../ledger/service.ts';
import { usdPrice } from '../rates/service.ts';

import { quoteRecord } from './record.ts';

/** The flat commission of a locked conversion, charged in the source currency. */
const CONVERSION_COMMISSION = Amount.of({ code: 'USD', decimals: 2 }, 50n);
/** The USD price of one US dollar. */
const USD_PER_USD: Ratio = { num: 1n, den: 1n };

export interface QuoteInput {
  cryptoCurrencyCode: string;
  address: string;
  amount: number | string;
  orderId: string;
  allowAutoConvert?: boolean;
}

/** POST /withdrawal/quote: the fee and total locked for a while; nothing is reserved yet. */
export async function quoteWithdrawal(ctx: AppContext, principal: ApiPrincipal, input: QuoteInput) {
  const { db, config } = ctx;
  const currency = findCurrency(input.cryptoCurrencyCode);
  if (!currency) throw new AppError('exceptions.withdrawal.currencyNotFound', { cryptoCurrencyCode: input.cryptoCurrencyCode });
  servedCurrency(config, currency.code);
  const net = networkOf(currency);
  if (!isValidAddress(net.env, input.address)) {
    throw new AppError('exceptions.withdrawal.invalidAddress', { network: net.api, address: input.address, reason: 'malformed' });
  }
  // Well-formed but a sink: what is sent there can never be moved again.
  const unusable = unusableAddress(net.env, input.address) ?? (isCatalogueContract(input.address) ? 'tokenContract' : undefined);
  if (unusable) {
    throw new AppError('exceptions.withdrawal.invalidAddress', { network: net.api, address: input.address, reason: unusable });
  }
  const amount = requestedAmount(currency, input.amount);
  const minimum = Amount.parse(currency, currency.minWithdrawal);
  if (amount.compare(minimum) < 0) throw new AppError('exceptions.withdrawal.amountBelowMinimum', { minWithdrawalAmount: toJsonNumber(minimum) });

  const quoted = await getDepositNetworkFee(db, currency.code, config.feeMaxAgeS);
  if (!quoted) throw new AppError('exceptions.withdrawal.feeUnavailable', { cryptoCurrencyCode: currency.code });
  const native = findCurrency(net.nativeCode)!;
  const price = await usdPrice(db, currency.symbol, config.rateMaxAgeS);
  const nativePrice = await usdPrice(db, native.symbol, config.rateMaxAgeS);
  const fee = Amount.of(currency, quoted.units);
  const feeNative = convertAmount(fee, price.price, native, nativePrice.price, 'up');
  const total = amount.plus(fee);
  const convert = input.allowAutoConvert ? await planConversion(ctx, principal.accountId, currency, price.price, total) : null;

  const values = {
    currency_code: currency.code,
    network: net.env,
    address: input.address,
    amount: amount.units,
    fee: fee.units,
    fee_native: feeNative.units,
    fee_native_currency: net.nativeSymbol,
    usd_price: ratioToDecimal(price.price),
    convert_from: convert?.from.code ?? null,
    convert_from_amount: convert?.fromAmount.units ?? null,
    convert_to_amount: convert?.toAmount.units ?? null,
    convert_commission: convert?.commission.units ?? null,
    expires_at: nowPlus(config.withdrawalQuoteTtlS),
    updated_at: now(),
  };
  // One quote per (account, orderId): asking again re-prices it, until it is committed.
  const row = await db
    .insertInto('withdrawal_quotes')
    .values({ id: randomUUID(), tenant_id: principal.tenantId, account_id: principal.accountId, order_id: input.orderId, ...values })
    .onConflict((oc) => oc.columns(['account_id', 'order_id']).doUpdateSet(values).where('withdrawal_quotes.committed_at', 'is', null))
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.withdrawal.orderIdAlreadyExists', { orderId: input.orderId });
  return quoteRecord(row);
}

/** The amount asked for, in the currency's units; too many decimals or not a number is a 400. */
function requestedAmount(currency: CurrencyDef, value: number | string): Amount {
  try {
    return Amount.parse(currency, value);
  } catch (err) {
    if (err instanceof MoneyPrecisionError) throw new AppError('exceptions.withdrawal.amountInvalidDecimalPlaces', { decimals: currency.decimals });
    if (err instanceof MoneyFormatError) throw new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field: 'amount', message: 'must be a positive decimal amount' }] });
    throw err;
  }
}

/**
 * A conversion covering what the withdrawal balance lacks, from the account's balance that can
 * pay it: same-peg stablecoins 1:1, others at the current rate, plus 0.5 USD commission in the
 * source currency. Null when the balance suffices or nothing can cover it.
 */
async function planConversion(ctx: AppContext, accountId: string, to: CurrencyDef, toPrice: Ratio, total: Amount) {
  const { db, config } = ctx;
  const balances = await merchantBalances(db, accountId);
  const have: Amount = Amount.of(to, balances.find((b) => b.currency === to.code)?.units ?? 0n);
  if (have.compare(total) >= 0) return null;
  const shortfall = total.minus(have);
  const candidates = balances
    .filter((b) => b.currency !== to.code && b.units > 0n)
    .map((b) => ({ ...b, def: findCurrency(b.currency)! }))
    .sort((a, b) => Number(!!b.def.peg && b.def.peg === to.peg) - Number(!!a.def.peg && a.def.peg === to.peg));
  for (const c of candidates) {
    const fromPrice = await usdPrice(db, c.def.symbol, config.rateMaxAgeS).catch(() => null);
    if (!fromPrice) continue;
    const samePeg = !!c.def.peg && c.def.peg === to.peg;
    const fromAmount = samePeg
      ? Amount.of(c.def, rescale(shortfall.units, to.decimals, c.def.decimals, 'up'))
      : convertAmount(shortfall, toPrice, c.def, fromPrice.price, 'up');
    const commission = convertAmount(CONVERSION_COMMISSION, USD_PER_USD, c.def, fromPrice.price, 'up');
    if (c.units >= fromAmount.plus(commission).units && !fromAmount.isZero()) return { from: c.def, fromAmount, toAmount: shortfall, commission };
  }
  return null;
}

