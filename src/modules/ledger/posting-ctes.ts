import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { postingPlan, type Posting } from './service.ts';

/** A posting written as common table expressions of a larger statement (see `postingCtes`). */
export interface PostingCtes {
  /** `name as (…)` items, in order, for the statement's WITH list. */
  ctes: RawBuilder<unknown>[];
  /** The CTE holding the entry's id once it is written (none when the gate had no row, or this cause was posted before). */
  entry: string;
}

/**
 * One posting as CTEs of a single statement, written only when the CTE `gate` has a row: what `post`
 * does in several round trips, done inside the statement (withdrawals/commit-plain.ts). The entry
 * first (unique per cause, so a replay writes nothing more), then the balance moves in `post`'s lock
 * order, each after the one before it, then the lines, each written only once its balance moved. So
 * all of it holds or the statement fails: a merchant balance going negative fails it on its check
 * constraint; a debit of a merchant balance whose row is missing moves nothing, and the lines then
 * left out leave the entry unbalanced, which the journal's deferred trigger refuses. (Every currency
 * of a balanced entry has a move that cannot be skipped: an upsert.) Names start with `prefix`.
 */
export function postingCtes(posting: Posting, gate: string, prefix = 'posting'): PostingCtes {
  const { lines, moves } = postingPlan(posting);
  const entry = `${prefix}_entry`;
  const ctes: RawBuilder<unknown>[] = [
    cte(
      entry,
      sql`insert into journal_entries (id, tenant_id, kind, ref_type, ref_id)
        select ${randomUUID()}::uuid, ${posting.tenantId}::uuid, ${posting.kind}::text, ${posting.refType}::text, ${posting.refId}::text
        where exists (select 1 from ${sql.table(gate)})
        on conflict (kind, ref_type, ref_id) do nothing
        returning id`,
    ),
  ];
  let previous = entry;
  const moved: RawBuilder<unknown>[] = [];
  moves.forEach((m, i) => {
    const name = `${prefix}_move_${i}`;
    const after = sql`exists (select 1 from ${sql.table(previous)})`;
    // A debit of a merchant balance updates its row: an upsert's proposed row would fail the
    // non-negative check for its sign alone. Every other move is an upsert (the row may be new).
    const body =
      m.delta < 0n && m.account.startsWith('merchant:')
        ? sql`update ledger_balances set balance = balance + ${m.delta}::numeric, updated_at = now()
            where ledger_account = ${m.account}::text and currency_code = ${m.currency}::text and ${after}
            returning ledger_account, currency_code`
        : sql`insert into ledger_balances (ledger_account, currency_code, balance)
            select ${m.account}::text, ${m.currency}::text, ${m.delta}::numeric where ${after}
            on conflict (ledger_account, currency_code)
            do update set balance = ledger_balances.balance + excluded.balance, updated_at = now()
            returning ledger_account, currency_code`;
    ctes.push(cte(name, body));
    moved.push(sql`select ledger_account, currency_code from ${sql.table(name)}`);
    previous = name;
  });
  const values = sql.join(lines.map((l, i) => sql`(${i}::int, ${l.account}::text, ${l.currency}::text, ${l.amount}::numeric)`));
  ctes.push(
    cte(
      `${prefix}_lines`,
      sql`insert into journal_lines (entry_id, line_no, ledger_account, currency_code, amount)
        select e.id, v.line_no, v.account, v.currency, v.amount
        from ${sql.table(entry)} e, (values ${values}) as v (line_no, account, currency, amount)
        where exists (select 1 from (${sql.join(moved, sql` union all `)}) m where m.ledger_account = v.account and m.currency_code = v.currency)`,
    ),
  );
  return { ctes, entry };
}

function cte(name: string, body: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`${sql.table(name)} as (${body})`;
}
