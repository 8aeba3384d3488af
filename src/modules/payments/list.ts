import type { Config } from '../../config.ts';
import type { Db } from '../../lib/db/index.ts';
import { findByIdOrOrderId } from '../../lib/db/lookup.ts';
import { findCurrency, networkOf, type ApiNetwork, type CryptoCode } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber, type JsonDecimal } from '../../lib/money.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import type { PaymentStatus } from './status.ts';
import { confirmationsRequired, type Payment } from './watcher.ts';

/** What a payment is for: the object whose address it paid. */
export type PaymentOwner = 'invoice' | 'deposit';

/** One on-chain payment as the merchant API shows it. */
export interface PaymentView {
  txHash: string;
  outputIndex: number;
  network: ApiNetwork;
  cryptoCurrencyCode: CryptoCode;
  amount: JsonDecimal;
  address: string;
  status: PaymentStatus;
  confirmations: number;
  confirmationsRequired: number;
  blockHeight: number | null;
  firstSeenAt: string;
  confirmedAt: string | null;
  counted: boolean;
  onHold: boolean;
  settlement: PaymentSettlementView | null;
}

/** What one settled payment gave, in its own currency. */
export interface PaymentSettlementView {
  networkFeeAmount: JsonDecimal;
  commissionAmount: JsonDecimal;
  netAmount: JsonDecimal;
  heldAmount: JsonDecimal;
}

/** A settled payment's split as the API shows it; null before it is settled. */
function settlementView(row: Payment, decimals: number): PaymentSettlementView | null {
  if (row.net_credited === null || row.fee_withheld === null || row.commission === null) return null;
  return {
    networkFeeAmount: toJsonNumber(BigInt(row.fee_withheld), decimals),
    commissionAmount: toJsonNumber(BigInt(row.commission), decimals),
    netAmount: toJsonNumber(BigInt(row.net_credited), decimals),
    heldAmount: toJsonNumber(BigInt(row.held ?? '0'), decimals),
  };
}

const OWNERS = {
  invoice: { table: 'invoices', errors: { required: 'exceptions.invoice.idOrOrderIdRequired', notFound: 'exceptions.invoice.notFound' } },
  deposit: { table: 'deposits', errors: { required: 'exceptions.deposit.idOrOrderIdRequired', notFound: 'exceptions.deposit.notFound' } },
} as const;

/** A stored payment in the API's words: its currency's network name, an exact amount, the threshold it must reach. */
export function paymentView(config: Config, row: Payment): PaymentView {
  const currency = findCurrency(row.currency_code);
  if (!currency) throw new TypeError(`not a catalogued currency: ${row.currency_code}`);
  return {
    txHash: row.tx_hash,
    outputIndex: row.output_index,
    network: currency.network,
    cryptoCurrencyCode: currency.code,
    // The row holds atomic units (NUMERIC), not whole coins.
    amount: toJsonNumber(BigInt(row.amount), currency.decimals),
    address: row.address,
    status: row.status,
    confirmations: row.confirmations,
    confirmationsRequired: confirmationsRequired(config, networkOf(currency).env),
    blockHeight: row.block_height,
    firstSeenAt: row.first_seen_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    counted: row.counted,
    onHold: row.on_hold,
    settlement: settlementView(row, currency.decimals),
  };
}

/**
 * The on-chain payments of one invoice or deposit of the caller's account, newest first. The
 * object is looked up in the caller's account first, so another account's (or tenant's) id is
 * the same 404 as an unknown one; the payments are then read by owner, purpose and tenant.
 */
export async function ownerPayments(
  db: Db,
  config: Config,
  principal: ApiPrincipal,
  owner: PaymentOwner,
  id: string,
): Promise<PaymentView[]> {
  const { table, errors } = OWNERS[owner];
  const object = await findByIdOrOrderId(db, table, principal.accountId, { id }, errors);
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('owner_id', '=', object.id)
    .where('purpose', '=', owner)
    .where('tenant_id', '=', principal.tenantId)
    .orderBy('first_seen_at', 'desc')
    .orderBy('tx_hash', 'desc')
    .orderBy('output_index', 'desc')
    .execute();
  return rows.map((row) => paymentView(config, row));
}
