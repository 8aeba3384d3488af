import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { DepositStatus } from '../../lib/db/schema.ts';
import { expireDue, findByIdOrOrderId, listByAccount, type ExpiryRound, type ListFilters } from '../../lib/db/lookup.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { refundsOf } from '../withdrawals/refunds.ts';
import { changeStatus, depositRecord, type DepositRow } from './record.ts';

const LOOKUP_ERRORS = { required: 'exceptions.deposit.idOrOrderIdRequired', notFound: 'exceptions.deposit.notFound' } as const;

/** GET /deposit: by id (wins) or orderId, within the key's account; 404 otherwise. */
export function getDeposit(db: Executor, principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<DepositRow> {
  return findByIdOrOrderId(db, 'deposits', principal.accountId, q, LOOKUP_ERRORS);
}

/** GET /deposit/list: newest first, each with its refunds. */
export async function listDeposits(
  db: Executor,
  principal: ApiPrincipal,
  q: { page: number; limit: number; status?: DepositStatus } & ListFilters,
) {
  const page = await listByAccount(db, 'deposits', principal.accountId, q, (row) => row);
  const refunds = await refundsOf(
    db,
    'deposit',
    page.data.map((r) => r.id),
  );
  return { ...page, data: page.data.map((r) => depositRecord(r, refunds.get(r.id))) };
}

/** The expiry job's round: deposits whose window closed with nothing received become expired (with their event). */
export function expireDeposits(ctx: AppContext): Promise<ExpiryRound> {
  return expireDue(ctx.db, 'deposits', 'created', (trx, row) => changeStatus(trx, row, 'expired'));
}
