import { sql } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Executor } from '../../lib/db/index.ts';

/**
 * A round that leaves the cursor where it was rewrites it (its time is the watcher's last round, as
 * GET /admin/networks and the chain_scan_age_seconds metric show it) only when older than this:
 * an idle watcher writes nothing, so it wakes no job that waits for changes of the database.
 */
export const CURSOR_HEARTBEAT_S = 60;

/** Where a network's scan stands: the next height to scan, and whether it was written lately. */
export interface Cursor {
  next_height: number;
  fresh: boolean;
}

export async function readCursor(db: Executor, network: NetworkEnvName): Promise<Cursor | undefined> {
  return db
    .selectFrom('chain_cursors')
    .select(['next_height', sql<boolean>`updated_at > now() - make_interval(secs => ${CURSOR_HEARTBEAT_S})`.as('fresh')])
    .where('network', '=', network)
    .executeTakeFirst();
}

/** Moves the cursor to `next`; one standing still is only rewritten once it is no longer fresh. */
export async function saveCursor(trx: Executor, network: NetworkEnvName, next: number, before: Cursor | undefined): Promise<void> {
  if (before && before.next_height === next && before.fresh) return;
  await trx
    .insertInto('chain_cursors')
    .values({ network, next_height: next })
    .onConflict((oc) => oc.column('network').doUpdateSet({ next_height: next, updated_at: sql`now()` }))
    .execute();
}
