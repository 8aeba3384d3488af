/** Exact list totals (migration 0028): counts by scope and status, and the deltas not yet folded into them. */
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

/** Changes to list_counts appended by the counted tables' triggers, folded in by the worker. */
export interface ListCountDeltasTable {
  id: Generated<string>;
  kind: string;
  scope_id: string;
  status: string;
  delta: Count;
}
