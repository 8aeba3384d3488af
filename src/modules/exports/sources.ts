import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import { inRange } from '../../lib/db/search.ts';
import type { Scope } from '../../lib/auth/scopes.ts';
import { findCurrency, findFiat } from '../../lib/currencies/catalogue.ts';
import { formatUnits } from '../../lib/money.ts';
import { knownAsset, knownNetwork } from '../x402/known.ts';
import { num, text, time, type Cell } from './csv.ts';

/** The position after the last row written: its time (as the database prints it, exact) and id. */
export interface Cursor {
  at: string;
  id: string;
}

/** The time range of an export, as `boundedRange` gives it. */
export interface ExportRange {
  from: Date;
  before: Date;
  inclusive: boolean;
}

/** One kind of export: its list's scope, its columns, and its rows page by page, oldest first. */
export interface ExportSource {
  scope: Scope;
  /** Its rows belong to the whole tenant (x402 settlements), not to one account: `page` is given the tenant's id. */
  tenantLevel?: true;
  columns: readonly string[];
  /** Up to `limit` rows of the account (the tenant, when `tenantLevel`) after `after` (each with its cursor), already as cells. */
  page(db: Executor, ownerId: string, range: ExportRange, after: Cursor | null, limit: number): Promise<Array<{ cursor: Cursor; cells: Cell[] }>>;
}

/** Rows strictly after the cursor in (time, id) order: the list's index, read from where it stopped. */
function afterCursor(timeColumn: string, idColumn: string, c: Cursor | null) {
  return c ? sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) > (${c.at}::timestamptz, ${c.id}::uuid)` : sql<SqlBool>`true`;
}

/** Atomic units of a crypto currency as an exact decimal string (empty when unknown). */
function crypto(code: string | null | undefined, units: string | null | undefined): Cell {
  const c = code ? findCurrency(code) : undefined;
  return c && units !== null && units !== undefined ? num(formatUnits(BigInt(units), c.decimals)) : null;
}

const cursorAt = (column: string) => sql<string>`${sql.ref(column)}::text`.as('cursor_at');

const invoices: ExportSource = {
  scope: 'invoices.list',
  columns: ['id', 'orderId', 'number', 'status', 'amount', 'fiatCurrencyCode', 'cryptoCurrencyCode', 'network', 'address', 'cryptoAmountExpected', 'cryptoAmountReceived', 'networkFee', 'commission', 'netAmount', 'txHash', 'customerId', 'description', 'createdAt', 'paidAt'],
  async page(db, accountId, range, after, limit) {
    const rows = await db
      .selectFrom('invoices as i')
      .leftJoin('invoice_quotes as q', 'q.id', 'i.quote_id')
      .select(['i.id', 'i.order_id', 'i.number', 'i.status', 'i.amount_minor', 'i.fiat_currency', 'i.amount_paid', 'i.fee_withheld', 'i.commission', 'i.net_credited', 'i.tx_hash', 'i.customer_id', 'i.description', 'i.created_at', 'i.paid_at'])
      .select(['q.currency_code', 'q.address', 'q.amount_expected', cursorAt('i.created_at')])
      .where('i.account_id', '=', accountId)
      .where(inRange('i.created_at', range))
      .where(afterCursor('i.created_at', 'i.id', after))
      .orderBy('i.created_at')
      .orderBy('i.id')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const fiat = findFiat(r.fiat_currency);
      const code = r.currency_code;
      return {
        cursor: { at: r.cursor_at, id: r.id },
        cells: [
          text(r.id), text(r.order_id), text(r.number), text(r.status),
          fiat ? num(formatUnits(BigInt(r.amount_minor), fiat.decimals)) : null, text(r.fiat_currency),
          text(r.currency_code), text(findCurrency(r.currency_code ?? '')?.network), text(r.address),
          crypto(code, r.amount_expected), crypto(code, r.amount_paid), crypto(code, r.fee_withheld), crypto(code, r.commission), crypto(code, r.net_credited),
          text(r.tx_hash), text(r.customer_id), text(r.description), time(r.created_at), time(r.paid_at),
        ],
      };
    });
  },
};

const deposits: ExportSource = {
  scope: 'deposits.list',
  columns: ['id', 'orderId', 'status', 'cryptoCurrencyCode', 'network', 'address', 'amountPaid', 'networkFee', 'commission', 'netAmount', 'txHash', 'customerId', 'createdAt', 'completedAt'],
  async page(db, accountId, range, after, limit) {
    const rows = await db
      .selectFrom('deposits')
      .select(['id', 'order_id', 'status', 'currency_code', 'address', 'amount_paid', 'fee_withheld', 'commission', 'net_credited', 'tx_hash', 'customer_id', 'created_at', 'completed_at', cursorAt('created_at')])
      .where('account_id', '=', accountId)
      .where(inRange('created_at', range))
      .where(afterCursor('created_at', 'id', after))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      cursor: { at: r.cursor_at, id: r.id },
      cells: [
        text(r.id), text(r.order_id), text(r.status), text(r.currency_code), text(findCurrency(r.currency_code)?.network), text(r.address),
        crypto(r.currency_code, r.amount_paid), crypto(r.currency_code, r.fee_withheld), crypto(r.currency_code, r.commission), crypto(r.currency_code, r.net_credited),
        text(r.tx_hash), text(r.customer_id), time(r.created_at), time(r.completed_at),
      ],
    }));
  },
};

const withdrawals: ExportSource = {
  scope: 'withdrawals.list',
  columns: ['id', 'orderId', 'status', 'cryptoCurrencyCode', 'network', 'address', 'amount', 'fee', 'txHash', 'failureReason', 'createdAt', 'completedAt'],
  async page(db, accountId, range, after, limit) {
    const rows = await db
      .selectFrom('withdrawals')
      .select(['id', 'order_id', 'status', 'currency_code', 'address', 'amount', 'fee', 'tx_hash', 'failure_reason', 'created_at', 'completed_at', cursorAt('created_at')])
      .where('account_id', '=', accountId)
      .where(inRange('created_at', range))
      .where(afterCursor('created_at', 'id', after))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      cursor: { at: r.cursor_at, id: r.id },
      cells: [
        text(r.id), text(r.order_id), text(r.status), text(r.currency_code), text(findCurrency(r.currency_code)?.network), text(r.address),
        crypto(r.currency_code, r.amount), crypto(r.currency_code, r.fee), text(r.tx_hash), text(r.failure_reason), time(r.created_at), time(r.completed_at),
      ],
    }));
  },
};

const conversions: ExportSource = {
  scope: 'converting.list',
  columns: ['id', 'quoteId', 'fromCryptoCurrencyCode', 'fromAmount', 'toCryptoCurrencyCode', 'toAmount', 'commission', 'completedAt'],
  async page(db, accountId, range, after, limit) {
    const rows = await db
      .selectFrom('conversions')
      .select(['id', 'quote_id', 'from_currency', 'from_amount', 'to_currency', 'to_amount', 'commission', 'completed_at', cursorAt('completed_at')])
      .where('account_id', '=', accountId)
      .where(inRange('completed_at', range))
      .where(afterCursor('completed_at', 'id', after))
      .orderBy('completed_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      cursor: { at: r.cursor_at, id: r.id },
      cells: [
        text(r.id), text(r.quote_id), text(r.from_currency), crypto(r.from_currency, r.from_amount),
        text(r.to_currency), crypto(r.to_currency, r.to_amount), crypto(r.from_currency, r.commission), time(r.completed_at),
      ],
    }));
  },
};

/** Atomic units as an exact decimal of a unit the gateway knows (empty when it does not). */
function inUnit(unit: { decimals: number } | null, units: string | null): Cell {
  return unit && units !== null ? num(formatUnits(BigInt(units), unit.decimals)) : null;
}

/**
 * The tenant's x402 settlements. `amount` and `fee` are exact decimals in the token's and the
 * network coin's own units where the gateway knows them (x402/known.ts) and empty where it does
 * not; `amountUnits` and `feeUnits` always hold the atomic units, so no column changes its unit
 * from one row to the next.
 */
const x402Settlements: ExportSource = {
  scope: 'x402.list',
  tenantLevel: true,
  columns: ['id', 'createdAt', 'confirmedAt', 'status', 'network', 'asset', 'assetSymbol', 'amount', 'amountUnits', 'payer', 'payTo', 'transaction', 'fee', 'feeCurrency', 'feeUnits', 'errorReason'],
  async page(db, tenantId, range, after, limit) {
    const rows = await db
      .selectFrom('x402_settlements')
      .select(['id', 'network', 'asset', 'payer', 'pay_to', 'amount', 'status', 'transaction', 'error_reason', 'gas_cost', 'created_at', 'confirmed_at', cursorAt('created_at')])
      .where('tenant_id', '=', tenantId)
      .where(inRange('created_at', range))
      .where(afterCursor('created_at', 'id', after))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const asset = knownAsset(r.network, r.asset);
      const coin = knownNetwork(r.network)?.coin ?? null;
      return {
        cursor: { at: r.cursor_at, id: r.id },
        cells: [
          text(r.id), time(r.created_at), time(r.confirmed_at), text(r.status), text(r.network), text(r.asset), text(asset?.symbol),
          inUnit(asset, r.amount), num(r.amount), text(r.payer), text(r.pay_to), text(r.transaction),
          inUnit(coin, r.gas_cost), text(r.gas_cost === null ? null : coin?.symbol), num(r.gas_cost), text(r.error_reason),
        ],
      };
    });
  },
};

/** Every export, by the name its URL uses (`/export/<kind>.csv`). */
export const EXPORTS = { invoices, deposits, withdrawals, conversions, x402: x402Settlements } as const;
export type ExportKind = keyof typeof EXPORTS;
