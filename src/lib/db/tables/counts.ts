/** Exact list totals (migrations 0028, 0030): counts by scope and status, and by day, and the deltas not yet folded into them. */
import type { ColumnType, Generated } from 'kysely';

/** A bigint column: read as text (exact), written as a number, bigint or text. */
type Count = ColumnType<string, string | number | bigint, string | number | bigint>;

/** The rows a list counts, by kind (the counted table), scope (account or tenant) and status. */
export interface ListCountsTable {
  kind: string;
  scope_id: string;
  status: string;
  n: Count;
}

/** The same counts by the UTC day of each row's time (a time range's total sums its whole days). */
export interface ListDayCountsTable {
  kind: string;
  scope_id: string;
  status: string;
  /** 'YYYY-MM-DD' */
  day: ColumnType<string, string, string>;
  n: Count;
}

/** Changes to list_counts appended by the counted tables' triggers, folded in by the worker. */
export interface ListCountDeltasTable {
  id: Generated<string>;
  kind: string;
  scope_id: string;
  status: string;
  /** The UTC day of the row's time; null when it has none (it is then in no day's count). */
  day: ColumnType<string | null, string | null | undefined, string | null>;
  delta: Count;
}
