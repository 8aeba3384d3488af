/**
 * Exact money. Inside the service an amount is a bigint of atomic units (satoshi, wei, cents) with
 * the decimals of its currency; decimal strings and JSON numbers appear only at the edges.
 */
export class MoneyFormatError extends Error {}
/** The value has more decimal places than the currency allows. */
export class MoneyPrecisionError extends MoneyFormatError {}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Turns a JS number as it came out of JSON into its shortest exact decimal string (no exponent). */
export function numberToDecimalString(value: number): string {
  if (!Number.isFinite(value)) throw new MoneyFormatError(`not a finite number: ${value}`);
  const text = String(value);
  const exp = /^(-)?(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exp) return text;
  const [, sign = '', lead = '', frac = '', e] = exp;
  const digits = lead + frac;
  const shift = Number(e) - frac.length;
  if (shift >= 0) return sign + digits + '0'.repeat(shift);
  const point = digits.length + shift;
  const body = point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`;
  return sign + body;
}

/** A decimal as written (a string), or a JSON number as its shortest exact decimal. */
export function decimalText(value: string | number): string {
  return typeof value === 'string' ? value : numberToDecimalString(value);
}

/**
 * Parses a decimal (string, or a JSON number) into atomic units. More decimals than the currency
 * has is a MoneyPrecisionError unless `round` says which way to go.
 */
export function toUnits(value: string | number, decimals: number, round?: 'up' | 'down'): bigint {
  const text = typeof value === 'number' ? numberToDecimalString(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new MoneyFormatError(`not a decimal amount: "${value}"`);
  const [, neg, whole = '', frac = ''] = m;
  const kept = frac.slice(0, decimals);
  const dropped = frac.slice(decimals);
  let units = BigInt(whole + kept.padEnd(decimals, '0'));
  if (/[1-9]/.test(dropped)) {
    if (!round) throw new MoneyPrecisionError(`"${value}" has more than ${decimals} decimal places`);
    if (round === 'up') units += 1n;
  }
  return neg ? -units : units;
}

/** Formats atomic units as a plain decimal string with trailing zeros removed ("1.5", "0", "-0.0001"). */
export function formatUnits(units: bigint, decimals: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const frac = decimals > 0 ? digits.slice(digits.length - decimals).replace(/0+$/, '') : '';
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

const MINT: unique symbol = Symbol('JsonDecimal');

/**
 * An exact decimal bound for the wire as a JSON number: the decimal text of an amount, every digit
 * kept (1.234567890123456789, never a double's 1.2345678901234567). The HTTP serializer and the
 * exact JSON writer (lib/exact-json.ts) write `text` raw where the schema says `number`; nothing
 * turns it back into a double. Only `toJsonNumber` and `jsonDecimal` make one, from a checked
 * decimal, so `text` is always a valid JSON number.
 */
export class JsonDecimal {
  /** Made here alone (the key is this module's): `text` is then always a valid JSON number. */
  constructor(
    key: typeof MINT,
    /** A plain decimal: optional minus, no exponent, no leading or trailing zeros ("0.5", "-12", "0"). */
    readonly text: string,
  ) {
    if (key !== MINT) throw new TypeError('a JsonDecimal is made by toJsonNumber or jsonDecimal');
  }

  /**
   * What JSON.stringify writes, which cannot write a number's digits raw: the exact decimal as a
   * string, so a path that was missed loses no digit (it shows as a string, which the wire test catches).
   */
  toJSON(): string {
    return this.text;
  }

  toString(): string {
    return this.text;
  }
}

/**
 * The one edge formatter: the JSON number of an amount, exact. Takes an `Amount`, or atomic units
 * with their decimals, or a decimal string from the database (NUMERIC) rounded down to `decimals`.
 */
export function toJsonNumber(amount: Amount): JsonDecimal;
export function toJsonNumber(units: bigint, decimals: number): JsonDecimal;
export function toJsonNumber(decimal: string, decimals: number): JsonDecimal;
export function toJsonNumber(value: Amount | bigint | string, decimals?: number): JsonDecimal {
  if (value instanceof Amount) return new JsonDecimal(MINT, formatUnits(value.units, value.currency.decimals));
  if (decimals === undefined) throw new TypeError('toJsonNumber: bare units need their decimals');
  if (typeof value === 'bigint') return new JsonDecimal(MINT, formatUnits(value, decimals));
  return new JsonDecimal(MINT, formatUnits(toUnits(value, decimals, 'down'), decimals));
}

/**
 * A stored decimal of no fixed precision (an invoice item's quantity or cost, as the client wrote
 * it) as an exact JSON number, normalised ("1.50" is 1.5). Not a decimal: MoneyFormatError.
 */
export function jsonDecimal(decimal: string): JsonDecimal {
  const m = DECIMAL.exec(decimal.trim());
  if (!m) throw new MoneyFormatError(`not a decimal: "${decimal}"`);
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const digits = BigInt((m[2] ?? '') + frac);
  return new JsonDecimal(MINT, formatUnits(m[1] ? -digits : digits, frac.length));
}

/**
 * An amount as a gauge's value (Prometheus samples are floats): for metrics only, never for the
 * API, where an amount is a JsonDecimal.
 */
export function toGaugeValue(units: bigint, decimals: number): number {
  return Number(formatUnits(units, decimals));
}

/** What an amount is counted in: a currency's code and its decimal places. */
export interface Unit<C extends string = string> {
  readonly code: C;
  readonly decimals: number;
}

/**
 * An amount of one currency: atomic units (satoshi, wei, sun) for crypto, minor units (cents) for
 * fiat, as a bigint, with the currency it counts. Arithmetic only between amounts of the same
 * currency: where the code is known to the compiler (`Amount<'BTC'>`) mixing does not compile, and
 * everywhere it is checked when it runs. JSON numbers come out through `toJsonNumber` alone, exact.
 */
export class Amount<C extends string = string> {
  private constructor(
    readonly units: bigint,
    readonly currency: Unit<C>,
  ) {}

  static of<C extends string>(currency: Unit<C>, units: bigint): Amount<C> {
    return new Amount(units, { code: currency.code, decimals: currency.decimals });
  }

  static zero<C extends string>(currency: Unit<C>): Amount<C> {
    return Amount.of(currency, 0n);
  }

  /** Parses a decimal (string or JSON number) in whole currency; too many decimals is an error. */
  static parse<C extends string>(currency: Unit<C>, value: string | number, round?: 'up' | 'down'): Amount<C> {
    return Amount.of(currency, toUnits(value, currency.decimals, round));
  }

  plus(other: Amount<C>): Amount<C> {
    return Amount.of(this.currency, this.units + this.same(other).units);
  }

  minus(other: Amount<C>): Amount<C> {
    return Amount.of(this.currency, this.units - this.same(other).units);
  }

  /** The same amount with the opposite sign (a ledger credit of this amount). */
  negate(): Amount<C> {
    return Amount.of(this.currency, -this.units);
  }

  /** This amount times a rate, rounded as told (down unless said). */
  times(ratio: Ratio, round: 'up' | 'down' = 'down'): Amount<C> {
    return Amount.of(this.currency, mulRatio(this.units, ratio, round));
  }

  compare(other: Amount<C>): -1 | 0 | 1 {
    const b = this.same(other).units;
    return this.units < b ? -1 : this.units > b ? 1 : 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** The decimal string ("1.5"), for NUMERIC columns with scale and for display. */
  toDecimal(): string {
    return formatUnits(this.units, this.currency.decimals);
  }

  private same(other: Amount<C>): Amount<C> {
    if (other.currency.code !== this.currency.code) {
      throw new TypeError(`cannot mix ${this.currency.code} and ${other.currency.code} amounts`);
    }
    return other;
  }
}

/** Fiat in minor units (cents, yen), the Hyperswitch `MinorUnit`: an Amount of a fiat currency. */
export type MinorUnit<F extends string = string> = Amount<F>;

/** Re-expresses units of one precision in another, rounding as told when precision is lost. */
export function rescale(units: bigint, from: number, to: number, round: 'up' | 'down' = 'down'): bigint {
  if (to >= from) return units * 10n ** BigInt(to - from);
  const div = 10n ** BigInt(from - to);
  const q = units / div;
  return round === 'up' && q * div !== units && units > 0n ? q + 1n : q;
}

/**
 * An amount re-expressed in another currency through the USD prices of both (USD per whole unit),
 * exactly, rounded as told.
 */
export function convertAmount<D extends string>(
  amount: Amount,
  fromPrice: Ratio,
  to: Unit<D>,
  toPrice: Ratio,
  round: 'up' | 'down',
): Amount<D> {
  const units = convertUnits(
    amount.units,
    { price: fromPrice, decimals: amount.currency.decimals },
    { price: toPrice, decimals: to.decimals },
    round,
  );
  return Amount.of(to, units);
}

/** Exact rate: a decimal string such as "0.005" as a fraction of bigints. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

export function parseRatio(value: string): Ratio {
  const m = DECIMAL.exec(value.trim());
  if (!m) throw new MoneyFormatError(`not a decimal rate: "${value}"`);
  // Trailing zeros (NUMERIC scale padding) carry no value: "60000.000" is 60000/1.
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const den = 10n ** BigInt(frac.length);
  const num = BigInt((m[2] ?? '') + frac) * (m[1] ? -1n : 1n);
  return { num, den };
}

/** The decimal string of a ratio whose denominator is a power of ten (as parseRatio makes them). */
export function ratioToDecimal(r: Ratio): string {
  return formatUnits(r.num, r.den.toString().length - 1);
}

/** units × ratio, rounded as told (down by default: the merchant is never charged a fraction more). */
export function mulRatio(units: bigint, ratio: Ratio, round: 'up' | 'down' = 'down'): bigint {
  const product = units * ratio.num;
  const q = product / ratio.den;
  if (round === 'up' && q * ratio.den !== product && product > 0n) return q + 1n;
  return q;
}

/**
 * Converts atomic units of one asset into atomic units of another through their USD prices,
 * exactly, rounding as told (a customer's amount due rounds up: never short by a unit).
 */
export function convertUnits(
  units: bigint,
  from: { price: Ratio; decimals: number },
  to: { price: Ratio; decimals: number },
  round: 'up' | 'down',
): bigint {
  // units × fromPrice / toPrice, rescaled from `from.decimals` to `to.decimals`.
  let num = units * from.price.num * to.price.den;
  let den = from.price.den * to.price.num;
  if (to.decimals >= from.decimals) num *= 10n ** BigInt(to.decimals - from.decimals);
  else den *= 10n ** BigInt(from.decimals - to.decimals);
  const q = num / den;
  return round === 'up' && q * den !== num ? q + 1n : q;
}
