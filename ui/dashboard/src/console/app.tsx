// The operator console: the same SPA and sign-in as the merchant dashboard, for users without a
// tenant. In a live installation the operator enrols two-factor authentication before anything
// else (the operator API refuses their session until then).
import type { FunctionComponent } from 'preact';
import { match } from '../router.tsx';
import { SessionProvider, sessionOf, type Me } from '../session.tsx';
import { NotFoundPage } from '../pages/not-found.tsx';
import { ConsoleLayout } from './layout.tsx';
import { EnrolPage } from './enrol.tsx';
import { OverviewPage } from './overview.tsx';
import { TenantsPage } from './tenants.tsx';
import { TenantPage } from './tenant.tsx';
import { UsersPage } from './users.tsx';
import { NetworksPage } from './networks.tsx';
import { HotColdPage } from './hot-cold.tsx';
import { WithdrawalsPage } from './withdrawals.tsx';
import { ApprovalsPage } from './approvals.tsx';
import { hasSandbox } from './roles.ts';
import { UnlistedTokensPage } from './unlisted-tokens.tsx';
import { HeldPaymentsPage } from './held-payments.tsx';
import { WebhooksPage } from './webhooks.tsx';
import { RatesPage } from './rates.tsx';
import { SandboxPage } from './sandbox.tsx';
import { AuditPage } from './audit.tsx';

type Page = FunctionComponent<{ params: Record<string, string> }>;

/** The console's paths under /dashboard, first match wins. */
const ROUTES: Array<[string, Page]> = [
  ['/', OverviewPage],
  ['/tenants', TenantsPage],
  ['/tenants/:id', TenantPage],
  ['/users', UsersPage],
  ['/networks', NetworksPage],
  ['/hot-cold', HotColdPage],
  ['/withdrawals', WithdrawalsPage],
  ['/approvals', ApprovalsPage],
  ['/unlisted-tokens', UnlistedTokensPage],
  ['/held-payments', HeldPaymentsPage],
  ['/webhooks', WebhooksPage],
  ['/rates', RatesPage],
  ['/sandbox', SandboxPage],
  ['/audit', AuditPage],
];

function route(path: string, me: Me): [Page, Record<string, string>] {
  for (const [pattern, page] of ROUTES) {
    const params = match(pattern, path);
    if (params && !(page === SandboxPage && !hasSandbox(me))) return [page, params];
  }
  return [NotFoundPage, {}];
}

export function ConsoleApp({ me, setMe, path }: { me: Me; setMe(me: Me | null): void; path: string }) {
  const session = sessionOf(me, setMe, '', () => undefined);
  const enrol = me.mode === 'live' && !me.user.totpEnabled;
  const [Page, params] = route(path, me);
  return (
    <SessionProvider value={session}>
      <ConsoleLayout enrolling={enrol}>{enrol ? <EnrolPage /> : <Page key={path} params={params} />}</ConsoleLayout>
    </SessionProvider>
  );
}
