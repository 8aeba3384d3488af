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
  /** The values of the list's own choices (`selects`), by name; only on lists that have some. */
  filters?: Record<string, string>;
}

/** A choice of the list's own beside the status (the network of x402 settlements): a URL query name and its options. */
export interface SelectFilter {
  name: string;
  label: string;
  /** The option that filters nothing (`Any network`). */
  any: string;
  options: Array<[value: string, text: string]>;
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
  kind?: 'invoices' | 'deposits' | 'withdrawals' | 'conversions' | 'x402';
  /** Whether the list takes a search and a date range (its API does); else only the status. */
  searchable?: boolean;
  statuses?: readonly S[];
  /** More choices, each applied as it changes and kept in the URL like the status. */
  selects?: readonly SelectFilter[];
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

/** Status, the list's own choices, search and days, each applied as it changes (no Apply button): the URL holds them. */
function Filters({
  title,
  statuses,
  selects = [],
  searchable,
}: {
  title: string;
  statuses?: readonly string[] | undefined;
  selects?: readonly SelectFilter[] | undefined;
  searchable: boolean;
}) {
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
      {selects.map((f) => {
        const value = query.get(f.name) ?? '';
        // A value the options lack (a bookmark, a network no longer listed) stays shown as it is.
        const options = value && !f.options.some(([v]) => v === value) ? [...f.options, [value, value] as [string, string]] : f.options;
        return (
          <Select
            key={f.name}
            label={f.label}
            value={value}
            onValue={(v) => setQuery({ [f.name]: v, page: undefined })}
            options={[['', f.any], ...options]}
          />
        );
      })}
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
      <Field
        label="Export from"
        type="date"
        value={from}
        max={to}
        onValue={(v) => setRange({ ...range, from: v, changed: 'from' })}
        error={range.changed === 'from' ? error : undefined}
      />
      <Field
        label="Export to"
        type="date"
        value={to}
        min={from}
        onValue={(v) => setRange({ ...range, to: v, changed: 'to' })}
        error={range.changed === 'to' ? error : undefined}
      />
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
  if (config.selects) {
    const filters: Record<string, string> = {};
    for (const { name } of config.selects) {
      const value = query.get(name);
      if (value) filters[name] = value;
    }
    q.filters = filters;
  }
  const list = useResource(() => config.load(q), [accountId, query.toString()], true);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{config.title}</h1>
        {config.actions}
      </div>
      <Filters title={config.title} statuses={config.statuses} selects={config.selects} searchable={searchable} />
      <ErrorAlert error={list.error} />
      <LiveStatus>{list.loading && !list.data ? 'Loading…' : list.data ? counted(list.data.total, config.title) : ''}</LiveStatus>
      <DataTable
        caption={config.title}
        columns={config.columns}
        rows={list.data?.data}
        rowKey={config.rowKey}
        empty={`No ${config.title.toLowerCase()} match.`}
      />
      {list.data && <Pager page={q.page} total={list.data.total} limit={LIMIT} onPage={(page) => setQuery({ page }, false)} />}
      {config.kind && <ExportCsv kind={config.kind} />}
    </>
  );
}
