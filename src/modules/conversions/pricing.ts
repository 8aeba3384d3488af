import type { AppContext } from '../../context.ts';
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { AppError } from '../../lib/errors.ts';
import { Amount, convertAmount, mulRatio, toJsonNumber, type Ratio } from '../../lib/money.ts';
import { usdPrice } from '../rates/service.ts';

/** The US dollar in cents: what the commission is set in. */
const USD = { code: 'USD', decimals: 2 } as const;
/** The USD price of one US dollar. */
const USD_PER_USD: Ratio = { num: 1n, den: 1n };

/**
 * How one currency converts into another at one moment: the exchange rate between their atomic
 * units and the commission the house keeps out of every source amount.
 */
export interface ConversionTerms {
  from: CurrencyDef;
  to: CurrencyDef;
  /** Atomic units of `to` for one atomic unit of `from`, as an exact fraction. */
  rate: Ratio;
  /** The part of every fromAmount the house keeps, in `from`. */
  commission: Amount;
}

/** A priced conversion: exactly what leaves the source balance and exactly what arrives. */
export interface ConversionPrice {
  from: CurrencyDef;
  to: CurrencyDef;
  /** Everything debited from the source balance, the commission included. */
  fromAmount: Amount;
  /** Everything credited to the target balance. */
  toAmount: Amount;
  /** The part of fromAmount the house keeps: shown, never charged beside it. */
  commission: Amount;
}

/** Stablecoins of one peg (USDT and USDC, on any network) convert 1:1, whatever the market says. */
export function samePeg(a: CurrencyDef, b: CurrencyDef): boolean {
  return !!a.peg && a.peg === b.peg;
}

/**
 * The terms from the USD prices of both currencies (USD per whole unit): same-peg stablecoins at
 * 1:1, others at the ratio of their prices; the commission, set in US cents, becomes source units
 * at the source price, rounded up. Pure, so the rounding rules can be tested on any prices.
 */
export function conversionTerms(from: CurrencyDef, to: CurrencyDef, prices: { from: Ratio; to: Ratio }, commissionUsdCents: bigint): ConversionTerms {
  const scale = (decimals: number) => 10n ** BigInt(decimals);
  const rate = samePeg(from, to)
    ? { num: scale(to.decimals), den: scale(from.decimals) }
    : { num: prices.from.num * prices.to.den * scale(to.decimals), den: prices.from.den * prices.to.num * scale(from.decimals) };
  const commission = convertAmount(Amount.of(USD, commissionUsdCents), USD_PER_USD, from, prices.from, 'up');
  return { from, to, rate, commission };
}

/**
 * The terms now: the current rates (`usdPrice`, refused with 503 when stale or missing) and the
 * configured commission (CONVERT_COMMISSION_USD). The one pricing of every conversion: the API's
 * and a withdrawal's auto-convert.
 */
export async function currentTerms(ctx: AppContext, from: CurrencyDef, to: CurrencyDef): Promise<ConversionTerms> {
  const { db, config } = ctx;
  const cents = config.convertCommissionUsdCents;
  const price = async (c: CurrencyDef) => (await usdPrice(db, c.symbol, config.rateMaxAgeS)).price;
  // A same-peg pair needs no market price at all, unless a commission has to be priced.
  const fromPrice = cents > 0n || !samePeg(from, to) ? await price(from) : USD_PER_USD;
  const toPrice = samePeg(from, to) ? fromPrice : await price(to);
  return conversionTerms(from, to, { from: fromPrice, to: toPrice }, cents);
}

/** The smallest fromAmount that buys one atomic unit of the target currency. */
export function minimumFromAmount(terms: ConversionTerms): Amount {
  return priceByToAmount(terms, Amount.of(terms.to, 1n)).fromAmount;
}

/**
 * Priced by what leaves: the commission comes out of fromAmount, the rest converts at the rate and
 * is rounded down to the target's atomic unit (the fraction stays with the house). A fromAmount
 * that would buy nothing is a 400 naming the smallest that does.
 */
export function priceByFromAmount(terms: ConversionTerms, fromAmount: Amount): ConversionPrice {
  const net = fromAmount.minus(terms.commission);
  const toUnits = net.units > 0n ? mulRatio(net.units, terms.rate, 'down') : 0n;
  if (toUnits <= 0n) {
    throw new AppError('exceptions.converting.amountBelowMinimum', { minFromAmount: toJsonNumber(minimumFromAmount(terms)) });
  }
  return { from: terms.from, to: terms.to, fromAmount, toAmount: Amount.of(terms.to, toUnits), commission: terms.commission };
}

/**
 * Priced by what arrives: the smallest fromAmount whose conversion gives at least toAmount (the
 * source amount rounded up to its atomic unit), plus the commission. Re-priced by that fromAmount
 * it gives toAmount or, when one source unit is worth more than one target unit, at most what that
 * last source unit buys beyond it; one source unit less would give less than toAmount.
 */
export function priceByToAmount(terms: ConversionTerms, toAmount: Amount): ConversionPrice {
  const inverse: Ratio = { num: terms.rate.den, den: terms.rate.num };
  const fromAmount = terms.commission.plus(Amount.of(terms.from, mulRatio(toAmount.units, inverse, 'up')));
  return { from: terms.from, to: terms.to, fromAmount, toAmount, commission: terms.commission };
}
