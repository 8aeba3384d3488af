// Overview: balances per currency and in USD, 30 days of volume, and the latest activity; an
// account where nothing has happened yet gets the first steps instead of empty tables.
import { api, type Data } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { VolumeChart } from '../components/volume-chart.tsx';
import { type Decimal, total as sum } from '../decimal.ts';
import { amount, dateTime, fiat, short, usd } from '../format.ts';
import { useResource, type Resource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** One balance as GET /v1/balances answers it: `amountUsd` is null while no fresh rate exists. */
type Balance = Data<'get', '/v1/balances'>[number];

/** The USD total of the balances that have a value, exactly. */
function usdTotal(balances: Balance[]): Decimal {
  return sum(balances.flatMap((b) => (b.amountUsd === null ? [] : [b.amountUsd])));
}

function Balances({ balances }: { balances: Resource<Balance[]> }) {
  const rows = balances.data;
  const withUsd = rows?.filter((b) => b.amountUsd !== null) ?? [];
  const total = usdTotal(withUsd);
  return (
    <Section title="Balances">
      <ErrorAlert error={balances.error} />
      {rows && withUsd.length > 0 && (
        <p class="total">
          <span class="muted">Total</span> <strong>{usd(total)}</strong>
        </p>
      )}
      <DataTable<Balance>
        caption="Balances"
        rows={rows}
        rowKey={(b) => b.cryptoCurrencyCode}
        empty="No balance yet: paid invoices and deposits appear here."
        columns={[
          { label: 'Currency', render: (b) => b.cryptoCurrencyCode },
          { label: 'Available', class: 'num', render: (b) => amount(b.amount) },
          // The USD value, where GET /v1/balances gives one (amountUsd).
          ...(withUsd.length ? [{ label: 'In USD', class: 'num', render: (b: Balance) => usd(b.amountUsd) }] : []),
        ]}
      />
    </Section>
  );
}

function Volume() {
  const { accountId } = useSession();
  const volume = useResource(() => api.get('/v1/stats/volume', { query: { days: 30 } }), [accountId]);
  return (
    <Section title="Volume, last 30 days">
      <ErrorAlert error={volume.error} />
      {volume.data ? <VolumeChart days={volume.data.data.days} /> : !volume.error && <LiveStatus>Loading…</LiveStatus>}
    </Section>
  );
}

interface Activity {
  key: string;
  href: string;
  kind: string;
  name: string;
  status: string;
  amount: string;
  at: string;
}

async function recent(can: (scope: string) => boolean): Promise<Activity[]> {
  const page = { page: 1, limit: 5 };
  const [invoices, deposits, withdrawals] = await Promise.all([
    can('invoices.list') ? api.get('/v1/invoice/list', { query: page }) : undefined,
    can('deposits.list') ? api.get('/v1/deposit/list', { query: page }) : undefined,
    can('withdrawals.list') ? api.get('/v1/withdrawal/list', { query: page }) : undefined,
  ]);
  const items: Activity[] = [
    ...(invoices?.data ?? []).map((i) => ({
      key: `i${i.id}`,
      href: `/invoices/${i.id}`,
      kind: 'Invoice',
      name: i.orderId ?? short(i.id),
      status: i.status,
      amount: fiat(i.amount, i.fiatCurrencyCode),
      at: i.createdAt,
    })),
    ...(deposits?.data ?? []).map((d) => ({
      key: `d${d.id}`,
      href: `/deposits/${d.id}`,
      kind: 'Deposit',
      name: d.orderId ?? short(d.id),
      status: d.status,
      amount: amount(d.settlement?.amountPaid, d.cryptoCurrencyCode),
      at: d.createdAt,
    })),
    ...(withdrawals?.data ?? []).map((w) => ({
      key: `w${w.id}`,
      href: `/withdrawals/${w.id}`,
      kind: 'Withdrawal',
      name: short(w.id, 8),
      status: w.status,
      amount: amount(w.amount, w.cryptoCurrencyCode),
      at: w.createdAt,
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 10);
}

function RecentActivity({ activity }: { activity: Resource<Activity[]> }) {
  return (
    <Section title="Recent activity">
      <ErrorAlert error={activity.error} />
      <DataTable<Activity>
        caption="Recent activity"
        rows={activity.data}
        rowKey={(a) => a.key}
        empty="No invoices, deposits or withdrawals yet."
        columns={[
          { label: 'What', render: (a) => <Link href={a.href}>{`${a.kind} ${a.name}`}</Link> },
          { label: 'Status', render: (a) => <StatusBadge status={a.status} /> },
          { label: 'Amount', class: 'num', render: (a) => a.amount },
          { label: 'When', render: (a) => dateTime(a.at) },
        ]}
      />
    </Section>
  );
}

/** What to do first in an account with no money and no activity, as far as the role may do it. */
function GetStarted() {
  const { can } = useSession();
  const steps = [
    can('invoices.create') && (
      <li key="invoice">
        <Link href="/invoices/new">Create an invoice</Link>: send its payment link to a customer (in the sandbox, pay it yourself from the
        payment page).
      </li>
    ),
    can('webhooks.list') && (
      <li key="webhooks">
        <Link href="/developers/webhooks">Set up webhooks</Link>: your shop hears at once when an invoice is paid.
      </li>
    ),
    can('apiKeys.list') && (
      <li key="key">
        <Link href="/developers">Create an API key</Link>: your server creates invoices and withdrawals itself.
      </li>
    ),
  ].filter(Boolean);
  return (
    <Section title="Get started">
      <p>No payment has reached this account yet: balances, volume and activity show here once one has.</p>
      {steps.length > 0 && <ol class="steps">{steps}</ol>}
    </Section>
  );
}

export function OverviewPage() {
  const { accountId, can } = useSession();
  const balances = useResource(
    async (): Promise<Balance[]> => (can('balances.list') ? (await api.get('/v1/balances')).data : []),
    [accountId],
    true,
  );
  const activity = useResource(() => recent(can), [accountId], true);
  // Each part settles with its data or its error (said in its own section).
  const settled = (balances.data || balances.error) && (activity.data || activity.error);
  const empty = balances.data?.length === 0 && activity.data?.length === 0;
  return (
    <>
      <h1 tabIndex={-1}>Overview</h1>
      <LiveStatus>{settled ? '' : 'Loading…'}</LiveStatus>
      {empty && <GetStarted />}
      {settled && !empty && (
        <>
          <div class="grid">
            {can('balances.list') && <Balances balances={balances} />}
            {can('invoices.list') && <Volume />}
          </div>
          <RecentActivity activity={activity} />
        </>
      )}
    </>
  );
}
