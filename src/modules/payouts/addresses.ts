/**
 * The address book: destinations a tenant may pay, each usable from `activeAt` (added + the
 * policy's delay). Adds and removals are audited and announced on the tenant's webhook, so the
 * owners hear of an address a stolen session added while it still waits.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import { addressKey, isValidAddress, unusableAddress } from '../../chains/address-validation.ts';
import type { Db, Executor } from '../../lib/db/index.ts';
import type { PayoutAddressesTable } from '../../lib/db/schema.ts';
import { paged } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import {
  findCurrency,
  knownCurrency,
  isCatalogueContract,
  networkOf,
  servedCurrency,
  type CurrencyDef,
} from '../../lib/currencies/catalogue.ts';
import { isUniqueViolation } from '../../lib/db/index.ts';
import { audit, type AuditBy } from '../audit/service.ts';
import { checkScreening } from './enforce.ts';
import { currentPolicy } from './policy.ts';

type Row = Selectable<PayoutAddressesTable>;

/** A withdrawal destination that is well formed and can move money again; else 400 invalidAddress with the reason. */
export function checkDestination(currency: CurrencyDef, address: string): void {
  const net = networkOf(currency);
  if (!isValidAddress(net.env, address))
    throw new AppError('exceptions.withdrawal.invalidAddress', { network: net.api, address, reason: 'malformed' });
  // Well-formed but a sink: what is sent there can never be moved again.
  const unusable = unusableAddress(net.env, address) ?? (isCatalogueContract(address) ? 'tokenContract' : undefined);
  if (unusable) throw new AppError('exceptions.withdrawal.invalidAddress', { network: net.api, address, reason: unusable });
}

/** One entry as the API shows it. */
export function payoutAddressRecord(row: Row, now = new Date()) {
  return {
    id: row.id,
    cryptoCurrencyCode: row.currency_code,
    network: networkOf(knownCurrency(row.currency_code)).api,
    address: row.address,
    label: row.label,
    status: row.removed_at ? ('removed' as const) : row.active_at <= now ? ('active' as const) : ('pending' as const),
    activeAt: row.active_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

export interface NewPayoutAddress {
  cryptoCurrencyCode: string;
  address: string;
  label?: string;
}

/** Adds a destination, usable after the tenant's delay; 409 when it is already in the book. */
export async function addPayoutAddress(
  db: Db,
  config: Pick<Config, 'mode' | 'networks' | 'screening'>,
  tenantId: string,
  input: NewPayoutAddress,
  by: AuditBy,
  createdBy: string,
) {
  const currency = findCurrency(input.cryptoCurrencyCode);
  if (!currency) throw new AppError('exceptions.withdrawal.currencyNotFound', { cryptoCurrencyCode: input.cryptoCurrencyCode });
  servedCurrency(config, currency.code);
  checkDestination(currency, input.address);
  await checkScreening(config.screening, currency, input.address, 0n);
  const net = networkOf(currency);
  const policy = await currentPolicy(db, tenantId);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('payout_addresses')
        .values({
          id: randomUUID(),
          tenant_id: tenantId,
          currency_code: currency.code,
          network: net.env,
          address: input.address,
          address_key: addressKey(net.env, input.address),
          label: input.label ?? null,
          created_by: createdBy,
          active_at: sql<Date>`now() + make_interval(hours => ${policy.newAddressDelayHours})`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const record = payoutAddressRecord(row);
      await audit(trx, {
        tenantId,
        ...by,
        action: 'payoutAddress.added',
        targetType: 'payoutAddress',
        targetId: row.id,
        detail: { cryptoCurrencyCode: currency.code, address: row.address, activeAt: record.activeAt },
      });
      await enqueue(trx, { tenantId, type: 'payoutAddress.added', aggregateType: 'payoutAddress', aggregateId: row.id, payload: record });
      return record;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payout_addresses_current'))
      throw new AppError('exceptions.payoutAddress.alreadyExists', { cryptoCurrencyCode: currency.code, address: input.address });
    throw err;
  }
}

/** Takes a destination out of the book at once (a tightening); 404 for one the tenant lacks or removed. */
export async function removePayoutAddress(db: Db, tenantId: string, id: string, by: AuditBy) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('payout_addresses')
      .set({ removed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('removed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('exceptions.payoutAddress.notFound');
    const record = payoutAddressRecord(row);
    await audit(trx, {
      tenantId,
      ...by,
      action: 'payoutAddress.removed',
      targetType: 'payoutAddress',
      targetId: row.id,
      detail: { cryptoCurrencyCode: row.currency_code, address: row.address },
    });
    await enqueue(trx, { tenantId, type: 'payoutAddress.removed', aggregateType: 'payoutAddress', aggregateId: row.id, payload: record });
    return record;
  });
}

/** The tenant's book, newest first, without removed entries unless asked. */
export async function listPayoutAddresses(db: Executor, tenantId: string, q: { page: number; limit: number; cryptoCurrencyCode?: string }) {
  const base = () => {
    let query = db.selectFrom('payout_addresses').where('tenant_id', '=', tenantId).where('removed_at', 'is', null);
    if (q.cryptoCurrencyCode) query = query.where('currency_code', '=', q.cryptoCurrencyCode);
    return query;
  };
  return paged(
    q,
    () =>
      base()
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    (offset, limit) => base().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    (row) => payoutAddressRecord(row),
  );
}

/** The book's entry for a destination, if any (removed ones excluded). */
export async function findPayoutAddress(db: Executor, tenantId: string, currency: CurrencyDef, address: string): Promise<Row | undefined> {
  const net = networkOf(currency);
  return db
    .selectFrom('payout_addresses')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('currency_code', '=', currency.code)
    .where('address_key', '=', addressKey(net.env, address))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}
