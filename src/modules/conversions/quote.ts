import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { nowPlus } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { Amount, MoneyFormatError, MoneyPrecisionError, toUnits } from '../../lib/money.ts';
import { findCurrency, isServed, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { currentTerms, priceByFromAmount, priceByToAmount, type ConversionPrice } from './pricing.ts';
import type { ConversionQuoteRow } from './record.ts';

/** What preview and quote are asked: a pair of currencies and exactly one of the two amounts. */
export interface ConversionRequest {
  fromCryptoCurrencyCode: string;
  toCryptoCurrencyCode: string;
  fromAmount?: number | string;
  toAmount?: number | string;
}

type Side = 'fromCryptoCurrencyCode' | 'toCryptoCurrencyCode';

/**
 * A currency of the pair: catalogued (else 400 converting.currencyNotFound) and served here (else
 * 400 currency.unavailable, the code every create route gives for a network this installation lacks).
 */
function currencyOf(ctx: AppContext, req: ConversionRequest, field: Side): CurrencyDef {
  const code = req[field];
  const currency = findCurrency(code);
  if (!currency) throw new AppError('exceptions.converting.currencyNotFound', { field, cryptoCurrencyCode: code });
  if (!isServed(ctx.config, currency)) {
    throw new AppError('exceptions.currency.unavailable', {
      field,
      cryptoCurrencyCode: code,
      network: currency.network,
      mode: ctx.config.mode,
    });
  }
  return currency;
}

/** The amount given, in its currency's atomic units: below one unit or with more decimals than it has is a 400. */
function parseAmount(currency: CurrencyDef, field: 'fromAmount' | 'toAmount', value: number | string): Amount {
  const extension = { field, cryptoCurrencyCode: currency.code, decimals: currency.decimals };
  try {
    const amount = Amount.parse(currency, value);
    if (amount.units <= 0n) throw new AppError('exceptions.converting.amountBelowAtomicUnit', extension);
    return amount;
  } catch (err) {
    if (err instanceof MoneyPrecisionError) {
      if (toUnits(value, currency.decimals, 'down') <= 0n) throw new AppError('exceptions.converting.amountBelowAtomicUnit', extension);
      throw new AppError('exceptions.converting.amountInvalidDecimalPlaces', extension);
    }
    if (err instanceof MoneyFormatError) {
      throw new AppError('exceptions.validation.failed', {
        fields: [{ location: 'body', field, message: 'must be a positive decimal amount' }],
      });
    }
    throw err;
  }
}

/**
 * POST /converting/preview: the price of a conversion at the current rates; nothing is stored.
 * Checks, in order: both currencies known, different and served; exactly one amount; its precision.
 */
export async function previewConversion(ctx: AppContext, req: ConversionRequest): Promise<ConversionPrice> {
  const from = currencyOf(ctx, req, 'fromCryptoCurrencyCode');
  const to = currencyOf(ctx, req, 'toCryptoCurrencyCode');
  if (from.code === to.code) throw new AppError('exceptions.converting.sameCurrency', { cryptoCurrencyCode: from.code });
  const given = (['fromAmount', 'toAmount'] as const).filter((f) => req[f] !== undefined);
  if (given.length !== 1) throw new AppError('exceptions.converting.amountSpecificationInvalid', { given });
  const amount =
    req.fromAmount !== undefined ? parseAmount(from, 'fromAmount', req.fromAmount) : parseAmount(to, 'toAmount', req.toAmount ?? '');
  const terms = await currentTerms(ctx, from, to);
  return req.fromAmount !== undefined ? priceByFromAmount(terms, amount) : priceByToAmount(terms, amount);
}

/** POST /converting/quote: the preview's price fixed for CONVERT_QUOTE_TTL_S; it reserves nothing. */
export async function quoteConversion(ctx: AppContext, principal: ApiPrincipal, req: ConversionRequest): Promise<ConversionQuoteRow> {
  const price = await previewConversion(ctx, req);
  return ctx.db
    .insertInto('conversion_quotes')
    .values({
      id: randomUUID(),
      tenant_id: principal.tenantId,
      account_id: principal.accountId,
      from_currency: price.from.code,
      to_currency: price.to.code,
      from_amount: price.fromAmount.units,
      to_amount: price.toAmount.units,
      commission: price.commission.units,
      expires_at: nowPlus(ctx.config.convertQuoteTtlS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
