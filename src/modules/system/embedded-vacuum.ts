/**
 * The embedded database's autovacuum. PostgreSQL's autovacuum daemon analyzes and vacuums tables as
 * they change; PGlite is PostgreSQL in one process with no background workers, so nothing would.
 * A table that grew would keep the planner's guesses for a table never analyzed (a status filter's
 * deferred join then walked its index again for every row: 2.5 s for a page among 3,200 invoices
 * instead of 15 ms), and no page would become all-visible (no index-only scans). This job applies
 * autovacuum's own rules, with PostgreSQL's default thresholds, to the table statistics PGlite keeps:
 * analyze when the rows changed since the last ANALYZE exceed 50 + 10 % of the table, vacuum (and
 * analyze) when its dead rows exceed 50 + 20 %, or the rows inserted since the last VACUUM
 * 1,000 + 20 %. One table a round, the one with the most changes first: PGlite has one connection,
 * and a round holds it only for that table.
 */
import { sql } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';

/** What a round did: the table it vacuumed or analyzed, or null when none needed it. */
export interface VacuumRound {
  table: string;
  vacuumed: boolean;
}

export async function embeddedVacuumRound(db: Executor): Promise<VacuumRound | null> {
  const { rows } = await sql<{ table: string; vacuum: boolean }>`
    select s.relname as table, (s.n_dead_tup > 50 + 0.2 * t.n or s.n_ins_since_vacuum > 1000 + 0.2 * t.n) as vacuum
    from pg_stat_user_tables s, lateral (select greatest(c.reltuples, 0) as n from pg_class c where c.oid = s.relid) t
    where s.schemaname = 'public'
      and (s.n_mod_since_analyze > 50 + 0.1 * t.n or s.n_dead_tup > 50 + 0.2 * t.n or s.n_ins_since_vacuum > 1000 + 0.2 * t.n)
    order by s.n_mod_since_analyze + s.n_dead_tup + s.n_ins_since_vacuum desc
    limit 1`.execute(db);
  const due = rows[0];
  if (!due) return null;
  await (due.vacuum ? sql`vacuum (analyze) ${sql.table(due.table)}` : sql`analyze ${sql.table(due.table)}`).execute(db);
  return { table: due.table, vacuumed: due.vacuum };
}
