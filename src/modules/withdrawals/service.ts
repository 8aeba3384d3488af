import { sql } from 'kysely';
import type { Audited } from '../audit/service.ts';
import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import type { Executor } from '../../lib/db/index.ts';
import { findByIdOrOrderId, listByAccount, type ListFilters } from '../../lib/db/lookup.ts';
import type { WithdrawalStatus } from '../../lib/db/schema.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';

import { approvalsOfMany } from './approvals.ts';
import { cancelWithdrawal } from './cancel.ts';
import { commitWithdrawal, type CommitInput } from './commit.ts';
import { executeRound } from './execute.ts';
import { quoteWithdrawal, type QuoteInput } from './quote.ts';
import { withdrawalRecord, type WithdrawalRow } from './record.ts';

export type { CommitInput } from './commit.ts';
export type { QuoteInput } from './quote.ts';
export { quoteRecord, withdrawalRecord, type QuoteRow, type WithdrawalRow } from './record.ts';

const LOOKUP_ERRORS = { required: 'exceptions.withdrawal.eitherWithdrawalIdOrOrderIdMustBeProvided', notFound: 'exceptions.withdrawal.notFound' } as const;

/**
 * Withdrawals, one file per operation: quote (fee locked, nothing reserved), commit (one
 * SERIALIZABLE transaction: the locked balance must cover the locked total; debit, withdrawal row,
 * ledger entry and event together), cancel (operator, before signing), and execution through the
 * chain adapter (sign, store, broadcast, confirm). This class only binds them to a context.
 */
export class WithdrawalService {
  constructor(private readonly ctx: AppContext) {}

  quote(principal: ApiPrincipal, input: QuoteInput) {
    return quoteWithdrawal(this.ctx, principal, input);
  }

  commit(principal: ApiPrincipal, input: CommitInput): Promise<WithdrawalRow> {
    return commitWithdrawal(this.ctx, principal, input);
  }

  /** GET /withdrawal: by id (wins) or orderId, within the key's account. */
  get(principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<WithdrawalRow> {
    return findByIdOrOrderId(this.ctx.db, 'withdrawals', principal.accountId, q, LOOKUP_ERRORS);
  }

  /** GET /withdrawal/list: newest first, optionally one status; those awaiting approval with the approvals they got. */
  async list(principal: ApiPrincipal, q: { page: number; limit: number; status?: WithdrawalStatus } & ListFilters) {
    const page = await listByAccount(this.ctx.db, 'withdrawals', principal.accountId, q, (w) => w);
    const awaiting = await approvalsOfMany(this.ctx.db, page.data.filter((w) => w.status === 'awaitingApproval').map((w) => w.id));
    return { ...page, data: page.data.map((w) => withdrawalRecord(w, awaiting.get(w.id))) };
  }

  /** Operator: cancels a withdrawal not yet signed; the debit is refunded in the same transaction. */
  cancel(id: string, audited?: Audited): Promise<WithdrawalRow> {
    return cancelWithdrawal(this.ctx, id, audited);
  }

  /** The worker's round over open withdrawals on the networks of `adapters` (see execute.ts). */
  executeRound(adapters: ChainAdapter[]) {
    return executeRound(this.ctx, adapters);
  }
}

/** Pending withdrawals waiting for the hot wallet, per network (metrics). */
/**
 * Payouts sent and not yet final, per network: how many, how many wait above the operator's fee
 * ceiling, and how many candidates were signed for them beyond the first (replacements).
 */
export async function payoutsPending(db: Executor) {
  return db
    .selectFrom('withdrawals as w')
    .select([
      'w.network',
      sql<string>`count(*) filter (where w.fee_capped_at is not null)`.as('capped'),
      // A bundle's withdrawals each count the bundle's replacements: theirs too.
      sql<string>`coalesce(sum(case when w.bundle_id is null
        then (select count(*) - 1 from withdrawal_transactions t where t.withdrawal_id = w.id)
        else (select count(*) - 1 from payout_bundle_transactions b where b.payout_bundle_id = w.bundle_id) end), 0)`.as('replacements'),
    ])
    .where('w.status', '=', 'processing')
    .groupBy('w.network')
    .execute();
}

export async function withdrawalsOpen(db: Executor) {
  return db.selectFrom('withdrawals').select(['network', 'status', sql<string>`count(*)`.as('n')]).where('status', 'in', ['created', 'processing']).groupBy(['network', 'status']).execute();
}
