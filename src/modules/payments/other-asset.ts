import type { Config, NetworkEnvName } from '../../config.ts';
import { enqueue } from '../../lib/outbox.ts';
import { paymentView } from './list.ts';
import type { Trx } from '../../lib/db/index.ts';
import { Amount } from '../../lib/money.ts';
import { findCurrency } from '../../lib/currencies/catalogue.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { settlementLines, splitPayment, uncreditedSplit, type PaymentSplit } from '../ledger/settlement.ts';
import { minDepositUnits } from '../currencies/service.ts';
import type { Payment } from './watcher.ts';

/** Whose payment it is: the invoice or deposit whose address it paid, and the terms fixed on it. */
export interface PaymentOwnerTerms {
  kind: 'invoice' | 'deposit';
  id: string;
  tenantId: string;
  accountId: string;
  /** The owner's commission rate, fixed when it was made. */
  commissionRate: string;
  /** The owner's record as its events carry it (unchanged by this payment). */
  record: () => Promise<object> | object;
}

/** A settled payment's split, and what of it stays in suspense (below the currency's minimum). */
export interface SettledPayment {
  split: PaymentSplit;
  held: Amount;
}

/**
 * Keeps a settled payment's split beside it, so its record shows what was withheld, taken and
 * credited in the asset that arrived (the owner's own totals hold only the payments that count).
 */
export async function recordSplit(trx: Trx, paymentId: string, { split, held }: SettledPayment): Promise<Payment> {
  return trx
    .updateTable('payments')
    .set({
      fee_withheld: split.fee.units.toString(),
      commission: split.commission.units.toString(),
      net_credited: split.net.units.toString(),
      held: held.units.toString(),
    })
    .where('id', '=', paymentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A confirmed payment in an asset of the catalogue other than its address's currency: not lost and
 * not misread. It is credited to the merchant in its own currency and units by the usual rules (the
 * currency's deposit network fee as last quoted is withheld, the owner's commission taken on the
 * rest), or, below that currency's minimum deposit, held in suspense for a refund. It never counts
 * toward the invoice or deposit; `<kind>.otherAssetReceived` tells the merchant, in the same
 * transaction. Null when it was settled before (a replayed round).
 */
export async function settleOtherAsset(
  trx: Trx,
  config: Config,
  payment: Payment,
  owner: PaymentOwnerTerms,
): Promise<SettledPayment | null> {
  const currency = findCurrency(payment.currency_code);
  if (!currency) throw new TypeError(`not a catalogued currency: ${payment.currency_code}`);
  const received = Amount.of(currency, BigInt(payment.amount));
  // The quote as last stored, however old: a payment already made is settled, never refused.
  const quote = await trx.selectFrom('network_fee_quotes').select('amount').where('currency_code', '=', currency.code).executeTakeFirst();
  const fee = Amount.of(currency, quote?.amount ? BigInt(quote.amount) : 0n);
  const credited = received.units >= minDepositUnits(currency, { units: fee.units, quotedAt: new Date() });
  const network = payment.network as NetworkEnvName;
  const settled: SettledPayment = credited
    ? { split: splitPayment(received, fee, owner.commissionRate), held: Amount.zero(currency) }
    : { split: uncreditedSplit(received), held: received };
  const lines = credited
    ? settlementLines(network, owner.accountId, settled.split)
    : [debit(custodyAccount(network), received), credit('suspense:below-minimum', received)];
  const posted = await post(trx, {
    tenantId: owner.tenantId,
    kind: `${owner.kind}.otherAsset`,
    refType: 'payment',
    refId: payment.id,
    lines,
  });
  if (!posted) return null;
  const updated = await recordSplit(trx, payment.id, settled);
  await enqueue(trx, {
    tenantId: owner.tenantId,
    type: `${owner.kind}.otherAssetReceived`,
    aggregateType: owner.kind,
    aggregateId: owner.id,
    payload: { ...(await owner.record()), payment: paymentView(config, updated) },
  });
  return settled;
}
