// What the subscription pages share: the records' types, the section links, how a plan's price and a
// subscription's status read, and the account's plans and customers by id (to name them in tables).
import type { ComponentChildren } from 'preact';
import { api, type Data, type Ok } from '../api.ts';
import { fiat, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link, setQuery, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';
import { DataTable, Pager, type Column } from './data-table.tsx';
import { ErrorAlert, LiveStatus } from './feedback.tsx';
import type { Paged } from './list-view.tsx';
import { SubNav } from './sub-nav.tsx';

/** A plan, a customer and a subscription as the API answers them. */
export type Plan = Data<'get', '/v1/plans/{id}'>;
export type Customer = Data<'get', '/v1/customers/{id}'>;
export type Subscription = Data<'get', '/v1/subscriptions/{id}'>;
/** A billed period with its invoice. */
export type Period = Ok<'/v1/subscriptions/{id}/periods', 'get'>['data'][number];

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'pastDue',
  'cancelled',
  'expired',
] as const satisfies readonly Subscription['status'][];

/** A subscription's status in words. */
export const STATUS_TEXT: Record<Subscription['status'], string> = {
  trialing: 'Trialing',
  active: 'Active',
  pastDue: 'Past due',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Whether a subscription has ended (nothing more can change it). */
export const ended = (s: Subscription) => s.status === 'cancelled' || s.status === 'expired';

/** The subscription's status as a coloured label (the colour only repeats the word). */
export function SubscriptionBadge({ status }: { status: Subscription['status'] }) {
  return <span class={`badge s-${status}`}>{STATUS_TEXT[status]}</span>;
}

/** `every month`, `every 3 months`. */
export function everyOf(interval: Plan['interval'], n: number): string {
  return n === 1 ? `every ${interval}` : `every ${n} ${interval}s`;
}

/** `$10.00 every month`. */
export function priceOf(p: Pick<Plan, 'amount' | 'fiatCurrencyCode' | 'interval' | 'intervalCount'>): string {
  return `${fiat(p.amount, p.fiatCurrencyCode)} ${everyOf(p.interval, p.intervalCount)}`;
}

/** A customer as tables name them: their name and email, or the email alone. */
export const customerName = (c: Customer) => (c.name ? `${c.name} (${c.email})` : c.email);

/** The links between the subscription pages. */
export function SubscriptionsNav() {
  return (
    <SubNav
      label="Subscriptions sections"
      items={[
        { href: '/subscriptions', label: 'Subscriptions' },
        { href: '/subscriptions/plans', label: 'Plans' },
        { href: '/subscriptions/customers', label: 'Customers' },
      ]}
    />
  );
}

/** The page's title with the button that makes a new one, for roles that may. */
export function Head({ title, create }: { title: string; create?: { href: string; label: string } }) {
  const { can } = useSession();
  return (
    <div class="page-head">
      <h1 tabIndex={-1}>{title}</h1>
      {create && can('invoices.create') && (
        <Link class="button" href={create.href}>
          {create.label}
        </Link>
      )}
    </div>
  );
}

/**
 * The account's plans and customers by id (the first 100 of each, newest first): tables name a
 * subscription's plan and customer with them, and fall back to a short id for older ones.
 */
export function useDirectory() {
  const { accountId } = useSession();
  const plans = useResource(() => api.get('/v1/plans', { query: { page: 1, limit: 100 } }), [accountId]);
  const customers = useResource(() => api.get('/v1/customers', { query: { page: 1, limit: 100 } }), [accountId]);
  const planById = new Map((plans.data?.data ?? []).map((p) => [p.id, p]));
  const customerById = new Map((customers.data?.data ?? []).map((c) => [c.id, c]));
  return {
    plans: plans.data?.data,
    customers: customers.data?.data,
    error: plans.error ?? customers.error,
    plan: (id: string) => planById.get(id)?.name ?? short(id),
    customer: (id: string) => {
      const c = customerById.get(id);
      return c ? customerName(c) : short(id);
    },
  };
}

const LIMIT = 20;

/** One list page of the subscription pages: its page in the URL, loaded with the account's and `deps`, polled. */
export function usePagedList<T>(load: (page: number, limit: number) => Promise<Paged<T>>, deps: unknown[] = []) {
  const { accountId } = useSession();
  const { query } = useLocation();
  const page = Number(query.get('page') ?? 1) || 1;
  const list = useResource(() => load(page, LIMIT), [accountId, page, ...deps], true);
  return { page, list };
}

interface PagedTableProps<T> {
  paged: ReturnType<typeof usePagedList<T>>;
  /** What a row is, singular: its count reads `2 plans`. */
  noun: string;
  caption: string;
  columns: Array<Column<T>>;
  rowKey(row: T): string;
  empty: string;
  /** A failure of something else the table shows (names). */
  error?: ComponentChildren;
}

/** The list's error, its count said politely, the table and the pager. */
export function PagedTable<T>({ paged: { page, list }, noun, error, ...table }: PagedTableProps<T>) {
  const total = list.data?.total;
  return (
    <>
      <ErrorAlert error={list.error} />
      {error}
      <LiveStatus>
        {list.loading && !list.data ? 'Loading…' : total !== undefined ? `${total} ${noun}${total === 1 ? '' : 's'}` : ''}
      </LiveStatus>
      <DataTable {...table} rows={list.data?.data} />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => setQuery({ page: p }, false)} />}
    </>
  );
}
