// The dashboard: sign-in pages without a session, every other page inside the layout; operators
// (users without a tenant) get the operator console instead of the merchant pages.
import type { FunctionComponent } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Layout } from './components/layout.tsx';
import { LiveStatus } from './components/feedback.tsx';
import { match, useLocation } from './router.tsx';
import { SessionProvider, sessionOf, toLogin, useMe } from './session.tsx';
import { LoginPage } from './pages/login.tsx';
import { InvitePage } from './pages/invite.tsx';
import { ResetPasswordPage } from './pages/reset-password.tsx';
import { OverviewPage } from './pages/overview.tsx';
import { InvoicesPage } from './pages/invoices.tsx';
import { InvoicePage } from './pages/invoice.tsx';
import { NewInvoicePage } from './pages/new-invoice.tsx';
import { PaymentLinksPage } from './pages/payment-links.tsx';
import { PaymentLinkPage } from './pages/payment-link.tsx';
import { NewPaymentLinkPage } from './pages/new-payment-link.tsx';
import { SubscriptionsPage } from './pages/subscriptions.tsx';
import { SubscriptionPage } from './pages/subscription.tsx';
import { NewSubscriptionPage } from './pages/new-subscription.tsx';
import { PlansPage } from './pages/plans.tsx';
import { NewPlanPage } from './pages/new-plan.tsx';
import { CustomersPage } from './pages/customers.tsx';
import { CustomerPage } from './pages/customer.tsx';
import { NewCustomerPage } from './pages/new-customer.tsx';
import { DepositsPage } from './pages/deposits.tsx';
import { DepositPage } from './pages/deposit.tsx';
import { NewDepositPage } from './pages/new-deposit.tsx';
import { WithdrawalsPage } from './pages/withdrawals.tsx';
import { WithdrawalPage } from './pages/withdrawal.tsx';
import { NewWithdrawalPage } from './pages/new-withdrawal.tsx';
import { BatchesPage } from './pages/batches.tsx';
import { BatchPage } from './pages/batch.tsx';
import { NewBatchPage } from './pages/new-batch.tsx';
import { PayoutsPage } from './pages/payouts.tsx';
import { ConversionsPage } from './pages/conversions.tsx';
import { ConversionPage } from './pages/conversion.tsx';
import { ConvertPage } from './pages/convert.tsx';
import { X402SettlementsPage } from './pages/x402-settlements.tsx';
import { X402SettlementPage } from './pages/x402-settlement.tsx';
import { DevelopersPage } from './pages/developers.tsx';
import { SettingsPage } from './pages/settings.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ForbiddenPage } from './pages/forbidden.tsx';
import { ConsoleApp } from './console/app.tsx';

type Page = FunctionComponent<{ params: Record<string, string> }>;

/** A page that only a role with `scope` can use, what it does, and where the others go instead. */
interface Guard {
  scope: string;
  what: string;
  back: { href: string; label: string };
}

const NEW_INVOICE: Guard = { scope: 'invoices.create', what: 'create invoices', back: { href: '/invoices', label: 'Back to invoices' } };
const NEW_LINK: Guard = {
  scope: 'invoices.create',
  what: 'create payment links',
  back: { href: '/payment-links', label: 'Back to payment links' },
};
const NEW_SUBSCRIPTION: Guard = {
  scope: 'invoices.create',
  what: 'create subscriptions',
  back: { href: '/subscriptions', label: 'Back to subscriptions' },
};
const NEW_PLAN: Guard = { scope: 'invoices.create', what: 'create plans', back: { href: '/subscriptions/plans', label: 'Back to plans' } };
const NEW_CUSTOMER: Guard = {
  scope: 'invoices.create',
  what: 'create customers',
  back: { href: '/subscriptions/customers', label: 'Back to customers' },
};
const NEW_WITHDRAWAL: Guard = {
  scope: 'withdrawals.create',
  what: 'send withdrawals',
  back: { href: '/withdrawals', label: 'Back to withdrawals' },
};
const NEW_BATCH: Guard = {
  scope: 'withdrawals.create',
  what: 'send batch payouts',
  back: { href: '/batches', label: 'Back to batch payouts' },
};
const NEW_DEPOSIT: Guard = {
  scope: 'deposits.create',
  what: 'create deposit addresses',
  back: { href: '/deposits', label: 'Back to deposits' },
};
const CONVERT: Guard = {
  scope: 'converting.create',
  what: 'convert between balances',
  back: { href: '/conversions', label: 'Back to conversions' },
};

/** Path patterns, first match wins (so `/withdrawals/new` before `/withdrawals/:id`); a guard hides a page from roles without its scope. */
const ROUTES: Array<[string, Page, Guard?]> = [
  ['/', OverviewPage],
  ['/invoices', InvoicesPage],
  ['/invoices/new', NewInvoicePage, NEW_INVOICE],
  ['/invoices/:id', InvoicePage],
  ['/payment-links', PaymentLinksPage],
  ['/payment-links/new', NewPaymentLinkPage, NEW_LINK],
  ['/payment-links/:id', PaymentLinkPage],
  ['/subscriptions', SubscriptionsPage],
  ['/subscriptions/new', NewSubscriptionPage, NEW_SUBSCRIPTION],
  ['/subscriptions/plans', PlansPage],
  ['/subscriptions/plans/new', NewPlanPage, NEW_PLAN],
  ['/subscriptions/customers', CustomersPage],
  ['/subscriptions/customers/new', NewCustomerPage, NEW_CUSTOMER],
  ['/subscriptions/customers/:id', CustomerPage],
  ['/subscriptions/:id', SubscriptionPage],
  ['/deposits', DepositsPage],
  ['/deposits/new', NewDepositPage, NEW_DEPOSIT],
  ['/deposits/:id', DepositPage],
  ['/withdrawals', WithdrawalsPage],
  ['/withdrawals/new', NewWithdrawalPage, NEW_WITHDRAWAL],
  ['/withdrawals/:id', WithdrawalPage],
  ['/batches', BatchesPage],
  ['/batches/new', NewBatchPage, NEW_BATCH],
  ['/batches/:id', BatchPage],
  ['/payouts', PayoutsPage],
  ['/payouts/:tab', PayoutsPage],
  ['/conversions', ConversionsPage],
  ['/conversions/new', ConvertPage, CONVERT],
  ['/conversions/:id', ConversionPage],
  ['/x402', X402SettlementsPage],
  ['/x402/:id', X402SettlementPage],
  ['/developers', DevelopersPage],
  ['/developers/:tab', DevelopersPage],
  ['/settings', SettingsPage],
  ['/settings/:tab', SettingsPage],
];

/** The page of a path: a guarded one the role lacks the scope of is the page saying so, never its form. */
function route(path: string, can: (scope: string) => boolean): [Page, Record<string, string>] {
  for (const [pattern, page, guard] of ROUTES) {
    const params = match(pattern, path);
    if (!params) continue;
    if (guard && !can(guard.scope)) return [() => <ForbiddenPage what={guard.what} back={guard.back} />, {}];
    return [page, params];
  }
  return [NotFoundPage, {}];
}

/** The pages of someone not signed in. */
const SIGNED_OUT = ['/login', '/invite', '/reset-password'];

/**
 * After a navigation, the new page's heading takes the focus and names the document. Every path
 * after the first counts: the link or button that led there is often gone with its page (a list's
 * row, a form's submit), leaving the focus on the body, yet the person is on the new page now.
 * Signing in starts the dashboard as a fresh load does: the focus at the top, before the skip link.
 */
function useFocusOnNavigate(path: string, site: string): void {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    document.title = `${heading?.textContent ?? site} · ${site}`;
    const from = shown.current;
    const navigated = from !== null && from !== path && !SIGNED_OUT.includes(from);
    shown.current = path;
    if (heading && navigated) heading.focus();
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
    if (me === null && !SIGNED_OUT.includes(path)) toLogin();
  }, [me, path]);
  if (path === '/login') return <LoginPage onSignedIn={setMe} />;
  if (path === '/invite') return <InvitePage onSignedIn={setMe} />;
  if (path === '/reset-password') return <ResetPasswordPage />;
  if (!me) return <Loading />;
  if (!me.tenant) return <ConsoleApp me={me} setMe={setMe} path={path} />;
  const session = sessionOf(me, setMe, accountId, setAccountId);
  const [Page, params] = route(path, session.can);
  return (
    <SessionProvider value={session}>
      <Layout>
        <Page key={`${path}|${accountId}`} params={params} />
      </Layout>
    </SessionProvider>
  );
}
