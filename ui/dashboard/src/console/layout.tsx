// The console's frame: the dashboard's layout (skip link, sandbox ribbon, user menu) with the
// operator's pages in the main navigation.
import type { ComponentChildren } from 'preact';
import { Layout, type NavPage } from '../components/layout.tsx';
import { useSession } from '../session.tsx';
import { hasSandbox } from './roles.ts';

/** A console page, and the operator roles that read it (absent: every operator). */
type ConsolePage = NavPage & { roles?: readonly string[] };

/** Every operator role reads the review queue of held payments (admins and operations also decide). */
const HELD_READERS = ['operator', 'operatorOperations', 'operatorSupport', 'operatorAuditor'];

const PAGES: ConsolePage[] = [
  { href: '/', label: 'Overview', scopes: [] },
  { href: '/tenants', label: 'Tenants', scopes: [] },
  { href: '/users', label: 'Users', scopes: [] },
  { href: '/networks', label: 'Networks', scopes: [] },
  { href: '/hot-cold', label: 'Hot and cold', scopes: [] },
  { href: '/withdrawals', label: 'Withdrawals', scopes: [] },
  { href: '/approvals', label: 'Approvals', scopes: [] },
  { href: '/unlisted-tokens', label: 'Unlisted tokens', scopes: [] },
  { href: '/held-payments', label: 'Held payments', scopes: [], roles: HELD_READERS },
  { href: '/webhooks', label: 'Webhooks', scopes: [] },
  { href: '/rates', label: 'Rates', scopes: [] },
  { href: '/sandbox', label: 'Sandbox', scopes: [] },
  { href: '/audit', label: 'Audit log', scopes: [] },
];

/** The frame; while the operator must still enrol 2FA it shows no navigation (every page would be refused). */
export function ConsoleLayout({ children, enrolling }: { children: ComponentChildren; enrolling: boolean }) {
  const { me } = useSession();
  // A page a role cannot read is not offered to it (the API refuses it anyway).
  const pages = enrolling
    ? []
    : PAGES.filter((p) => (p.href !== '/sandbox' || hasSandbox(me)) && (!p.roles || p.roles.includes(me.user.role)));
  return (
    <Layout pages={pages} brand="Operator console">
      <div class="console">{children}</div>
    </Layout>
  );
}
