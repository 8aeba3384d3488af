/**
 * What only grows is kept for the configured time (config `retention`, migration 0029), then
 * pruned by the worker in small batches, each batch its own short transaction that locks only the
 * rows it removes, found along an index from the oldest. Money history (ledger, payments,
 * invoices, deposits, withdrawals, conversions, and a sandbox chain's transfers) has no policy
 * here: it is never pruned. The lists' count deltas are folded, not pruned (lib/db/counts.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Retention } from '../../config/retention.ts';
import type { Db } from '../../lib/db/index.ts';

/**
 * The last blocks of a sandbox chain, always kept: far more than any confirmation count, a
 * watcher's reorg window or an operator's reorg.
 */
export const SANDBOX_BLOCK_KEEP_DEPTH = 1000;

/** One policy: what it keeps, and one batch of what it removes (rows removed). */
interface Policy {
  name: string;
  /** One statement removing up to `limit` of the oldest rows past `cutoff`. */
  batch: (cutoff: Date, limit: number) => RawBuilder<unknown>;
  days: (r: Retention) => number;
}

/**
 * Removes up to `limit` rows of `table` (aliased `x`) that `where` picks, the oldest by `oldest`
 * first, skipping rows another transaction holds.
 */
const deleteOldest = (table: string, where: RawBuilder<unknown>, oldest: string, limit: number) =>
  sql`delete from ${sql.table(table)} where id in (
    select x.id from ${sql.table(table)} x where ${where} order by ${sql.ref(`x.${oldest}`)} limit ${limit} for update skip locked)`;

const POLICIES: Policy[] = [
  {
    name: 'request_log',
    days: (r) => r.requestLogDays,
    batch: (cutoff, limit) => deleteOldest('request_log', sql`x.created_at < ${cutoff}`, 'created_at', limit),
  },
  {
    // Finished deliveries (delivered or given up) and their attempts; a pending one is kept however old.
    name: 'webhook_deliveries',
    days: (r) => r.webhookDays,
    batch: (cutoff, limit) =>
      sql`with doomed as (
          select id from webhook_deliveries where status <> 'pending' and created_at < ${cutoff} order by created_at limit ${limit} for update skip locked
        ), attempts as (delete from webhook_attempts where delivery_id in (select id from doomed))
        delete from webhook_deliveries where id in (select id from doomed)`,
  },
  {
    // Dispatched events that no delivery names any more (their deliveries are gone, or there were none).
    name: 'outbox_events',
    days: (r) => r.webhookDays,
    batch: (cutoff, limit) =>
      deleteOldest(
        'outbox_events',
        sql`x.processed_at < ${cutoff} and not exists (select 1 from webhook_deliveries d where d.event_id = x.id)`,
        'processed_at',
        limit,
      ),
  },
  {
    // Mails sent or given up (a pending one is kept however old), for as long as webhook deliveries.
    name: 'email_jobs',
    days: (r) => r.webhookDays,
    batch: (cutoff, limit) => deleteOldest('email_jobs', sql`x.status <> 'pending' and x.created_at < ${cutoff}`, 'created_at', limit),
  },
  {
    // Batch quotes never committed; the items' quotes they still hold go with them.
    name: 'withdrawal_batch_quotes',
    days: (r) => r.quoteDays,
    batch: (cutoff, limit) =>
      deleteOldest('withdrawal_batch_quotes', sql`x.batch_id is null and x.expires_at < ${cutoff}`, 'expires_at', limit),
  },
  {
    name: 'withdrawal_quotes',
    days: (r) => r.quoteDays,
    batch: (cutoff, limit) =>
      deleteOldest('withdrawal_quotes', sql`x.withdrawal_id is null and x.expires_at < ${cutoff}`, 'expires_at', limit),
  },
  {
    name: 'conversion_quotes',
    days: (r) => r.quoteDays,
    batch: (cutoff, limit) =>
      deleteOldest(
        'conversion_quotes',
        sql`x.expires_at < ${cutoff} and not exists (select 1 from conversions c where c.quote_id = x.id)`,
        'expires_at',
        limit,
      ),
  },
  {
    // A sandbox chain's empty blocks deep below its tip: a block a transfer is in is kept (a payment's
    // confirmations and reorg checks read it), and so is every block near the tip. Heights stay as
    // they were; a watcher's first scan that finds no block time at a height starts lower (safe).
    name: 'sandbox_blocks',
    days: (r) => r.sandboxBlockDays,
    batch: (cutoff, limit) =>
      sql`with doomed as (
          select x.network, x.height from sandbox_blocks x
          where x.created_at < ${cutoff}
            and x.height < (select max(t.height) from sandbox_blocks t where t.network = x.network) - ${SANDBOX_BLOCK_KEEP_DEPTH}
            and not exists (select 1 from sandbox_transfers s where s.network = x.network and s.block_height = x.height)
          order by x.network, x.height limit ${limit} for update skip locked
        )
        delete from sandbox_blocks b using doomed d where b.network = d.network and b.height = d.height`,
  },
  {
    // Sign-in throttling's counts (modules/users/throttle.ts) a day after their window ended: a
    // count past its window is no longer read, and a new failure starts one afresh.
    name: 'login_throttle',
    days: () => 1,
    batch: (cutoff, limit) =>
      sql`delete from login_throttle where key in (
          select x.key from login_throttle x where x.window_ends_at < ${cutoff} order by x.window_ends_at limit ${limit} for update skip locked)`,
  },
];

/** Rows removed by one round, by policy. */
export type Pruned = Record<string, number>;

/**
 * One round of every policy: up to `batches` batches of `limit` rows each, each batch one statement
 * (its own transaction); a policy stops at its first batch that is not full. `now` is the clock's time.
 */
export async function pruneRound(
  db: Db,
  retention: Retention,
  opts: { limit?: number; batches?: number; now?: Date } = {},
): Promise<Pruned> {
  const { limit = 1000, batches = 10, now = new Date() } = opts;
  const pruned: Pruned = {};
  for (const policy of POLICIES) {
    const cutoff = new Date(now.getTime() - policy.days(retention) * 86_400_000);
    let total = 0;
    for (let i = 0; i < batches; i++) {
      const removed = Number((await policy.batch(cutoff, limit).execute(db)).numAffectedRows ?? 0n);
      total += removed;
      if (removed < limit) break;
    }
    pruned[policy.name] = total;
  }
  return pruned;
}
