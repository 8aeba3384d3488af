// The console's frame: the dashboard's layout (skip link, sandbox ribbon, user menu) with the
// operator's pages in the main navigation.
import type { ComponentChildren } from 'preact';
import { Layout, type NavPage } from '../components/layout.tsx';
import { useSession } from '../session.tsx';
import { hasSandbox } from './roles.ts';

const PAGES: NavPage[] = [
  { href: '/', label: 'Overview', scopes: [] },
  { href: '/tenants', label: 'Tenants', scopes: [] },
  { href: '/users', label: 'Users', scopes: [] },
  { href: '/networks', label: 'Networks', scopes: [] },
  { href: '/hot-cold', label: 'Hot and cold', scopes: [] },
  { href: '/withdrawals', label: 'Withdrawals', scopes: [] },
  { href: '/approvals', label: 'Approvals', scopes: [] },
  { href: '/unlisted-tokens', label: 'Unlisted tokens', scopes: [] },
  { href: '/webhooks', label: 'Webhooks', scopes: [] },
  { href: '/rates', label: 'Rates', scopes: [] },
  { href: '/sandbox', label: 'Sandbox', scopes: [] },
  { href: '/audit', label: 'Audit log', scopes: [] },
];

/** The frame; while the operator must still enrol 2FA it shows no navigation (every page would be refused). */
export function ConsoleLayout({ children, enrolling }: { children: ComponentChildren; enrolling: boolean }) {
  const { me } = useSession();
  const pages = enrolling ? [] : PAGES.filter((p) => p.href !== '/sandbox' || hasSandbox(me));
  return (
    <Layout pages={pages} brand="Operator console">
      <div class="console">{children}</div>
    </Layout>
  );
}
