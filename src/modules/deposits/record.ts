import type { Selectable } from 'kysely';
import type { Executor, Trx } from '../../lib/db/index.ts';
import type { DepositStatus, DepositsTable } from '../../lib/db/schema.ts';
import { moveStatus, type StatusSet } from '../../lib/state-machine.ts';
import { Amount, toJsonNumber, type JsonDecimal } from '../../lib/money.ts';
import { knownCurrency } from '../../lib/currencies/catalogue.ts';
import { settlementRecord, totalsOf, usdValue } from '../ledger/settlement.ts';
import { refundFields, refundsOf, type RefundLine } from '../withdrawals/refunds.ts';
import { depositMachine } from './status.ts';

export type DepositRow = Selectable<DepositsTable>;

/** States after which a repeated orderId is a conflict (409) rather than the same deposit. */
export const TERMINAL_DEPOSIT_STATUSES: readonly DepositStatus[] = depositMachine.statuses.filter(
  (s) => s !== 'created' && s !== 'processing',
);

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
export async function recordWithRefunds(db: Executor, row: DepositRow) {
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
export function changeStatus(trx: Trx, row: DepositRow, to: DepositStatus, set: StatusSet<'deposits'> = {}): Promise<DepositRow> {
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
