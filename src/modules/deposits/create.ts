import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { addressRow, type ReservedAddress } from '../../chains/hd-wallet.ts';
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { nowPlus, onlyRow } from '../../lib/db/index.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import type { FeeQuote } from '../currencies/fees.ts';
import { CatalogueService } from '../currencies/service.ts';

/** What POST /deposit stores beyond the key's tenant and account. */
export interface NewDeposit {
  id: string;
  orderId: string;
  customerId?: string;
  webhookUrl?: string;
  currency: CurrencyDef;
  fee: FeeQuote;
  /** The smallest payment credited, in atomic units (see minDepositUnits). */
  minAmount: bigint;
  reserved: ReservedAddress;
}

const COLUMNS = [
  'id', 'tenant_id', 'account_id', 'order_id', 'customer_id', 'webhook_url', 'currency_code', 'network', 'address', 'status',
  'network_fee', 'min_amount', 'commission_rate', 'expires_at',
] as const;
const COLUMN_LIST = sql.join(COLUMNS.map((c) => sql.ref(c)));

// One catalogue per app (keyed by its change listener): its fee and commission snapshots are
// shared by every create, and each catalogue registers one notice handler only.
const catalogues = new WeakMap<object, CatalogueService>();

/** The app's cached reads of live fees and tenant commissions (see CatalogueService). */
export function catalogueOf(ctx: AppContext): CatalogueService {
  const key = ctx.changes ?? ctx.db;
  let catalogue = catalogues.get(key);
  if (!catalogue) {
    catalogue = new CatalogueService(ctx);
    catalogues.set(key, catalogue);
  }
  return catalogue;
}

/**
 * The write side of POST /deposit: the live network fee and the tenant's commission rate, read
 * from snapshots that change notices invalidate (no query per create), and the insert of the
 * address and its deposit.
 */
export class DepositWriter {
  constructor(private readonly ctx: AppContext) {}

  /**
   * The currency's deposit network fee, or null while unavailable (missing, set to null, or older
   * than FEE_MAX_AGE_S now: the snapshot may be up to a second old, its ages are checked at use).
   */
  async liveFee(code: string): Promise<FeeQuote | null> {
    const fee = (await catalogueOf(this.ctx).liveFees()).get(code);
    if (!fee || Date.now() - fee.quotedAt.getTime() > this.ctx.config.feeMaxAgeS * 1000) return null;
    return fee;
  }

  /**
   * The address handed to the deposit and the deposit itself, in one statement: both rows or
   * neither, without a transaction's extra round trips. A used orderId fails it with a unique
   * violation (the caller answers with the deposit that holds it). Reads back only the times the
   * database sets: everything else in the answer is what was sent.
   *
   * Written as one SQL template rather than with the query builder: the statement is the same for
   * every deposit, and building it through Kysely's operation tree cost ~30 µs of the event loop per
   * create (~90 µs under load), the largest single cost of the route's own code. It is the
   * statement Kysely built, column for column; the addresses row is addressRow's.
   */
  async insert(principal: ApiPrincipal, d: NewDeposit): Promise<{ created_at: Date; expires_at: Date }> {
    const { db, config } = this.ctx;
    const commission = await catalogueOf(this.ctx).commissionOf(principal.tenantId);
    const a = addressRow(d.reserved, { purpose: 'deposit', ownerId: d.id, tenantId: principal.tenantId, currencyCode: d.currency.code });
    const { rows } = await sql<{ created_at: Date; expires_at: Date }>`with a as (
        insert into addresses (network, address, hd_account_id, derivation_index, purpose, owner_id, tenant_id, currency_code)
        values (${a.network}, ${a.address}, ${a.hd_account_id}, ${a.derivation_index}, ${a.purpose}, ${a.owner_id}, ${a.tenant_id}, ${a.currency_code})
        returning network, address)
      insert into deposits (${COLUMN_LIST})
      select ${d.id}, ${principal.tenantId}, ${principal.accountId}, ${d.orderId}, ${d.customerId ?? null}, ${d.webhookUrl ?? null},
        ${d.currency.code}, a.network, a.address, 'created', ${d.fee.units.toString()}, ${d.minAmount.toString()}, ${commission},
        ${nowPlus(config.depositWindowMin, 'mins')}
      from a
      returning created_at, expires_at`.execute(db);
    return onlyRow({ rows });
  }
}
