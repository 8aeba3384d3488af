// Tables that turn into stacked cards on phones (each cell carries its column's name).
import type { ComponentChildren } from 'preact';

/** One column: its header and how a row shows in it. */
export interface Column<T> {
  label: string;
  render(row: T): ComponentChildren;
  /** `num` right-aligns figures. */
  class?: string;
}

interface TableProps<T> {
  caption: string;
  columns: Array<Column<T>>;
  rows: T[] | undefined;
  rowKey(row: T): string;
  empty?: string;
}

/** A data table with a caption (screen readers name it); on narrow screens each row is a card. */
export function DataTable<T>({ caption, columns, rows, rowKey, empty = 'Nothing here yet.' }: TableProps<T>) {
  if (rows && rows.length === 0) return <p class="empty">{empty}</p>;
  return (
    <div class="table-wrap">
      <table class="data">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" class={c.class}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(rows ?? []).map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label} class={c.class}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next over a paged list. */
export function Pager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" class="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" class="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
