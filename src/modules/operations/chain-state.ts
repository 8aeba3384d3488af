import { sql } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';

/**
 * Where the watcher stands on each network: the next height it scans and the seconds since it last
 * finished a round there (by the database's clock). Read by the metrics and GET /admin/networks.
 */
export async function chainCursors(db: Executor): Promise<Array<{ network: string; nextHeight: number; ageS: number }>> {
  const rows = await db
    .selectFrom('chain_cursors')
    .select(['network', 'next_height', sql<string>`extract(epoch from now() - updated_at)`.as('age')])
    .execute();
  return rows.map((r) => ({ network: r.network, nextHeight: r.next_height, ageS: Number(r.age) }));
}

/** Payments seen on chain and waiting for their confirmations, per network (networks without any are absent). */
export async function unconfirmedPayments(db: Executor): Promise<Array<{ network: string; n: number }>> {
  const rows = await db
    .selectFrom('payments')
    .select(['network', sql<string>`count(*)`.as('n')])
    .where('status', '=', 'seen')
    .groupBy('network')
    .execute();
  return rows.map((r) => ({ network: r.network, n: Number(r.n) }));
}
