import type { Selectable } from 'kysely';
import type { Db } from '../../lib/db/index.ts';
import { byKeys, paged } from '../../lib/db/paging.ts';
import type { RequestLogTable } from '../../lib/db/schema.ts';

/** A status filter: one code (`404`) or a class (`4xx`). */
export type StatusFilter = string;

function statusBounds(filter: StatusFilter): [number, number] {
  if (filter.endsWith('xx')) {
    const base = Number(filter[0]) * 100;
    return [base, base + 99];
  }
  return [Number(filter), Number(filter)];
}

/** A request as the log lists it. */
export function requestLogRecord(r: Selectable<RequestLogTable>) {
  return {
    id: String(r.id),
    method: r.method,
    path: r.path,
    status: r.status,
    // Not money: a duration, shown to the millisecond's thousandth.
    latencyMs: Number(r.latency_ms),
    requestId: r.request_id,
    errorCode: r.error_code,
    actor: r.actor,
    accountId: r.account_id,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * The tenant's logged requests, newest first (the tenant's index, by id); with `accountId` only
 * those that acted on that account; optionally of one status or status class.
 */
export function listRequests(db: Db, tenantId: string, accountId: string | null, q: { page: number; limit: number; status?: StatusFilter }) {
  let base = db.selectFrom('request_log').where('tenant_id', '=', tenantId);
  if (accountId !== null) base = base.where('account_id', '=', accountId);
  if (q.status) {
    const [low, high] = statusBounds(q.status);
    base = base.where('status', '>=', low).where('status', '<=', high);
  }
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) => {
      // A later page's ids along the tenant's index alone (it carries the filters' columns: migration 0038), then just their rows.
      const ids = base.select('id').orderBy('id', 'desc').limit(limit).offset(offset);
      return byKeys(base, 'id', offset, limit, ids).selectAll().orderBy('id', 'desc').execute();
    },
    requestLogRecord,
  );
}
