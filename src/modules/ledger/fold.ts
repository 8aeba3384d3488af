/**
 * The house's balances folded (migration 0071): `post` appends a house account's moves to
 * ledger_balance_deltas, and the worker adds them to ledger_balances here, as lib/db/counts.ts
 * folds list counts. Readers of a house balance read `ledger_balances_now`, the balance and its
 * pending deltas in one snapshot, so the ledger audit holds whether or not a fold has run.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';

/** Deltas folded a round: one statement, a few milliseconds. */
const FOLD_BATCH = 5000;

/**
 * Folds up to `limit` pending deltas, oldest first, into ledger_balances in one statement (the
 * deltas deleted and their sums added together, so a balance read at any moment counts each delta
 * once); returns how many it folded. Deltas another folder holds are skipped, and the balances are
 * updated in key order, so two folders at once neither wait on the same deltas nor deadlock.
 */
export async function foldBalanceDeltas(db: Executor, limit = FOLD_BATCH): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    with moved as (
      delete from ledger_balance_deltas
      where id in (select id from ledger_balance_deltas order by id limit ${limit} for update skip locked)
      returning ledger_account, currency_code, delta
    ), added as (
      insert into ledger_balances as b (ledger_account, currency_code, balance)
      select ledger_account, currency_code, sum(delta) from moved
      group by ledger_account, currency_code order by ledger_account, currency_code
      on conflict (ledger_account, currency_code) do update set balance = b.balance + excluded.balance, updated_at = now()
    )
    select count(*)::text as folded from moved having count(*) > 0`.execute(db);
  // No row when nothing was folded: the embedded database's change signal then hears no write,
  // and an idle gateway's jobs are not woken by a fold that did nothing.
  return Number(rows[0]?.folded ?? 0);
}

/**
 * The fold, every 2 s while postings come, so a house balance sums a few rows; idle until a
 * posting brings deltas, and a full batch leaves more for the next round at once.
 */
export function balanceFoldJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  let full = false;
  return [
    {
      name: 'ledger-balances-fold',
      intervalMs: 2000,
      round: async () => {
        full = (await foldBalanceDeltas(ctx.db)) === FOLD_BATCH;
      },
      idleIntervalMs: 60_000,
      wakeTables: ['ledger_balance_deltas'],
      busy: () => full,
    },
  ];
}
