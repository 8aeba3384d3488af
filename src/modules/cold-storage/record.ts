import type { Selectable } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Trx } from '../../lib/db/index.ts';
import type { ColdTransfersTable, ColdTransferStatus } from '../../lib/db/schema.ts';
import { moveStatus, type Move } from '../../lib/state-machine.ts';
import { cryptoAmount, findCurrency, knownCurrency } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { coldAccount, credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { apiNetworkOf } from '../operations/networks.ts';
import { coldTransferMachine } from './status.ts';

export type ColdTransferRow = Selectable<ColdTransfersTable>;

/** A move to cold storage as the operator API and its event show it. */
export function coldTransferRecord(t: ColdTransferRow) {
  const currency = knownCurrency(t.currency_code);
  const native = t.network_cost_currency ? findCurrency(t.network_cost_currency) : undefined;
  const units = (v: string) => toJsonNumber(BigInt(v), currency.decimals);
  return {
    id: t.id,
    network: apiNetworkOf(t.network),
    cryptoCurrencyCode: currency.code,
    address: t.address,
    amount: units(t.amount),
    status: t.status,
    cause: t.cause,
    hotBalance: units(t.hot_balance),
    queued: units(t.queued),
    transactionHash: t.tx_hash,
    networkCost: t.network_cost !== null && native ? toJsonNumber(BigInt(t.network_cost), native.decimals) : null,
    networkCostCurrency: native?.code ?? null,
    feeCappedAt: t.fee_capped_at?.toISOString() ?? null,
    feeCappedDetail: t.fee_capped_detail,
    failureReason: t.failure_reason,
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
    completedAt: t.completed_at?.toISOString() ?? null,
  };
}

/** The event of a move's change, written with it: the house's own, so it goes to no tenant's webhook. */
export function coldTransferEvent(t: ColdTransferRow, previous: ColdTransferStatus | null) {
  return {
    tenantId: null,
    type: 'coldTransfer.statusChanged',
    aggregateType: 'coldTransfer',
    aggregateId: t.id,
    payload: { ...coldTransferRecord(t), previousStatus: previous },
  };
}

/** A move's status change, with its `coldTransfer.statusChanged` event, through the machine. */
export function changeColdStatus(
  trx: Trx,
  t: ColdTransferRow,
  to: ColdTransferStatus,
  move: Omit<Move<'cold_transfers'>, 'event'> = {},
): Promise<ColdTransferRow> {
  return moveStatus(trx, coldTransferMachine, 'cold_transfers', t, to, {
    ...move,
    event: (updated, previous) => coldTransferEvent(updated, previous),
  });
}

/**
 * The booking of a move: custody leaves the hot side for cold storage when it is signed (as a
 * withdrawal's amount leaves custody when it is signed), and comes back when it fails.
 */
export async function bookMove(
  trx: Trx,
  t: Pick<ColdTransferRow, 'id' | 'network' | 'currency_code' | 'amount'>,
  way: 'sent' | 'undone',
): Promise<void> {
  const amount = cryptoAmount(t.currency_code, t.amount);
  const network = t.network as NetworkEnvName;
  const [from, to] = way === 'sent' ? [custodyAccount(network), coldAccount(network)] : [coldAccount(network), custodyAccount(network)];
  await post(trx, {
    tenantId: null,
    kind: `coldTransfer.${way}`,
    refType: 'cold_transfer',
    refId: t.id,
    lines: [debit(to, amount), credit(from, amount)],
  });
}
