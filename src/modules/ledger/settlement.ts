import type { NetworkEnvName } from '../../config.ts';
import { mulRatio, parseRatio, toJsonNumber } from '../../lib/money.ts';
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { custodyAccount, merchantAccount, type PostingLine } from './service.ts';

/** How one received payment divides, in the currency's atomic units. */
export interface PaymentSplit {
  received: bigint;
  /** Network fee withheld (fixed when the deposit or quote was made; never more than received). */
  fee: bigint;
  /** Commission on (received − fee) at the rate fixed at creation, rounded down. */
  commission: bigint;
  /** received − fee − commission: what the merchant is credited. */
  net: bigint;
}

/**
 * The spec's fee rules for one payment: the network fee due is withheld first (capped at what
 * arrived), the commission is taken on the rest, the merchant gets what remains. Rounding is down
 * on the commission, so the merchant is never charged a fraction of a unit more than the rate.
 */
export function splitPayment(received: bigint, feeDue: bigint, commissionRate: string): PaymentSplit {
  if (received < 0n || feeDue < 0n) throw new RangeError('amounts must not be negative');
  const fee = feeDue < received ? feeDue : received;
  const commission = mulRatio(received - fee, parseRatio(commissionRate), 'down');
  return { received, fee, commission, net: received - fee - commission };
}

/** The balanced ledger lines of a settled payment: custody in; merchant, fees and revenue out. */
export function settlementLines(network: NetworkEnvName, accountId: string, currency: CurrencyDef, split: PaymentSplit): PostingLine[] {
  return [
    { account: custodyAccount(network), currency: currency.code, amount: split.received },
    { account: merchantAccount(accountId), currency: currency.code, amount: -split.net },
    { account: 'fees:network', currency: currency.code, amount: -split.fee },
    { account: 'revenue:commission', currency: currency.code, amount: -split.commission },
  ];
}

/**
 * A USD snapshot of an amount: units × price (USD per whole coin), in cents rounded down. For
 * reporting only; never used to move money. 0 when no price was known.
 */
export function usdValue(units: bigint, currency: CurrencyDef, usdPrice: string | null): number {
  if (!usdPrice) return 0;
  const p = parseRatio(usdPrice);
  const cents = (units * p.num * 100n) / (p.den * 10n ** BigInt(currency.decimals));
  return toJsonNumber(cents, 2);
}

/** Totals of the payments settled so far for one invoice or deposit. */
export interface SettledTotals {
  paid: bigint;
  fee: bigint;
  commission: bigint;
  net: bigint;
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

export function totalsOf(row: SettledColumns, completedAt: Date): SettledTotals {
  return {
    paid: BigInt(row.amount_paid),
    fee: BigInt(row.fee_withheld),
    commission: BigInt(row.commission),
    net: BigInt(row.net_credited),
    txHash: row.tx_hash,
    completedAt,
  };
}

/** The spec's settlement object (invoices and deposits), with its USD snapshots. */
export function settlementRecord(currency: CurrencyDef, totals: SettledTotals, usdPrice: string | null) {
  const d = currency.decimals;
  return {
    amountPaid: toJsonNumber(totals.paid, d),
    amountPaidUsd: usdValue(totals.paid, currency, usdPrice),
    commissionAmount: toJsonNumber(totals.commission, d),
    commissionAmountUsd: usdValue(totals.commission, currency, usdPrice),
    networkFeeAmount: toJsonNumber(totals.fee, d),
    networkFeeAmountUsd: usdValue(totals.fee, currency, usdPrice),
    networkFeeCurrencyCode: currency.code,
    netAmount: toJsonNumber(totals.net, d),
    netAmountUsd: usdValue(totals.net, currency, usdPrice),
    ...(totals.txHash ? { txHash: totals.txHash } : {}),
    completedAt: totals.completedAt.toISOString(),
  };
}
