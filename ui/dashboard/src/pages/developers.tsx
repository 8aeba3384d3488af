// Developers: API keys, webhooks and the request log, one URL each, and the way to the API reference.
import { SubNav } from '../components/sub-nav.tsx';
import { useSession } from '../session.tsx';
import { ApiKeysSection } from './api-keys.tsx';
import { RequestLogSection } from './request-log.tsx';
import { WebhooksSection } from './webhooks.tsx';

const TABS = [
  { tab: '', href: '/developers', label: 'API keys', scope: 'apiKeys.list', Section: ApiKeysSection },
  { tab: 'webhooks', href: '/developers/webhooks', label: 'Webhooks', scope: 'webhooks.list', Section: WebhooksSection },
  { tab: 'requests', href: '/developers/requests', label: 'Request log', scope: 'requestLog.list', Section: RequestLogSection },
];

export function DevelopersPage({ params }: { params: Record<string, string> }) {
  const { can } = useSession();
  const tabs = TABS.filter((t) => can(t.scope));
  const current = tabs.find((t) => t.tab === (params.tab ?? '')) ?? tabs[0];
  return (
    <>
      <h1 tabIndex={-1}>Developers</h1>
      <p class="lead">
        Every call, field and error code of the API: <a href="/docs">API reference</a> (the OpenAPI document is at{' '}
        <a href="/openapi.json">/openapi.json</a>).
      </p>
      <SubNav label="Developers" items={tabs} />
      {current ? <current.Section /> : <p>Your role has no access to developer settings.</p>}
    </>
  );
}
