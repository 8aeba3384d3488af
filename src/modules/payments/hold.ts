/**
 * Incoming screening at the watcher: the senders of every transfer seen for the first time are
 * screened (the denylist file, the provider, SCREENING_FAIL for a provider that does not answer)
 * before the round's transaction, and a flagged one's payment is recorded on hold. A held payment
 * is never told to its invoice or deposit; once final its coins are owed in `suspense:screened`,
 * until the operator releases or refunds it (modules/screening).
 */
import type { Config, NetworkEnvName } from '../../config.ts';
import type { Db, Trx } from '../../lib/db/index.ts';
import type { HeldPaymentStatus, Payment } from '../../lib/db/schema.ts';
import { enqueue, type OutboxEvent } from '../../lib/outbox.ts';
import { cryptoAmount, knownCurrency, networkOf } from '../../lib/currencies/catalogue.ts';
import { formatUnits, toJsonNumber } from '../../lib/money.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import type { CatalogueTransfer, ChainAdapter, ChainTransfer } from '../../chains/types.ts';
import { audit } from '../audit/service.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { screenerOf, type Verdict } from '../screening/screen.ts';
import { heldPaymentMachine } from './status.ts';

/** Why a payment is held: the first of its senders screening did not allow. */
export interface SenderFlag {
  sender: string;
  decision: Exclude<Verdict['decision'], 'allow'>;
  source: Verdict['source'];
  reason?: string;
}

/** What the watcher stores of a new transfer's senders, and whether one was flagged. */
export interface SenderCheck {
  senders: string[] | null;
  flag: SenderFlag | null;
}

const keyOf = (t: Pick<ChainTransfer, 'txHash' | 'outputIndex'>) => `${t.txHash}:${t.outputIndex}`;

/** The transfers no payment records yet (one lookup per thousand transaction hashes). */
async function unrecorded(db: Db, network: NetworkEnvName, transfers: CatalogueTransfer[]): Promise<CatalogueTransfer[]> {
  const known = new Set<string>();
  const hashes = [...new Set(transfers.map((t) => t.txHash))];
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db
      .selectFrom('payments')
      .select(['tx_hash', 'output_index'])
      .where('network', '=', network)
      .where('tx_hash', 'in', hashes.slice(i, i + 1000))
      .execute();
    for (const r of rows) known.add(`${r.tx_hash}:${r.output_index}`);
  }
  return transfers.filter((t) => !known.has(keyOf(t)));
}

/**
 * Screens the senders of the transfers seen for the first time, outside any transaction (a
 * provider is asked over HTTP), by `txHash:outputIndex`. Nothing is asked when screening is off;
 * a transfer whose chain names no sender passes, as it would without screening.
 */
export async function screenSenders(
  db: Db,
  config: Config,
  adapter: ChainAdapter,
  transfers: ChainTransfer[],
): Promise<Map<string, SenderCheck>> {
  const checks = new Map<string, SenderCheck>();
  const screener = screenerOf(config.screening);
  if (!screener.enabled) return checks;
  const listed = transfers.filter((t): t is CatalogueTransfer => t.currencyCode !== null);
  const fresh = await unrecorded(db, adapter.network, listed);
  const sendersOfTx = new Map<string, string[] | null>();
  const verdicts = new Map<string, Verdict>();
  for (const t of fresh) {
    let senders = sendersOfTx.get(t.txHash);
    if (senders === undefined) {
      senders = t.senders ? [...t.senders] : adapter.sendersOf ? await adapter.sendersOf(t.txHash) : null;
      sendersOfTx.set(t.txHash, senders);
    }
    const currency = knownCurrency(t.currencyCode);
    const net = networkOf(currency);
    let flag: SenderFlag | null = null;
    for (const sender of senders ?? []) {
      const asked = `${sender}|${currency.code}|${t.units}`;
      let v = verdicts.get(asked);
      if (!v) {
        const request = {
          network: net.env,
          apiNetwork: net.api,
          address: sender,
          direction: 'in' as const,
          amount: formatUnits(t.units, currency.decimals),
          cryptoCurrencyCode: currency.code,
        };
        v = await screener.screen(request);
        verdicts.set(asked, v);
      }
      if (v.decision === 'allow') continue;
      flag = { sender, decision: v.decision, source: v.source, ...(v.reason ? { reason: v.reason } : {}) };
      break;
    }
    checks.set(keyOf(t), { senders, flag });
  }
  return checks;
}

/** The senders a new payment stores: what screening read, else what its transfer carried. */
export function storedSenders(t: ChainTransfer, check: SenderCheck | undefined): string[] | null {
  return check?.senders ?? (t.senders ? [...t.senders] : null);
}

/**
 * Records a new payment's hold, in the watcher's transaction: the held row, its audit entry and
 * `heldPayment.statusChanged` (to the invoice's or deposit's webhook URL); a payment already final
 * is booked into suspense at once.
 */
export async function holdPayment(trx: Trx, payment: Payment, flag: SenderFlag): Promise<void> {
  const held = await trx
    .insertInto('held_payments')
    .values({
      id: payment.id,
      tenant_id: payment.tenant_id,
      status: 'held',
      sender: flag.sender,
      decision: flag.decision,
      source: flag.source,
      reason: flag.reason ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const amount = formatUnits(BigInt(payment.amount), knownCurrency(payment.currency_code).decimals);
  const detail = { network: payment.network, transactionHash: payment.tx_hash, cryptoCurrencyCode: payment.currency_code, amount, ...flag };
  await audit(trx, {
    tenantId: payment.tenant_id,
    actor: { name: 'screening' },
    action: 'payment.held',
    targetType: 'payment',
    targetId: payment.id,
    detail,
  });
  await enqueue(trx, heldPaymentEvent(held, payment, null));
  if (payment.status === 'confirmed') await bookHold(trx, payment);
}

/** A held payment turned final: its coins are custody owed to nobody yet, in `suspense:screened`. */
export async function bookHold(trx: Trx, payment: Payment): Promise<void> {
  const amount = cryptoAmount(payment.currency_code, payment.amount);
  const lines = [debit(custodyAccount(payment.network as NetworkEnvName), amount), credit('suspense:screened', amount)];
  await post(trx, { tenantId: payment.tenant_id, kind: 'payment.held', refType: 'payment', refId: payment.id, lines });
}

/** `heldPayment.statusChanged`: the hold's status (and the one before; null when it was just held) with its payment. */
export function heldPaymentEvent(
  held: { id: string; status: HeldPaymentStatus },
  payment: Payment,
  previousStatus: HeldPaymentStatus | null,
): OutboxEvent {
  const ownerType = payment.purpose as 'invoice' | 'deposit';
  const currency = knownCurrency(payment.currency_code);
  const transfer = {
    txHash: payment.tx_hash,
    outputIndex: payment.output_index,
    network: currency.network,
    cryptoCurrencyCode: currency.code,
    amount: toJsonNumber(BigInt(payment.amount), currency.decimals),
    address: payment.address,
    status: payment.status,
  };
  return {
    tenantId: payment.tenant_id,
    type: 'heldPayment.statusChanged',
    aggregateType: ownerType,
    aggregateId: payment.owner_id,
    payload: { id: held.id, status: held.status, previousStatus, ownerType, ownerId: payment.owner_id, payment: transfer },
  };
}

/**
 * A refund payout of a held payment that failed or was cancelled gave its money back to
 * `suspense:screened` (in the caller's transaction): the payment is held again, for the operator to
 * release or refund anew.
 */
export async function holdAgain(trx: Trx, withdrawalId: string): Promise<void> {
  const held = await trx
    .selectFrom('held_payments')
    .selectAll()
    .where('refund_withdrawal_id', '=', withdrawalId)
    .where('status', '=', 'refunded')
    .forUpdate()
    .executeTakeFirst();
  if (!held) return;
  const payment = await trx.selectFrom('payments').selectAll().where('id', '=', held.id).executeTakeFirstOrThrow();
  await moveStatus(trx, heldPaymentMachine, 'held_payments', held, 'held', {
    event: (moved, previous) => heldPaymentEvent(moved, payment, previous),
  });
  const detail = { refundWithdrawalId: withdrawalId };
  await audit(trx, {
    tenantId: held.tenant_id,
    actor: { name: 'refund payout not made' },
    action: 'payment.held',
    targetType: 'payment',
    targetId: held.id,
    detail,
  });
}
