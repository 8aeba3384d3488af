// A list page: filters in the URL, applied as they change, a table polled every 3 s, pages, and a CSV export.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { downloadUrl } from '../api.ts';
import { isoDay, statusLabel } from '../format.ts';
import { useResource } from '../hooks.ts';
import { setQuery, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';
import { DataTable, Pager, type Column } from './data-table.tsx';
import { ErrorAlert, LiveStatus } from './feedback.tsx';
import { Field, Select } from './fields.tsx';
import { DateRange, SearchFilter, rangeError } from './filters.tsx';

/** What a list asks the API for. */
export interface ListQuery<S extends string = string> {
  page: number;
  limit: number;
  status?: S;
  search?: string;
  from?: string;
  to?: string;
}

/** A page of a list as the API answers it. */
export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

/** One list page's parts. */
export interface ListConfig<T, S extends string = string> {
  title: string;
  /** The export's name: /v1/export/<kind>.csv; none, no export. */
  kind?: 'invoices' | 'deposits' | 'withdrawals' | 'conversions';
  /** Whether the list takes a search and a date range (its API does); else only the status. */
  searchable?: boolean;
  statuses?: readonly S[];
  columns: Array<Column<T>>;
  rowKey(row: T): string;
  load(query: ListQuery<S>): Promise<Paged<T>>;
  /** Buttons or links beside the title ("New withdrawal"). */
  actions?: ComponentChildren;
}

const LIMIT = 20;

/** `1 invoice`, `3 invoices` (titles are plural nouns). */
function counted(total: number, title: string): string {
  const noun = title.toLowerCase();
  return `${total} ${total === 1 ? noun.replace(/s$/, '') : noun}`;
}

/** Status, search and days, each applied as it changes (no Apply button): the URL holds them. */
function Filters({ title, statuses, searchable }: { title: string; statuses?: readonly string[] | undefined; searchable: boolean }) {
  const { query } = useLocation();
  return (
    <div class="filters" role="search" aria-label={`Filter ${title.toLowerCase()}`}>
      {statuses && (
        <Select
          label="Status"
          value={query.get('status') ?? ''}
          onValue={(status) => setQuery({ status, page: undefined })}
          options={[['', 'Any status'], ...statuses.map((s): [string, string] => [s, statusLabel(s)])]}
        />
      )}
      {searchable && <SearchFilter hint="Id, order id, address or transaction hash" />}
      {searchable && <DateRange />}
    </div>
  );
}

/** From/to dates and a link that downloads the list as CSV (the browser sends the session cookie). */
export function ExportCsv({ kind }: { kind: NonNullable<ListConfig<unknown>['kind']> }) {
  const [range, setRange] = useState({ from: isoDay(-30), to: isoDay(), changed: 'to' as 'from' | 'to' });
  const { from, to } = range;
  const error = rangeError(from, to, range.changed);
  return (
    <div class="export" role="group" aria-label="CSV export">
      <Field label="Export from" type="date" value={from} max={to} onValue={(v) => setRange({ ...range, from: v, changed: 'from' })} error={range.changed === 'from' ? error : undefined} />
      <Field label="Export to" type="date" value={to} min={from} onValue={(v) => setRange({ ...range, to: v, changed: 'to' })} error={range.changed === 'to' ? error : undefined} />
      {error ? (
        <button type="button" class="secondary" disabled>
          Export CSV
        </button>
      ) : (
        <a class="button secondary" href={downloadUrl(`/v1/export/${kind}.csv`, { from, to })} download={`${kind}-${from}-${to}.csv`}>
          Export CSV
        </a>
      )}
    </div>
  );
}

/** The whole list page: title, filters, table, pager and export. */
export function ListView<T, S extends string = string>(config: ListConfig<T, S>) {
  const { accountId } = useSession();
  const { query } = useLocation();
  const { searchable = true } = config;
  const q: ListQuery<S> = { page: Number(query.get('page') ?? 1) || 1, limit: LIMIT };
  for (const key of searchable ? (['search', 'from', 'to'] as const) : []) {
    const value = query.get(key);
    if (value) q[key] = value;
  }
  // A status the list does not know (an old bookmark) is ignored rather than refused.
  const status = config.statuses?.find((s) => s === query.get('status'));
  if (status) q.status = status;
  const list = useResource(() => config.load(q), [accountId, query.toString()], true);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{config.title}</h1>
        {config.actions}
      </div>
      <Filters title={config.title} statuses={config.statuses} searchable={searchable} />
      <ErrorAlert error={list.error} />
      <LiveStatus>{list.loading && !list.data ? 'Loading…' : list.data ? counted(list.data.total, config.title) : ''}</LiveStatus>
      <DataTable caption={config.title} columns={config.columns} rows={list.data?.data} rowKey={config.rowKey} empty={`No ${config.title.toLowerCase()} match.`} />
      {list.data && <Pager page={q.page} total={list.data.total} limit={LIMIT} onPage={(page) => setQuery({ page }, false)} />}
      {config.kind && <ExportCsv kind={config.kind} />}
    </>
  );
}
