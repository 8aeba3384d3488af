import { sql } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { ChainAdapter, ChainTip } from '../../chains/types.ts';

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

/**
 * Block times may run this far behind the clock of the database that dated our addresses: Bitcoin
 * accepts a block stamped up to about an hour before it was mined (the median of the last eleven),
 * and clocks drift. A network's first scan starts this much before its first address.
 */
const BLOCK_TIME_SLACK_S = 2 * 60 * 60;

/**
 * Where a network's first scan starts. With no address of ours on it yet, nothing before the tip
 * can be ours: the next block. Otherwise the first block mined after the first address was handed
 * out (less the slack of block times): addresses handed out before any round ran (an API started
 * before its workers, a node unreachable at first, a sandbox chain without blocks) may already
 * have been paid, and those blocks are behind the tip.
 */
export async function firstHeight(
  db: Executor,
  adapter: Pick<ChainAdapter, 'network' | 'sandbox' | 'blockTime'>,
  tip: ChainTip | null,
): Promise<number> {
  if (!tip) return 0;
  const first = await db
    .selectFrom('addresses')
    .innerJoin('hd_accounts', 'hd_accounts.id', 'addresses.hd_account_id')
    .select((eb) => eb.fn.min('addresses.created_at').as('at'))
    .where('addresses.network', '=', adapter.network)
    .where('hd_accounts.sandbox', '=', adapter.sandbox)
    .executeTakeFirst();
  if (!first?.at) return tip.height + 1;
  const since = Math.floor(new Date(first.at).getTime() / 1000) - BLOCK_TIME_SLACK_S;
  // The lowest height whose block is stamped at or after `since`: a binary search, one block
  // header per step (about 25 on the longest chains), once in a network's life.
  let low = 0;
  let high = tip.height + 1;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const time = await adapter.blockTime(mid);
    if (time === null || time >= since) high = mid;
    else low = mid + 1;
  }
  return low;
}
