// What every export's pages share (kinds/ has one file per export): the cursor, the time range,
// the source's shape, and how a page reads from where the last stopped and writes amounts exactly.
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import type { Scope } from '../../lib/auth/scopes.ts';
import { findCurrency } from '../../lib/currencies/catalogue.ts';
import { formatUnits } from '../../lib/money.ts';
import { num, type Cell } from './csv.ts';

/** The position after the last row written: its time (as the database prints it, exact) and id. */
export interface Cursor {
  at: string;
  id: string;
}

/** The time range of an export, as `boundedRange` gives it. */
export interface ExportRange {
  from: Date;
  before: Date;
  inclusive: boolean;
}

/** One kind of export: its list's scope, its columns, and its rows page by page, oldest first. */
export interface ExportSource {
  scope: Scope;
  /** Its rows belong to the whole tenant (x402 settlements), not to one account: `page` is given the tenant's id. */
  tenantLevel?: true;
  columns: readonly string[];
  /** Up to `limit` rows of the account (the tenant, when `tenantLevel`) after `after` (each with its cursor), already as cells. */
  page(
    db: Executor,
    ownerId: string,
    range: ExportRange,
    after: Cursor | null,
    limit: number,
  ): Promise<Array<{ cursor: Cursor; cells: Cell[] }>>;
}

/** Rows strictly after the cursor in (time, id) order: the list's index, read from where it stopped. */
export function afterCursor(timeColumn: string, idColumn: string, c: Cursor | null) {
  return c ? sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) > (${c.at}::timestamptz, ${c.id}::uuid)` : sql<SqlBool>`true`;
}

/** Atomic units of a crypto currency as an exact decimal string (empty when unknown). */
export function crypto(code: string | null | undefined, units: string | null | undefined): Cell {
  const c = code ? findCurrency(code) : undefined;
  return c && units !== null && units !== undefined ? num(formatUnits(BigInt(units), c.decimals)) : null;
}

/** The row's time as the database prints it (exact), for the cursor. */
export const cursorAt = (column: string) => sql<string>`${sql.ref(column)}::text`.as('cursor_at');

/** Atomic units as an exact decimal of a unit the gateway knows (empty when it does not). */
export function inUnit(unit: { decimals: number } | null, units: string | null): Cell {
  return unit && units !== null ? num(formatUnits(BigInt(units), unit.decimals)) : null;
}
