import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AddressAllocator } from '../../chains/hd-wallet.ts';
import { paymentUri } from '../../chains/payment-uri.ts';
import { paymentQrCode } from '../../chains/payment-qr.ts';
import type { Payment, PaymentChange, PaymentListener } from '../payments/watcher.ts';
import { recordSplit, settleOtherAsset } from '../payments/other-asset.ts';
import type { Executor, Trx } from '../../lib/db/index.ts';
import type { DepositStatus, DepositsTable } from '../../lib/db/schema.ts';
import { expireDue, findByIdOrOrderId, listByAccount, type ExpiryRound, type ListFilters } from '../../lib/db/lookup.ts';
import { moveStatus, type StatusSet } from '../../lib/state-machine.ts';
import { depositMachine } from './status.ts';
import { DepositWriter } from './create.ts';
import { minDepositUnits } from '../currencies/service.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation, now } from '../../lib/db/index.ts';
import { Amount, toJsonNumber, type JsonDecimal } from '../../lib/money.ts';
import { knownCurrency, networkOf, servedCurrency } from '../../lib/currencies/catalogue.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { settlementLines, settlementRecord, splitPayment, totalsOf, uncreditedSplit, usdValue } from '../ledger/settlement.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import type { NetworkEnvName } from '../../config.ts';
import { refundFields, refundsOf, type RefundLine } from '../withdrawals/refunds.ts';

export type DepositRow = Selectable<DepositsTable>;

const LOOKUP_ERRORS = { required: 'exceptions.deposit.idOrOrderIdRequired', notFound: 'exceptions.deposit.notFound' } as const;

/** States after which a repeated orderId is a conflict (409) rather than the same deposit. */
export const TERMINAL_DEPOSIT_STATUSES: readonly DepositStatus[] = depositMachine.statuses.filter((s) => s !== 'created' && s !== 'processing');

/** What POST /deposit answers. */
export interface DepositCreated {
  id: string;
  minimumAmount: JsonDecimal;
  address: string;
  createdAt: string;
  expiresAt: string;
  qrCode: string;
}

export interface CreateDepositInput {
  cryptoCurrencyCode: string;
  orderId: string;
  customerId?: string;
  webhookUrl?: string;
}

/** The API's deposit record, with its refunds (withdrawals that give its money back). */
export function depositRecord(row: DepositRow, refunds: RefundLine[] = []) {
  const currency = knownCurrency(row.currency_code);
  const paid = BigInt(row.amount_paid);
  const settled = row.completed_at !== null;
  return {
    id: row.id,
    accountId: row.account_id,
    orderId: row.order_id,
    ...(row.customer_id !== null ? { customerId: row.customer_id } : {}),
    status: row.status,
    cryptoCurrencyCode: currency.code,
    address: row.address,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(settled || paid > 0n
      ? {
          settlement: settlementRecord(totalsOf(currency, row, row.completed_at ?? row.updated_at), row.usd_price),
        }
      : {}),
    ...refundFields(row.currency_code, refunds),
  };
}

/** A deposit's record with its refunds loaded. */
async function recordWithRefunds(db: Executor, row: DepositRow) {
  return depositRecord(row, (await refundsOf(db, 'deposit', [row.id])).get(row.id));
}

/** The webhook body's data: the record plus the transition and the money received. */
async function eventData(db: Executor, row: DepositRow, previousStatus: DepositStatus) {
  const currency = knownCurrency(row.currency_code);
  const paid = BigInt(row.amount_paid);
  return {
    ...(await recordWithRefunds(db, row)),
    previousStatus,
    depositTransactionHash: row.tx_hash,
    actuallyReceivedAmount: paid > 0n ? toJsonNumber(paid, currency.decimals) : null,
    actuallyReceivedAmountUsd: paid > 0n && row.usd_price ? usdValue(Amount.of(currency, paid), row.usd_price) : null,
  };
}

/** A deposit's status change, with its `deposit.statusChanged` event, through the deposit machine. */
function changeStatus(trx: Trx, row: DepositRow, to: DepositStatus, set: StatusSet<'deposits'> = {}): Promise<DepositRow> {
  return moveStatus(trx, depositMachine, 'deposits', row, to, {
    set,
    event: async (updated, previous) => ({
      tenantId: row.tenant_id,
      type: 'deposit.statusChanged',
      aggregateType: 'deposit',
      aggregateId: row.id,
      payload: await eventData(trx, updated, previous),
    }),
  });
}

export class DepositService implements PaymentListener {
  constructor(
    private readonly ctx: AppContext,
    private readonly allocator = new AddressAllocator(ctx.config),
    private readonly writer = new DepositWriter(ctx),
  ) {}

  /**
   * POST /deposit: a fresh address per deposit; the same orderId gives the same open deposit. The
   * insert itself detects a used orderId (a unique violation, also from a concurrent create), so a
   * new deposit costs two statements: the address index, then both rows.
   */
  async create(principal: ApiPrincipal, input: CreateDepositInput): Promise<{ created: boolean; deposit: DepositCreated }> {
    const { db, config } = this.ctx;
    const currency = servedCurrency(config, input.cryptoCurrencyCode);
    const fee = await this.writer.liveFee(currency.code);
    if (!fee) {
      // A repeat is answered even while the fee is unavailable.
      const existing = await this.findByOrderId(db, principal.accountId, input.orderId);
      if (existing) return { created: false, deposit: await this.answerRepeat(existing) };
      throw new AppError('exceptions.depositFee.quoteUnavailable', { cryptoCurrencyCode: currency.code });
    }
    // The index comes first (from this instance's block of them, see AddressAllocator.reserve),
    // its address and that address's QR code drawn on the helper thread in one trip; an index
    // whose insert then fails (a repeated orderId) stays unused, which costs nothing.
    const reserved = await this.allocator.reserve(db, networkOf(currency).env, currency);
    const { qrCode } = reserved;
    try {
      const id = randomUUID();
      const minAmount = minDepositUnits(currency, fee);
      const times = await this.writer.insert(principal, { ...input, id, currency, fee, minAmount, reserved });
      const row = { id, currency_code: currency.code, address: reserved.address, min_amount: minAmount.toString(), ...times };
      return { created: true, deposit: await this.answer(row, qrCode) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const holder = await this.findByOrderId(db, principal.accountId, input.orderId);
      if (!holder) throw err;
      return { created: false, deposit: await this.answerRepeat(holder) };
    }
  }

  private async answerRepeat(row: DepositRow): Promise<DepositCreated> {
    if (TERMINAL_DEPOSIT_STATUSES.includes(row.status)) {
      throw new AppError('exceptions.deposit.orderIdAlreadyExists', { id: row.id, status: row.status });
    }
    return this.answer(row);
  }

  private async answer(
    row: Pick<DepositRow, 'id' | 'currency_code' | 'address' | 'min_amount' | 'created_at' | 'expires_at'>,
    qrCode?: string,
  ): Promise<DepositCreated> {
    const currency = knownCurrency(row.currency_code);
    return {
      id: row.id,
      minimumAmount: toJsonNumber(BigInt(row.min_amount), currency.decimals),
      address: row.address,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      qrCode: await (qrCode ?? paymentQrCode(paymentUri(currency, row.address))),
    };
  }

  async findByOrderId(db: Executor, accountId: string, orderId: string): Promise<DepositRow | undefined> {
    return db.selectFrom('deposits').selectAll().where('account_id', '=', accountId).where('order_id', '=', orderId).executeTakeFirst();
  }

  /** GET /deposit: by id (wins) or orderId, within the key's account; 404 otherwise. */
  async get(principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<DepositRow> {
    return findByIdOrOrderId(this.ctx.db, 'deposits', principal.accountId, q, LOOKUP_ERRORS);
  }

  /** GET /deposit/list: newest first. */
  async list(principal: ApiPrincipal, q: { page: number; limit: number; status?: DepositStatus } & ListFilters) {
    const page = await listByAccount(this.ctx.db, 'deposits', principal.accountId, q, (row) => row);
    const refunds = await refundsOf(this.ctx.db, 'deposit', page.data.map((r) => r.id));
    return { ...page, data: page.data.map((r) => depositRecord(r, refunds.get(r.id))) };
  }

  /** The record of a deposit, its refunds loaded. */
  record(row: DepositRow) {
    return recordWithRefunds(this.ctx.db, row);
  }

  /** Deposits whose window closed with nothing received become expired (with their event). */
  async expireDue(): Promise<number> {
    return (await this.expiryRound()).expired;
  }

  /** The expiry job's round: expireDue, and when the next open deposit expires. */
  expiryRound(): Promise<ExpiryRound> {
    return expireDue(this.ctx.db, 'deposits', 'created', (trx, row) => changeStatus(trx, row, 'expired'));
  }

  /** The watcher's hook: a payment to a deposit address was seen, confirmed or dropped. */
  async onPaymentChanged(trx: Trx, payment: Payment, change: PaymentChange): Promise<void> {
    if (payment.purpose !== 'deposit') return;
    const row = await trx.selectFrom('deposits').selectAll().where('id', '=', payment.owner_id).forUpdate().executeTakeFirst();
    if (!row) return;
    if (!payment.counted) {
      // Another asset than the deposit's: credited in its own currency once final, never toward the deposit.
      if (change === 'confirmed') await this.settleOtherAsset(trx, row, payment);
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
        await this.settle(trx, row, payment);
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
  private async settle(trx: Trx, row: DepositRow, payment: Payment): Promise<void> {
    const currency = knownCurrency(row.currency_code);
    const received = Amount.of(currency, BigInt(payment.amount));
    const credited = received.units >= BigInt(row.min_amount);
    const network = row.network as NetworkEnvName;
    const split = credited ? splitPayment(received, Amount.of(currency, BigInt(row.network_fee)), row.commission_rate) : uncreditedSplit(received);
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
      await trx.updateTable('deposits').set({ ...sums, updated_at: now() }).where('id', '=', row.id).execute();
      return;
    }
    const from = row.status === 'processing' ? row : await changeStatus(trx, row, 'processing');
    await changeStatus(trx, from, target, { ...sums, ...(credited ? { completed_at: now() } : {}) });
  }

  /** A payment in another asset: settled in its own currency, told in `deposit.otherAssetReceived`. */
  private async settleOtherAsset(trx: Trx, row: DepositRow, payment: Payment): Promise<void> {
    const owner = { kind: 'deposit' as const, id: row.id, tenantId: row.tenant_id, accountId: row.account_id, commissionRate: row.commission_rate };
    await settleOtherAsset(trx, this.ctx.config, payment, { ...owner, record: () => recordWithRefunds(trx, row) });
  }
}
