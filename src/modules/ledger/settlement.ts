import type { NetworkEnvName } from '../../config.ts';
import { Amount, parseRatio, toJsonNumber, type JsonDecimal } from '../../lib/money.ts';
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { credit, custodyAccount, debit, merchantAccount, type PostingLine } from './service.ts';

/** How one received payment divides, all in the payment's currency. */
export interface PaymentSplit<C extends string = string> {
  received: Amount<C>;
  /** Network fee withheld (fixed when the deposit or quote was made; never more than received). */
  fee: Amount<C>;
  /** Commission on (received − fee) at the rate fixed at creation, rounded down. */
  commission: Amount<C>;
  /** received − fee − commission: what the merchant is credited. */
  net: Amount<C>;
}

/**
 * The API's fee rules for one payment: the network fee due is withheld first (capped at what
 * arrived), the commission is taken on the rest, the merchant gets what remains. Rounding is down
 * on the commission, so the merchant is never charged a fraction of a unit more than the rate.
 */
export function splitPayment<C extends string>(received: Amount<C>, feeDue: Amount<C>, commissionRate: string): PaymentSplit<C> {
  if (received.units < 0n || feeDue.units < 0n) throw new RangeError('amounts must not be negative');
  const fee = feeDue.compare(received) < 0 ? feeDue : received;
  const commission = received.minus(fee).times(parseRatio(commissionRate), 'down');
  return { received, fee, commission, net: received.minus(fee).minus(commission) };
}

/** A payment that is recorded but not credited: everything stays out of the merchant's balance. */
export function uncreditedSplit<C extends string>(received: Amount<C>): PaymentSplit<C> {
  const zero = Amount.zero(received.currency);
  return { received, fee: zero, commission: zero, net: zero };
}

/** The balanced ledger lines of a settled payment: custody in; merchant, fees and revenue out. */
export function settlementLines(network: NetworkEnvName, accountId: string, split: PaymentSplit): PostingLine[] {
  return [
    debit(custodyAccount(network), split.received),
    credit(merchantAccount(accountId), split.net),
    credit('fees:network', split.fee),
    credit('revenue:commission', split.commission),
  ];
}

/**
 * A USD snapshot of an amount: units × price (USD per whole coin), in cents rounded to the nearest
 * (half up), so a figure is off by at most half a cent. For reporting only; never used to move
 * money. 0 when no price was known.
 */
export function usdValue(amount: Amount, usdPrice: string | null): JsonDecimal {
  return toJsonNumber(usdCents(amount, usdPrice), 2);
}

/** `usdValue` in exact cents. */
function usdCents(amount: Amount, usdPrice: string | null): bigint {
  if (!usdPrice) return 0n;
  const p = parseRatio(usdPrice);
  const scaled = p.den * 10n ** BigInt(amount.currency.decimals);
  return (2n * amount.units * p.num * 100n + scaled) / (2n * scaled);
}

/**
 * The USD snapshots of parts that add up to a whole (the fee, commission and net of a payment):
 * each part is the rounded running total less the one before it, so the parts sum to the whole's
 * own snapshot to the cent, and none is a cent or more from its own value.
 */
export function usdParts(parts: readonly [Amount, Amount, Amount], usdPrice: string | null): [JsonDecimal, JsonDecimal, JsonDecimal] {
  let total = Amount.zero(parts[0].currency);
  let before = 0n;
  const next = (part: Amount) => {
    total = total.plus(part);
    const cents = usdCents(total, usdPrice);
    const value = toJsonNumber(cents - before, 2);
    before = cents;
    return value;
  };
  return [next(parts[0]), next(parts[1]), next(parts[2])];
}

/** Totals of the payments settled so far for one invoice or deposit. */
export interface SettledTotals {
  paid: Amount;
  fee: Amount;
  commission: Amount;
  net: Amount;
  txHash: string | null;
  completedAt: Date;
}

/** The running sums an invoice or deposit row keeps of its settled payments. */
export interface SettledColumns {
  amount_paid: string;
  fee_withheld: string;
  commission: string;
  net_credited: string;
  tx_hash: string | null;
}

export function totalsOf(currency: CurrencyDef, row: SettledColumns, completedAt: Date): SettledTotals {
  return {
    paid: Amount.of(currency, BigInt(row.amount_paid)),
    fee: Amount.of(currency, BigInt(row.fee_withheld)),
    commission: Amount.of(currency, BigInt(row.commission)),
    net: Amount.of(currency, BigInt(row.net_credited)),
    txHash: row.tx_hash,
    completedAt,
  };
}

/** The API's settlement object (invoices and deposits), with its USD snapshots. */
export function settlementRecord(totals: SettledTotals, usdPrice: string | null) {
  // paid = fee + commission + net, and so are their USD figures (a breakdown that sums to the cent).
  const [feeUsd, commissionUsd, netUsd] = usdParts([totals.fee, totals.commission, totals.net], usdPrice);
  return {
    amountPaid: toJsonNumber(totals.paid),
    amountPaidUsd: usdValue(totals.paid, usdPrice),
    commissionAmount: toJsonNumber(totals.commission),
    commissionAmountUsd: commissionUsd,
    networkFeeAmount: toJsonNumber(totals.fee),
    networkFeeAmountUsd: feeUsd,
    networkFeeCurrencyCode: totals.fee.currency.code,
    netAmount: toJsonNumber(totals.net),
    netAmountUsd: netUsd,
    ...(totals.txHash ? { txHash: totals.txHash } : {}),
    completedAt: totals.completedAt.toISOString(),
  };
}
