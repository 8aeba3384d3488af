// Settings: business (name, logo, colour), merchant accounts, users and roles, email, own security, the audit log.
import { SubNav } from '../components/sub-nav.tsx';
import { useSession } from '../session.tsx';
import { AccountsSection } from './accounts.tsx';
import { AuditSection } from './audit.tsx';
import { BusinessSection } from './business.tsx';
import { EmailSection } from './email.tsx';
import { SecuritySection } from './security.tsx';
import { UsersSection } from './users.tsx';

const TABS = [
  { tab: '', href: '/settings', label: 'Business', scope: '', Section: BusinessSection },
  { tab: 'accounts', href: '/settings/accounts', label: 'Accounts', scope: 'accounts.list', Section: AccountsSection },
  { tab: 'users', href: '/settings/users', label: 'Users', scope: 'users.list', Section: UsersSection },
  { tab: 'email', href: '/settings/email', label: 'Email', scope: '', Section: EmailSection },
  { tab: 'security', href: '/settings/security', label: 'Security', scope: '', Section: SecuritySection },
  { tab: 'audit', href: '/settings/audit', label: 'Audit log', scope: 'audit.list', Section: AuditSection },
];

export function SettingsPage({ params }: { params: Record<string, string> }) {
  const { can } = useSession();
  const tabs = TABS.filter((t) => !t.scope || can(t.scope));
  const current = tabs.find((t) => t.tab === (params.tab ?? '')) ?? tabs[0];
  if (!current) return null; // every user can see the first tab
  return (
    <>
      <h1 tabIndex={-1}>Settings</h1>
      <SubNav label="Settings" items={tabs} />
      <current.Section />
    </>
  );
}
