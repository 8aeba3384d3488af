import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { Amount, convertAmount, mulRatio, parseRatio, toJsonNumber, type Ratio } from '../../lib/money.ts';
import { priceString } from '../rates/combine.ts';
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

/** Stablecoins of one peg (USDT and USDC, on any network): a withdrawal's auto-convert tries these balances first. */
export function samePeg(a: CurrencyDef, b: CurrencyDef): boolean {
  return !!a.peg && a.peg === b.peg;
}

/**
 * The terms from the USD prices of both currencies (USD per whole unit): every pair, stablecoins
 * of one peg included, at the ratio of their market prices (a stablecoin worth 0.99 USD buys 0.99
 * of one worth 1 USD; the API's "stablecoin-to-stablecoin conversions are 1:1" gave a depegged
 * coin its peg's value). The commission, set in US cents, becomes source units at the source price,
 * rounded up. Pure, so the rounding rules can be tested on any prices.
 */
export function conversionTerms(
  from: CurrencyDef,
  to: CurrencyDef,
  prices: { from: Ratio; to: Ratio },
  commissionUsdCents: bigint,
): ConversionTerms {
  const scale = (decimals: number) => 10n ** BigInt(decimals);
  const rate = { num: prices.from.num * prices.to.den * scale(to.decimals), den: prices.from.den * prices.to.num * scale(from.decimals) };
  const commission = convertAmount(Amount.of(USD, commissionUsdCents), USD_PER_USD, from, prices.from, 'up');
  return { from, to, rate, commission };
}

/**
 * How far a stablecoin's market price lies from its peg's, as a share of the peg's (|price − peg| /
 * peg), when that is more than `band`; null within it (the band's edge included).
 */
export function pegDeviation(price: Ratio, pegPrice: Ratio, band: Ratio): Ratio | null {
  // price = a/b, peg = c/d: |a·d − b·c| / (b·c), compared with the band cross-multiplied.
  const gap = price.num * pegPrice.den - price.den * pegPrice.num;
  const deviation = { num: gap < 0n ? -gap : gap, den: price.den * pegPrice.num };
  return deviation.num * band.den > band.num * deviation.den ? deviation : null;
}

/**
 * The market USD prices of a conversion's two currencies (`usdPrice`: refused with 503 when stale,
 * missing or disputed), refusing (503 exceptions.converting.stablecoinOffPeg) a pair either side of
 * which is a stablecoin trading further from its peg than STABLECOIN_DEPEG_BAND: at such a moment
 * its price moves too fast, and disputes too easily, for a quote to hold. Read with the executor
 * given, so a commit checks inside its own transaction.
 */
export async function pairPrices(db: Executor, config: Config, from: CurrencyDef, to: CurrencyDef): Promise<{ from: Ratio; to: Ratio }> {
  const price = async (asset: string) => (asset === 'USD' ? USD_PER_USD : (await usdPrice(db, asset, config.rateMaxAgeS)).price);
  const prices = { from: await price(from.symbol), to: await price(to.symbol) };
  const band = parseRatio(config.stablecoinDepegBand);
  for (const [side, currency] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!currency.peg) continue;
    const pegPrice = await price(currency.peg);
    const deviation = pegDeviation(prices[side], pegPrice, band);
    if (deviation) {
      throw new AppError('exceptions.converting.stablecoinOffPeg', {
        cryptoCurrencyCode: currency.code,
        peg: currency.peg,
        usdPrice: priceString(prices[side].num, prices[side].den),
        pegUsdPrice: priceString(pegPrice.num, pegPrice.den),
        deviation: priceString(deviation.num, deviation.den),
        band: config.stablecoinDepegBand,
      });
    }
  }
  return prices;
}

/**
 * At a commit: a pair with a stablecoin is refused when either side is now off its peg, or has no
 * price to tell (the quote's price may be what the market has since left). Floating pairs commit at
 * their quote's price without a look.
 */
export async function checkPegs(db: Executor, config: Config, from: CurrencyDef, to: CurrencyDef): Promise<void> {
  if (from.peg || to.peg) await pairPrices(db, config, from, to);
}

/**
 * The terms now: the pair's market prices (`pairPrices`, refused when missing, stale, disputed or
 * off peg) and the configured commission (CONVERT_COMMISSION_USD). The one pricing of every
 * conversion: the API's and a withdrawal's auto-convert.
 */
export async function currentTerms(ctx: AppContext, from: CurrencyDef, to: CurrencyDef): Promise<ConversionTerms> {
  return conversionTerms(from, to, await pairPrices(ctx.db, ctx.config, from, to), ctx.config.convertCommissionUsdCents);
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
    throw new AppError('exceptions.converting.amountBelowMinimum', {
      minFromAmount: toJsonNumber(minimumFromAmount(terms)),
      cryptoCurrencyCode: terms.from.code,
    });
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
