import { sql } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import { findByIdOrOrderId, listByAccount, type ListFilters } from '../../lib/db/lookup.ts';
import type { WithdrawalStatus } from '../../lib/db/schema.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { approvalsOfMany } from './approvals.ts';
import { withdrawalRecord, type WithdrawalRow } from './record.ts';

const LOOKUP_ERRORS = {
  required: 'exceptions.withdrawal.eitherWithdrawalIdOrOrderIdMustBeProvided',
  notFound: 'exceptions.withdrawal.notFound',
} as const;

/** GET /withdrawal: by id (wins) or orderId, within the key's account. */
export function getWithdrawal(db: Executor, principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<WithdrawalRow> {
  return findByIdOrOrderId(db, 'withdrawals', principal.accountId, q, LOOKUP_ERRORS);
}

/** GET /withdrawal/list: newest first, optionally one status; those awaiting approval with the approvals they got. */
export async function listWithdrawals(
  db: Executor,
  principal: ApiPrincipal,
  q: { page: number; limit: number; status?: WithdrawalStatus } & ListFilters,
) {
  const page = await listByAccount(db, 'withdrawals', principal.accountId, q, (w) => w);
  const awaiting = await approvalsOfMany(
    db,
    page.data.filter((w) => w.status === 'awaitingApproval').map((w) => w.id),
  );
  return { ...page, data: page.data.map((w) => withdrawalRecord(w, awaiting.get(w.id))) };
}

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

/** Withdrawals not yet sent or not yet final, per network and status (metrics). */
export async function withdrawalsOpen(db: Executor) {
  return db
    .selectFrom('withdrawals')
    .select(['network', 'status', sql<string>`count(*)`.as('n')])
    .where('status', 'in', ['created', 'processing'])
    .groupBy(['network', 'status'])
    .execute();
}
