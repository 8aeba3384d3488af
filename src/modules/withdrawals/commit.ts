import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { isRetryableTransactionError, now, type Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { cryptoAmount } from '../../lib/currencies/catalogue.ts';
import { credit, debit, merchantAccount, post } from '../ledger/service.ts';

import { withdrawalMoney, type QuoteRow, type WithdrawalRow } from './record.ts';

export interface CommitInput {
  quoteId: string;
  customData?: Record<string, unknown>;
  webhookUrl?: string;
}

/** The advisory-lock key space of withdrawal commits (the second key is the account's hash). */
const COMMIT_LOCK_SPACE = 7_310_001;

async function lockedBalance(trx: Trx, accountId: string, currency: string): Promise<bigint> {
  const row = await trx
    .selectFrom('ledger_balances')
    .select('balance')
    .where('ledger_account', '=', merchantAccount(accountId))
    .where('currency_code', '=', currency)
    .forUpdate()
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/**
 * POST /withdrawal/commit: one SERIALIZABLE transaction, retried on serialization failures.
 * Commits of one account first queue on a PostgreSQL advisory lock of that account (held by the
 * connection, so by whichever instance runs the commit, and let go if it dies), taken before the
 * transaction begins: each commit's snapshot then already sees the previous commit's debit,
 * instead of a burst of commits all failing on the balance row and retrying. SERIALIZABLE stays
 * the guarantee; the lock only keeps concurrent commits of one account from tripping over it.
 */
export async function commitWithdrawal(ctx: AppContext, principal: ApiPrincipal, input: CommitInput): Promise<WithdrawalRow> {
  return ctx.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${COMMIT_LOCK_SPACE}, hashtext(${principal.accountId}))`.execute(conn);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await conn
            .transaction()
            .setIsolationLevel('serializable')
            .execute((trx) => commitIn(trx, principal, input));
        } catch (err) {
          if (attempt < 8 && isRetryableTransactionError(err)) {
            await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
            continue;
          }
          throw err;
        }
      }
    } finally {
      await sql`select pg_advisory_unlock(${COMMIT_LOCK_SPACE}, hashtext(${principal.accountId}))`.execute(conn);
    }
  });
}

/** The quote being committed, locked, with whether it has expired (by the database's clock). */
async function lockQuote(trx: Trx, principal: ApiPrincipal, quoteId: string) {
  const q = await trx
    .selectFrom('withdrawal_quotes')
    .selectAll()
    .select(sql<boolean>`expires_at < now()`.as('expired'))
    .where('id', '=', quoteId)
    .where('account_id', '=', principal.accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!q) throw new AppError('exceptions.withdrawal.quoteNotFound');
  if (q.committed_at) throw new AppError('exceptions.withdrawal.quoteAlreadyCommitted', { withdrawalId: q.withdrawal_id });
  if (q.expired) throw new AppError('exceptions.withdrawal.quoteExpired', { expiredAt: q.expires_at.toISOString() });
  return q;
}

/**
 * The quote's locked conversion, booked before the debit: source balance out (amount +
 * commission), withdrawal currency in. Returns the conversion's id.
 */
async function convert(trx: Trx, principal: ApiPrincipal, q: QuoteRow & { convert_from: string }): Promise<string> {
  const fromAmount = cryptoAmount(q.convert_from, q.convert_from_amount!);
  const commission = cryptoAmount(q.convert_from, q.convert_commission!);
  const toAmount = cryptoAmount(q.currency_code, q.convert_to_amount!);
  const merchant = merchantAccount(principal.accountId);
  if ((await lockedBalance(trx, principal.accountId, q.convert_from)) < fromAmount.plus(commission).units) {
    throw new AppError('exceptions.withdrawal.insufficientBalance', { cryptoCurrencyCode: q.convert_from });
  }
  const id = randomUUID();
  await trx
    .insertInto('conversions')
    .values({ id, tenant_id: principal.tenantId, account_id: principal.accountId, from_currency: q.convert_from, to_currency: q.currency_code, from_amount: fromAmount.units, to_amount: toAmount.units, commission: commission.units })
    .execute();
  await post(trx, {
    tenantId: principal.tenantId,
    kind: 'conversion',
    refType: 'conversion',
    refId: id,
    lines: [
      debit(merchant, fromAmount.plus(commission)),
      credit('revenue:conversion', commission),
      credit('treasury:conversion', fromAmount),
      debit('treasury:conversion', toAmount),
      credit(merchant, toAmount),
    ],
  });
  return id;
}

async function commitIn(trx: Trx, principal: ApiPrincipal, input: CommitInput): Promise<WithdrawalRow> {
  const q = await lockQuote(trx, principal, input.quoteId);
  const { total } = withdrawalMoney(q);
  const convertId = q.convert_from ? await convert(trx, principal, { ...q, convert_from: q.convert_from }) : null;
  // The single locked balance must cover the locked total; never another currency.
  if ((await lockedBalance(trx, principal.accountId, q.currency_code)) < total.units) {
    throw new AppError('exceptions.withdrawal.insufficientBalance', { cryptoCurrencyCode: q.currency_code, required: toJsonNumber(total) });
  }
  const id = randomUUID();
  const row = await trx
    .insertInto('withdrawals')
    .values({
      id,
      tenant_id: principal.tenantId,
      account_id: principal.accountId,
      order_id: q.order_id,
      quote_id: q.id,
      currency_code: q.currency_code,
      network: q.network,
      address: q.address,
      amount: q.amount,
      fee: q.fee,
      usd_price: q.usd_price,
      status: 'created',
      convert_id: convertId,
      custom_data: input.customData ? JSON.stringify(input.customData) : null,
      webhook_url: input.webhookUrl ?? null,
      source: 'api',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await post(trx, {
    tenantId: principal.tenantId,
    kind: 'withdrawal.debit',
    refType: 'withdrawal',
    refId: id,
    lines: [debit(merchantAccount(principal.accountId), total), credit('clearing:withdrawals', total)],
  });
  await trx.updateTable('withdrawal_quotes').set({ committed_at: now(), withdrawal_id: id }).where('id', '=', q.id).execute();
  return row;
}
