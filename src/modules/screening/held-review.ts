/**
 * The operator's decisions on a held payment, each in one transaction with its ledger entries,
 * event and audit entry: release (the payment is credited exactly as the watcher would have
 * credited it) or refund (a payout of what it brought, less the network fee, to an address the
 * operator names, paid out of `suspense:screened` by the withdrawal machinery).
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { NetworkEnvName } from '../../config.ts';
import { now, nowPlus, type Trx } from '../../lib/db/index.ts';
import type { HeldPaymentsTable } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { cryptoAmount, knownCurrency, networkOf } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { audit, type AuditEntry } from '../audit/service.ts';
import { getDepositNetworkFee } from '../currencies/fees.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { heldPaymentEvent } from '../payments/hold.ts';
import { heldPaymentMachine } from '../payments/status.ts';
import type { Payment, PaymentListener } from '../payments/watcher.ts';
import { checkDestination } from '../payouts/addresses.ts';
import { loadHeldView } from './held.ts';

type Held = Selectable<HeldPaymentsTable>;
type By = Pick<AuditEntry, 'actor' | 'ip'> & { actor: { name: string } };

/** The held row and its payment, both locked for the decision (the watcher locks the payment too). */
async function lockHeld(trx: Trx, id: string): Promise<{ held: Held; payment: Payment }> {
  const held = await trx.selectFrom('held_payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!held) throw new AppError('exceptions.heldPayment.notFound');
  const payment = await trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  return { held, payment };
}

/**
 * Releases a held payment: no longer on hold, its suspense (once final) back to custody, then told
 * to its invoice or deposit as the watcher tells a new payment: seen, and confirmed when final (a
 * dropped one is told nothing until it comes back). Of two releases only one moves the row; the
 * other is refused with the status it found, so the payment is credited once.
 */
export async function releaseHeld(ctx: AppContext, listener: PaymentListener, id: string, by: By) {
  return ctx.db.transaction().execute(async (trx) => {
    const { held, payment } = await lockHeld(trx, id);
    const released = await trx
      .updateTable('payments')
      .set({ on_hold: false, updated_at: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await moveStatus(trx, heldPaymentMachine, 'held_payments', held, 'released', {
      set: { decided_by: by.actor.name },
      refusal: 'exceptions.heldPayment.wrongStatus',
      event: (moved, previous) => heldPaymentEvent(moved, released, previous),
    });
    if (payment.status === 'confirmed') {
      const amount = cryptoAmount(payment.currency_code, payment.amount);
      const lines = [debit('suspense:screened', amount), credit(custodyAccount(payment.network as NetworkEnvName), amount)];
      await post(trx, { tenantId: payment.tenant_id, kind: 'payment.heldReleased', refType: 'payment', refId: id, lines });
    }
    if (payment.status !== 'orphaned') await listener.onPaymentChanged(trx, released, 'seen');
    if (payment.status === 'confirmed') await listener.onPaymentChanged(trx, released, 'confirmed');
    await audit(trx, {
      tenantId: held.tenant_id,
      ...by,
      action: 'heldPayment.released',
      targetType: 'payment',
      targetId: id,
      detail: { transactionHash: payment.tx_hash },
    });
    return loadHeldView(trx, id);
  });
}

/** The account a payment's invoice or deposit belongs to: the refund is its withdrawal. */
async function ownerAccount(trx: Trx, payment: Payment): Promise<string> {
  const table = payment.purpose === 'invoice' ? 'invoices' : 'deposits';
  const row = await trx.selectFrom(table).select('account_id').where('id', '=', payment.owner_id).executeTakeFirstOrThrow();
  return row.account_id;
}

/**
 * Refunds a final held payment to `address` (an address of its currency's network): a withdrawal of
 * what it brought less the currency's network fee, debited from `suspense:screened` and committed at
 * once (the operator decided it: no tenant policy or approval applies; the destination is screened
 * again before signing, as every payout is). If that payout fails or is cancelled, its money goes
 * back to the hold and the payment is held again.
 */
export async function refundHeld(ctx: AppContext, id: string, address: string, by: By) {
  return ctx.db.transaction().execute(async (trx) => {
    const { held, payment } = await lockHeld(trx, id);
    heldPaymentMachine.assert(held.status, 'refunded', 'exceptions.heldPayment.wrongStatus');
    if (payment.status !== 'confirmed') throw new AppError('exceptions.heldPayment.notFinal', { paymentStatus: payment.status });
    const currency = knownCurrency(payment.currency_code);
    checkDestination(currency, address);
    const quoted = await getDepositNetworkFee(trx, currency.code, ctx.config.feeMaxAgeS);
    if (!quoted) throw new AppError('exceptions.withdrawal.feeUnavailable', { cryptoCurrencyCode: currency.code });
    const total = cryptoAmount(currency.code, payment.amount);
    const fee = cryptoAmount(currency.code, quoted.units);
    if (total.compare(fee) <= 0) throw new AppError('exceptions.heldPayment.belowFee', { fee: toJsonNumber(fee) });
    const withdrawalId = await insertRefund(
      trx,
      payment,
      address,
      { amount: total.minus(fee).units, fee: fee.units },
      await ownerAccount(trx, payment),
    );
    await post(trx, {
      tenantId: payment.tenant_id,
      kind: 'withdrawal.debit',
      refType: 'withdrawal',
      refId: withdrawalId,
      lines: [debit('suspense:screened', total), credit('clearing:withdrawals', total)],
    });
    await moveStatus(trx, heldPaymentMachine, 'held_payments', held, 'refunded', {
      set: { decided_by: by.actor.name, refund_address: address, refund_withdrawal_id: withdrawalId },
      refusal: 'exceptions.heldPayment.wrongStatus',
      event: (moved, previous) => heldPaymentEvent(moved, payment, previous),
    });
    const detail = {
      transactionHash: payment.tx_hash,
      address,
      withdrawalId,
      amount: toJsonNumber(total.minus(fee)),
      fee: toJsonNumber(fee),
    };
    await audit(trx, { tenantId: held.tenant_id, ...by, action: 'heldPayment.refunded', targetType: 'payment', targetId: id, detail });
    return loadHeldView(trx, id);
  });
}

/** The refund's withdrawal (and the committed quote every withdrawal refers to), paid out of `suspense:screened`. */
async function insertRefund(
  trx: Trx,
  payment: Payment,
  address: string,
  money: { amount: bigint; fee: bigint },
  accountId: string,
): Promise<string> {
  const currency = knownCurrency(payment.currency_code);
  const net = networkOf(currency);
  const id = randomUUID();
  const orderId = `heldRefund-${randomUUID()}`;
  // The price as last stored, however old: it only values the payout for reports, it prices nothing.
  const rate = await trx.selectFrom('exchange_rates').select('usd_price').where('asset', '=', currency.symbol).executeTakeFirst();
  const common = {
    tenant_id: payment.tenant_id,
    account_id: accountId,
    order_id: orderId,
    currency_code: currency.code,
    network: net.env,
    address,
    amount: money.amount,
    fee: money.fee,
    usd_price: rate?.usd_price ?? '0',
  };
  const quoteId = randomUUID();
  await trx
    .insertInto('withdrawal_quotes')
    .values({
      id: quoteId,
      ...common,
      fee_native: 0n,
      fee_native_currency: net.nativeSymbol,
      expires_at: nowPlus(0),
      committed_at: now(),
      withdrawal_id: id,
      updated_at: now(),
    })
    .execute();
  await trx
    .insertInto('withdrawals')
    .values({
      id,
      quote_id: quoteId,
      ...common,
      status: 'created',
      source: 'screeningRefund',
      suspense_released: money.amount + money.fee,
      suspense_account: 'suspense:screened',
    })
    .execute();
  return id;
}
