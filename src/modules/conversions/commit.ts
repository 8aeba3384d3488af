import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { knownCurrency } from '../../lib/currencies/catalogue.ts';
import { serializableInAccountQueue } from '../../lib/db/account-queue.ts';
import { isUniqueViolation, type Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { toJsonNumber, type Amount } from '../../lib/money.ts';
import { audit } from '../audit/service.ts';
import { credit, debit, lockedMerchantBalance, merchantAccount, post } from '../ledger/service.ts';
import { checkPegs } from './pricing.ts';
import { conversionMoney, type ConversionRow } from './record.ts';

/** The money of a conversion being booked: what leaves, what arrives, and the commission inside the first. */
export interface BookedMoney {
  fromAmount: Amount;
  toAmount: Amount;
  commission: Amount;
}

/**
 * Books a conversion inside the caller's transaction: its row, and one balanced entry through the
 * house's FX account in each currency (merchant(from) → treasury:conversion(from), then
 * treasury:conversion(to) → merchant(to)), so the treasury's balances show the exposure
 * conversions leave the operator with. The commission is inside fromAmount, so no line of its own.
 * The caller has checked the source balance; `quoteId` is null for a withdrawal's auto-convert.
 */
export async function bookConversion(
  trx: Trx,
  owner: { tenantId: string; accountId: string },
  money: BookedMoney,
  quoteId: string | null,
): Promise<ConversionRow> {
  const { fromAmount, toAmount, commission } = money;
  const merchant = merchantAccount(owner.accountId);
  const row = await trx
    .insertInto('conversions')
    .values({
      id: randomUUID(),
      tenant_id: owner.tenantId,
      account_id: owner.accountId,
      from_currency: fromAmount.currency.code,
      to_currency: toAmount.currency.code,
      from_amount: fromAmount.units,
      to_amount: toAmount.units,
      commission: commission.units,
      quote_id: quoteId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await post(trx, {
    tenantId: owner.tenantId,
    kind: 'conversion',
    refType: 'conversion',
    refId: row.id,
    lines: [
      debit(merchant, fromAmount),
      credit('treasury:conversion', fromAmount),
      debit('treasury:conversion', toAmount),
      credit(merchant, toAmount),
    ],
  });
  return row;
}

/**
 * POST /converting/commit: books the quote's locked amounts in one SERIALIZABLE transaction, queued
 * behind the account's other commits (withdrawals included) like a withdrawal commit. A quote is
 * committed at most once: the quote row is locked, and conversions are unique on their quote. A
 * stablecoin of the pair that went off its peg since the quote (or whose price is gone) stops it.
 */
export async function commitConversion(ctx: AppContext, principal: ApiPrincipal, quoteId: string): Promise<ConversionRow> {
  return serializableInAccountQueue(ctx.db, principal.accountId, (trx) => commitIn(ctx.config, trx, principal, quoteId));
}

async function commitIn(config: Config, trx: Trx, principal: ApiPrincipal, quoteId: string): Promise<ConversionRow> {
  const q = await lockQuote(trx, principal, quoteId);
  await checkPegs(trx, config, knownCurrency(q.from_currency), knownCurrency(q.to_currency));
  const money = conversionMoney(q);
  const available = await lockedMerchantBalance(trx, principal.accountId, q.from_currency);
  if (available < money.fromAmount.units) {
    throw new AppError('exceptions.converting.insufficientBalance', {
      cryptoCurrencyCode: q.from_currency,
      required: toJsonNumber(money.fromAmount),
    });
  }
  try {
    const row = await bookConversion(trx, principal, money, q.id);
    const detail = {
      accountId: principal.accountId,
      from: q.from_currency,
      to: q.to_currency,
      fromAmount: toJsonNumber(money.fromAmount),
      toAmount: toJsonNumber(money.toAmount),
    };
    await audit(trx, {
      tenantId: principal.tenantId,
      principal,
      action: 'conversion.committed',
      targetType: 'conversion',
      targetId: row.id,
      detail,
    });
    return row;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('exceptions.converting.quoteNotQuoted', { quoteId: q.id, currentStatus: 'committed', expectedStatus: 'quoted' });
    throw err;
  }
}

/**
 * The quote being committed, locked. Unknown (or another account's) is a 404, like a withdrawal
 * quote's; one committed already is no longer quoted (400, with the status it is in and the one it
 * had to be); an expired one (by the database's clock) is a 400 of its own.
 */
async function lockQuote(trx: Trx, principal: ApiPrincipal, quoteId: string) {
  const q = await trx
    .selectFrom('conversion_quotes')
    .selectAll()
    .select(sql<boolean>`expires_at < now()`.as('expired'))
    .where('id', '=', quoteId)
    .where('account_id', '=', principal.accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!q) throw new AppError('exceptions.converting.quoteNotFound');
  const committed = await trx.selectFrom('conversions').select(['id', 'completed_at']).where('quote_id', '=', q.id).executeTakeFirst();
  if (committed) {
    const extension = {
      quoteId: q.id,
      currentStatus: 'committed',
      expectedStatus: 'quoted',
      conversionId: committed.id,
      completedAt: committed.completed_at.toISOString(),
    };
    throw new AppError('exceptions.converting.quoteNotQuoted', extension);
  }
  if (q.expired) throw new AppError('exceptions.converting.quoteExpired', { quoteId: q.id, expiredAt: q.expires_at.toISOString() });
  return q;
}
