// The dashboard: sign-in pages without a session, every other page inside the layout; operators
// (users without a tenant) get the operator console instead of the merchant pages.
import type { FunctionComponent } from 'preact';
import { useEffect } from 'preact/hooks';
import { Layout } from './components/layout.tsx';
import { LiveStatus } from './components/feedback.tsx';
import { match, useLocation } from './router.tsx';
import { SessionProvider, sessionOf, toLogin, useMe } from './session.tsx';
import { LoginPage } from './pages/login.tsx';
import { InvitePage } from './pages/invite.tsx';
import { OverviewPage } from './pages/overview.tsx';
import { InvoicesPage } from './pages/invoices.tsx';
import { InvoicePage } from './pages/invoice.tsx';
import { NewInvoicePage } from './pages/new-invoice.tsx';
import { DepositsPage } from './pages/deposits.tsx';
import { DepositPage } from './pages/deposit.tsx';
import { WithdrawalsPage } from './pages/withdrawals.tsx';
import { WithdrawalPage } from './pages/withdrawal.tsx';
import { NewWithdrawalPage } from './pages/new-withdrawal.tsx';
import { ConversionsPage } from './pages/conversions.tsx';
import { ConversionPage } from './pages/conversion.tsx';
import { ConvertPage } from './pages/convert.tsx';
import { DevelopersPage } from './pages/developers.tsx';
import { SettingsPage } from './pages/settings.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ConsoleApp } from './console/app.tsx';

type Page = FunctionComponent<{ params: Record<string, string> }>;

/** Path patterns, first match wins (so `/withdrawals/new` before `/withdrawals/:id`). */
const ROUTES: Array<[string, Page]> = [
  ['/', OverviewPage],
  ['/invoices', InvoicesPage],
  ['/invoices/new', NewInvoicePage],
  ['/invoices/:id', InvoicePage],
  ['/deposits', DepositsPage],
  ['/deposits/:id', DepositPage],
  ['/withdrawals', WithdrawalsPage],
  ['/withdrawals/new', NewWithdrawalPage],
  ['/withdrawals/:id', WithdrawalPage],
  ['/conversions', ConversionsPage],
  ['/conversions/new', ConvertPage],
  ['/conversions/:id', ConversionPage],
  ['/developers', DevelopersPage],
  ['/developers/:tab', DevelopersPage],
  ['/settings', SettingsPage],
  ['/settings/:tab', SettingsPage],
];

function route(path: string): [Page, Record<string, string>] {
  for (const [pattern, page] of ROUTES) {
    const params = match(pattern, path);
    if (params) return [page, params];
  }
  return [NotFoundPage, {}];
}

/** After a navigation, the new page's heading takes the focus and names the document. */
function useFocusOnNavigate(path: string, site: string): void {
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    document.title = `${heading?.textContent ?? site} · ${site}`;
    if (heading && document.activeElement !== document.body) heading.focus();
  }, [path, site]);
}

function Loading() {
  return (
    <main class="boot" id="main">
      <h1>Dashboard</h1>
      <LiveStatus>Loading…</LiveStatus>
    </main>
  );
}

export function App() {
  const [me, setMe, accountId, setAccountId] = useMe();
  const { path } = useLocation();
  useFocusOnNavigate(path, me && !me.tenant ? 'Operator console' : 'Dashboard');
  useEffect(() => {
    if (me === null && path !== '/login' && path !== '/invite') toLogin();
  }, [me, path]);
  if (path === '/login') return <LoginPage onSignedIn={setMe} />;
  if (path === '/invite') return <InvitePage onSignedIn={setMe} />;
  if (!me) return <Loading />;
  if (!me.tenant) return <ConsoleApp me={me} setMe={setMe} path={path} />;
  const [Page, params] = route(path);
  return (
    <SessionProvider value={sessionOf(me, setMe, accountId, setAccountId)}>
      <Layout>
        <Page key={`${path}|${accountId}`} params={params} />
      </Layout>
    </SessionProvider>
  );
}
