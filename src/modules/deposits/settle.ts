import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { NetworkEnvName } from '../../config.ts';
import { knownCurrency } from '../../lib/currencies/catalogue.ts';
import { now, type Trx } from '../../lib/db/index.ts';
import type { DepositStatus } from '../../lib/db/schema.ts';
import type { StatusSet } from '../../lib/state-machine.ts';
import { Amount } from '../../lib/money.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { settlementLines, splitPayment, uncreditedSplit } from '../ledger/settlement.ts';
import { recordSplit, settleOtherAsset } from '../payments/other-asset.ts';
import type { Payment, PaymentChange, PaymentListener } from '../payments/watcher.ts';
import { changeStatus, recordWithRefunds, type DepositRow } from './record.ts';
import { depositMachine } from './status.ts';

/** What the payment watcher tells about deposit addresses: onDepositPayment. */
export function depositListener(ctx: AppContext): PaymentListener {
  return { onPaymentChanged: (trx, payment, change) => onDepositPayment(ctx, trx, payment, change) };
}

/** The watcher's hook: a payment to a deposit address was seen, confirmed or dropped. */
export async function onDepositPayment(ctx: AppContext, trx: Trx, payment: Payment, change: PaymentChange): Promise<void> {
  if (payment.purpose !== 'deposit') return;
  const row = await trx.selectFrom('deposits').selectAll().where('id', '=', payment.owner_id).forUpdate().executeTakeFirst();
  if (!row) return;
  if (!payment.counted) {
    // Another asset than the deposit's: credited in its own currency once final, never toward the deposit.
    if (change === 'confirmed') await settleInOwnAsset(ctx, trx, row, payment);
    return;
  }
  switch (change) {
    case 'seen':
      if (row.status !== 'processing' && depositMachine.can(row.status, 'processing')) {
        await changeStatus(trx, row, 'processing');
      }
      return;
    case 'orphaned': {
      if (row.status !== 'processing') return;
      const others = await trx
        .selectFrom('payments')
        .select('id')
        .where('owner_id', '=', row.id)
        .where('counted', '=', true)
        .where('on_hold', '=', false)
        .where('status', 'in', ['seen', 'confirmed'])
        .executeTakeFirst();
      if (others) return;
      const back = row.expires_at.getTime() < Date.now() ? 'expired' : row.amount_paid !== '0' ? 'failed' : 'created';
      await changeStatus(trx, row, back);
      return;
    }
    case 'confirmed':
      await settle(trx, row, payment);
      return;
    default: {
      const never: never = change;
      throw new Error(`unknown payment change ${String(never)}`);
    }
  }
}

/**
 * Settles one confirmed payment by the API's fee rules: the network fee fixed at creation is
 * withheld, the commission is taken on (received − fee) at the rate fixed at creation, the rest is
 * credited. A payment below the deposit's minimum is recorded and held, not credited.
 */
async function settle(trx: Trx, row: DepositRow, payment: Payment): Promise<void> {
  const currency = knownCurrency(row.currency_code);
  const received = Amount.of(currency, BigInt(payment.amount));
  const credited = received.units >= BigInt(row.min_amount);
  const network = row.network as NetworkEnvName;
  const split = credited
    ? splitPayment(received, Amount.of(currency, BigInt(row.network_fee)), row.commission_rate)
    : uncreditedSplit(received);
  const lines = credited
    ? settlementLines(network, row.account_id, split)
    : [debit(custodyAccount(network), received), credit('suspense:below-minimum', received)];
  const posted = await post(trx, { tenantId: row.tenant_id, kind: 'deposit.payment', refType: 'payment', refId: payment.id, lines });
  if (!posted) return; // this payment was settled before
  await recordSplit(trx, payment.id, { split, held: credited ? Amount.zero(currency) : received });
  const price = await trx.selectFrom('exchange_rates').select('usd_price').where('asset', '=', currency.symbol).executeTakeFirst();
  const sums: StatusSet<'deposits'> = {
    amount_paid: sql<string>`amount_paid + ${split.received.units}`,
    fee_withheld: sql<string>`fee_withheld + ${split.fee.units}`,
    commission: sql<string>`commission + ${split.commission.units}`,
    net_credited: sql<string>`net_credited + ${split.net.units}`,
    tx_hash: row.tx_hash ?? payment.tx_hash,
    usd_price: row.usd_price ?? price?.usd_price ?? null,
  };
  const target: DepositStatus = credited || row.status === 'completed' ? 'completed' : 'failed';
  if (row.status === target) {
    await trx
      .updateTable('deposits')
      .set({ ...sums, updated_at: now() })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  const from = row.status === 'processing' ? row : await changeStatus(trx, row, 'processing');
  await changeStatus(trx, from, target, { ...sums, ...(credited ? { completed_at: now() } : {}) });
}

/** A payment in another asset: settled in its own currency, told in `deposit.otherAssetReceived`. */
async function settleInOwnAsset(ctx: AppContext, trx: Trx, row: DepositRow, payment: Payment): Promise<void> {
  const owner = {
    kind: 'deposit' as const,
    id: row.id,
    tenantId: row.tenant_id,
    accountId: row.account_id,
    commissionRate: row.commission_rate,
  };
  await settleOtherAsset(trx, ctx.config, payment, { ...owner, record: () => recordWithRefunds(trx, row) });
}
