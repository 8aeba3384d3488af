// Payouts: withdrawals awaiting approval, the payout address book and the payout policy, one URL
// each, shown to the roles that read them.
import { SubNav } from '../components/sub-nav.tsx';
import { useSession } from '../session.tsx';
import { ApprovalsSection } from './approvals.tsx';
import { PayoutAddressesSection } from './payout-addresses.tsx';
import { PayoutPolicySection } from './payout-policy.tsx';

const TABS = [
  { tab: '', href: '/payouts', label: 'Approvals', scope: 'withdrawals.list', Section: ApprovalsSection },
  { tab: 'addresses', href: '/payouts/addresses', label: 'Payout addresses', scope: 'payouts.list', Section: PayoutAddressesSection },
  { tab: 'policy', href: '/payouts/policy', label: 'Payout policy', scope: 'payouts.list', Section: PayoutPolicySection },
];

export function PayoutsPage({ params }: { params: Record<string, string> }) {
  const { can } = useSession();
  const tabs = TABS.filter((t) => can(t.scope));
  const current = tabs.find((t) => t.tab === (params.tab ?? '')) ?? tabs[0];
  return (
    <>
      <h1 tabIndex={-1}>Payouts</h1>
      <SubNav label="Payouts" items={tabs} />
      {current ? <current.Section /> : <p>Your role has no access to payouts.</p>}
    </>
  );
}
