import type { Selectable } from 'kysely';
import type { Db } from '../../lib/db/index.ts';
import { byKeys, paged } from '../../lib/db/paging.ts';
import type { RequestLogTable } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** A status filter: one code (`404`) or a class (`4xx`). */
export type StatusFilter = string;

function statusBounds(filter: StatusFilter): [number, number] {
  if (filter.endsWith('xx')) {
    const base = Number(filter[0]) * 100;
    return [base, base + 99];
  }
  return [Number(filter), Number(filter)];
}

/** The columns of a listed request (the bodies are read only for one request's detail). */
const LISTED = [
  'id',
  'method',
  'path',
  'status',
  'latency_ms',
  'request_id',
  'error_code',
  'actor',
  'account_id',
  'api_key_id',
  'created_at',
] as const;
type Listed = Pick<Selectable<RequestLogTable>, (typeof LISTED)[number]>;

/** A request as the log lists it. */
export function requestLogRecord(r: Listed) {
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
    apiKeyId: r.api_key_id,
    createdAt: r.created_at.toISOString(),
  };
}

/** Whose requests a caller sees: the tenant's, and with `accountId` (a key bound to one account) only that account's. */
export interface RequestLogOwner {
  tenantId: string;
  accountId: string | null;
}

function ownedRows(db: Db, owner: RequestLogOwner) {
  const base = db.selectFrom('request_log').where('request_log.tenant_id', '=', owner.tenantId);
  return owner.accountId !== null ? base.where('request_log.account_id', '=', owner.accountId) : base;
}

/**
 * The tenant's logged requests, newest first (the tenant's index, by id); with `accountId` only
 * those that acted on that account; optionally of one status or status class, and of one API key.
 */
export function listRequests(db: Db, owner: RequestLogOwner, q: { page: number; limit: number; status?: StatusFilter; apiKeyId?: string }) {
  let base = ownedRows(db, owner);
  if (q.status) {
    const [low, high] = statusBounds(q.status);
    base = base.where('status', '>=', low).where('status', '<=', high);
  }
  if (q.apiKeyId) base = base.where('api_key_id', '=', q.apiKeyId);
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

/** One logged request with its key's name and the bodies kept; 404 when the owner has none of that id. */
export async function requestDetail(db: Db, owner: RequestLogOwner, id: string) {
  const row = await ownedRows(db, owner)
    .leftJoin('api_keys', (j) =>
      j.onRef('api_keys.id', '=', 'request_log.api_key_id').onRef('api_keys.tenant_id', '=', 'request_log.tenant_id'),
    )
    .selectAll('request_log')
    .select(['api_keys.name as key_name', 'api_keys.key_start'])
    .where('request_log.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.requestLog.notFound');
  return {
    ...requestLogRecord(row),
    apiKeyName: row.key_name ?? null,
    apiKeyStart: row.key_start ?? null,
    requestBody: row.request_body,
    responseBody: row.response_body,
  };
}
