import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { addressRow, type ReservedAddress } from '../../chains/hd-wallet.ts';
import { paymentUri } from '../../chains/payment-uri.ts';
import { paymentQrCode } from '../../chains/payment-qr.ts';
import { knownCurrency, networkOf, servedCurrency, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { isUniqueViolation, nowPlus, onlyRow, type Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { allocatorOf } from '../address-provision/allocator.ts';
import type { FeeQuote } from '../currencies/fees.ts';
import { CatalogueService, minDepositUnits } from '../currencies/service.ts';
import { TERMINAL_DEPOSIT_STATUSES, type CreateDepositInput, type DepositCreated, type DepositRow } from './record.ts';

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
  'id',
  'tenant_id',
  'account_id',
  'order_id',
  'customer_id',
  'webhook_url',
  'currency_code',
  'network',
  'address',
  'status',
  'network_fee',
  'min_amount',
  'commission_rate',
  'expires_at',
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
 * POST /deposit: a fresh address per deposit; the same orderId gives the same open deposit. The
 * insert itself detects a used orderId (a unique violation, also from a concurrent create), so a
 * new deposit costs two statements: the address index, then both rows.
 */
export async function createDeposit(
  ctx: AppContext,
  principal: ApiPrincipal,
  input: CreateDepositInput,
): Promise<{ created: boolean; deposit: DepositCreated }> {
  const { db, config } = ctx;
  const currency = servedCurrency(config, input.cryptoCurrencyCode);
  const fee = await liveFee(ctx, currency.code);
  if (!fee) {
    // A repeat is answered even while the fee is unavailable.
    const existing = await depositByOrderId(db, principal.accountId, input.orderId);
    if (existing) return { created: false, deposit: await answerRepeat(existing) };
    throw new AppError('exceptions.depositFee.quoteUnavailable', { cryptoCurrencyCode: currency.code });
  }
  // The index comes first (from this app's block of them, see AddressAllocator.reserve), its
  // address and that address's QR code drawn on the helper thread in one trip; an index whose
  // insert then fails (a repeated orderId) stays unused, which costs nothing.
  const reserved = await allocatorOf(ctx).reserve(db, networkOf(currency).env, currency);
  const { qrCode } = reserved;
  try {
    const id = randomUUID();
    const minAmount = minDepositUnits(currency, fee);
    const times = await insertDeposit(ctx, principal, { ...input, id, currency, fee, minAmount, reserved });
    const row = { id, currency_code: currency.code, address: reserved.address, min_amount: minAmount.toString(), ...times };
    return { created: true, deposit: await answer(row, qrCode) };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const holder = await depositByOrderId(db, principal.accountId, input.orderId);
    if (!holder) throw err;
    return { created: false, deposit: await answerRepeat(holder) };
  }
}

async function answerRepeat(row: DepositRow): Promise<DepositCreated> {
  if (TERMINAL_DEPOSIT_STATUSES.includes(row.status)) {
    throw new AppError('exceptions.deposit.orderIdAlreadyExists', { id: row.id, status: row.status });
  }
  return answer(row);
}

async function answer(
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

function depositByOrderId(db: Executor, accountId: string, orderId: string): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('account_id', '=', accountId).where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * The currency's deposit network fee, or null while unavailable (missing, set to null, or older
 * than FEE_MAX_AGE_S now: the snapshot may be up to a second old, its ages are checked at use).
 */
async function liveFee(ctx: AppContext, code: string): Promise<FeeQuote | null> {
  const fee = (await catalogueOf(ctx).liveFees()).get(code);
  if (!fee || Date.now() - fee.quotedAt.getTime() > ctx.config.feeMaxAgeS * 1000) return null;
  return fee;
}

/**
 * The address handed to the deposit and the deposit itself, in one statement: both rows or
 * neither, without a transaction's extra round trips. A used orderId fails it with a unique
 * violation (the caller answers with the deposit that holds it). Reads back only the times the
 * database sets: everything else in the answer is what was sent. One SQL template rather than the
 * query builder: the statement is the same for every deposit, and building it through the builder
 * was the largest single cost of the route's own code; the addresses row is addressRow's.
 */
async function insertDeposit(ctx: AppContext, principal: ApiPrincipal, d: NewDeposit): Promise<{ created_at: Date; expires_at: Date }> {
  const { db, config } = ctx;
  const commission = await catalogueOf(ctx).commissionOf(principal.tenantId);
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
