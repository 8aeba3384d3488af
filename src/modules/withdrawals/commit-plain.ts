import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { serializableStatementInAccountQueue } from '../../lib/db/account-queue.ts';
import type { Db } from '../../lib/db/index.ts';
import { prepared } from '../../lib/db/prepared.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { stringifyExact } from '../../lib/exact-json.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { credit, debit, merchantAccount } from '../ledger/service.ts';
import { postingCtes } from '../ledger/posting-ctes.ts';
import { withdrawalMoney, type QuoteRow, type WithdrawalRow } from './record.ts';
import type { CommitInput } from './commit.ts';

/** Whether a quote commits by `commitPlain`: no refund, no conversion. */
export const isPlainQuote = (q: QuoteRow): boolean => !q.convert_from && !q.refund_invoice_id && !q.refund_deposit_id;

/**
 * Commits a plain quote (`isPlainQuote`), read before, in ONE statement inside the
 * SERIALIZABLE transaction, queued behind the account's other commits (lib/db/account-queue.ts:
 * the account's advisory lock, taken before the transaction begins). The statement claims the quote
 * only if it is still as read, uncommitted and unexpired (by the database's clock), and the balance
 * row covers the total; then inserts the withdrawal, posts the debit (merchant → clearing,
 * ledger/posting-ctes.ts) and writes the audit entry, each part only when the one before it has a
 * row, so all of it is written or none. A balance that would go negative fails the statement on its
 * check constraint (`exceptions.withdrawal.insufficientBalance`).
 *
 * The lock is held for one round trip of this commit instead of one per read and write: the
 * account's commits that arrive meanwhile share the lock, the BEGIN and the COMMIT (group commit,
 * lib/db/account-batch.ts). A claim that fails is no error, so it never spoils the batch it runs
 * in. Returns null when nothing was claimed: the caller reads the quote again to say why (or to
 * commit it as it now is).
 */
export async function commitPlain(db: Db, principal: ApiPrincipal, input: CommitInput, q: QuoteRow): Promise<WithdrawalRow | null> {
  const statement = commitStatement(principal, input, q);
  try {
    const { rows } = await serializableStatementInAccountQueue(db, principal.accountId, statement);
    return rows[0] ?? null;
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23514' && e.constraint === 'ledger_balances_merchant_nonnegative') {
      throw new AppError('exceptions.withdrawal.insufficientBalance', { cryptoCurrencyCode: q.currency_code, required: toJsonNumber(withdrawalMoney(q).total) });
    }
    throw err;
  }
}

/** The statement `commitPlain` runs: claim → withdrawal → posting → audit, returning the withdrawal. */
function commitStatement(principal: ApiPrincipal, input: CommitInput, q: QuoteRow) {
  const { amount, total } = withdrawalMoney(q);
  const id = randomUUID();
  const merchant = merchantAccount(principal.accountId);
  const posting = postingCtes(
    { tenantId: principal.tenantId, kind: 'withdrawal.debit', refType: 'withdrawal', refId: id, lines: [debit(merchant, total), credit('clearing:withdrawals', total)] },
    'w',
  );
  const detail = { accountId: principal.accountId, cryptoCurrencyCode: q.currency_code, amount: toJsonNumber(amount), address: q.address };
  const claim = sql`update withdrawal_quotes set committed_at = now(), withdrawal_id = ${id}::uuid
    where id = ${q.id}::uuid and account_id = ${principal.accountId}::uuid and committed_at is null and expires_at >= now()
      and order_id = ${q.order_id}::text and currency_code = ${q.currency_code}::text and network = ${q.network}::text
      and address = ${q.address}::text and amount = ${q.amount}::numeric and fee = ${q.fee}::numeric and usd_price = ${q.usd_price}::numeric
      and convert_from is null and refund_invoice_id is null and refund_deposit_id is null
      and exists (select 1 from ledger_balances where ledger_account = ${merchant}::text and currency_code = ${q.currency_code}::text and balance >= ${total.units}::numeric)
    returning id`;
  const withdrawal = sql`insert into withdrawals (id, tenant_id, account_id, order_id, quote_id, currency_code, network, address,
      amount, fee, usd_price, status, custom_data, webhook_url, source)
    select ${id}::uuid, ${principal.tenantId}::uuid, ${principal.accountId}::uuid, ${q.order_id}::text, c.id, ${q.currency_code}::text,
      ${q.network}::text, ${q.address}::text, ${q.amount}::numeric, ${q.fee}::numeric, ${q.usd_price}::numeric, 'created',
      ${input.customData ? JSON.stringify(input.customData) : null}::jsonb, ${input.webhookUrl ?? null}::text, 'api'
    from claim c
    returning *`;
  const audit = sql`insert into audit_log (tenant_id, actor_user_id, actor_key_id, actor, action, target_type, target_id, detail)
    select ${principal.tenantId}::uuid, ${principal.userId}::uuid, ${principal.keyId}::uuid, ${principal.actor}::text,
      'withdrawal.committed', 'withdrawal', w.id::text, ${stringifyExact(detail)}::jsonb
    from ${sql.table(posting.entry)} e, w`;
  return prepared(sql<WithdrawalRow>`with claim as (${claim}), w as (${withdrawal}), ${sql.join(posting.ctes)}, audit as (${audit})
    select * from w`);
}
