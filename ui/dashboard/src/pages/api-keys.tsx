// API keys: the tenant's keys, a new key (scopes, IP allowlist, account) shown once, revocation.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { CopyValue } from '../components/copy.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Check, Field, Form, Select } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { SCOPES, type KeyScope } from '../scopes.ts';
import { useSession } from '../session.tsx';

type ApiKey = Data<'get', '/v1/api-keys'>[number];

function NewKeyForm({ onIssued }: { onIssued(key: string): void }) {
  const { me, can } = useSession();
  const allowed = SCOPES.filter(can);
  const [scopes, setScopes] = useState<KeyScope[]>([]);
  const [ips, setIps] = useState('');
  const [account, setAccount] = useState('');
  const issue = useAction(async () => {
    const allowedIps = ips.split(/[\s,]+/).filter(Boolean);
    const body = { scopes, ...(allowedIps.length ? { allowedIps } : {}), ...(account ? { accountId: account } : {}) };
    const res = await api.post('/v1/api-keys', { body });
    setScopes([]);
    onIssued(res.data.key);
  });
  const toggle = (s: KeyScope, on: boolean) => setScopes(on ? [...scopes, s] : scopes.filter((x) => x !== s));
  return (
    <Form label="Create API key" onSubmit={() => issue.run()}>
      <fieldset class="scopes">
        <legend>Scopes</legend>
        {allowed.map((s) => (
          <Check key={s} label={s} checked={scopes.includes(s)} onChecked={(on) => toggle(s, on)} />
        ))}
      </fieldset>
      <Field label="IP allowlist" value={ips} onValue={setIps} hint="IPs or CIDRs, separated by commas; empty allows any" autoComplete="off" />
      <Select label="Key account" value={account} onValue={setAccount} options={[['', 'All accounts (tenant-wide)'], ...me.accounts.map((a): [string, string] => [a.id, a.name])]} />
      <ErrorAlert error={issue.error} />
      <button type="submit" disabled={issue.busy || scopes.length === 0}>
        Create API key
      </button>
    </Form>
  );
}

function Revoke({ apiKey, onDone }: { apiKey: ApiKey; onDone(): void }) {
  const [asking, setAsking] = useState(false);
  const revoke = useAction(async () => {
    await api.delete('/v1/api-keys/{id}', { params: { id: apiKey.id } });
    onDone();
  });
  if (!asking) {
    return (
      <button type="button" class="secondary" onClick={() => setAsking(true)} aria-label={`Revoke key ${apiKey.keyStart}`}>
        Revoke
      </button>
    );
  }
  return (
    <span class="inline-confirm">
      Revoke {apiKey.keyStart}…? Requests with it fail at once.{' '}
      <button type="button" class="danger" disabled={revoke.busy} onClick={() => revoke.run()}>
        Revoke key
      </button>{' '}
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Keep
      </button>
      <ErrorAlert error={revoke.error} />
    </span>
  );
}

export function ApiKeysSection() {
  const { me, can } = useSession();
  const keys = useResource(() => api.get('/v1/api-keys'), []);
  const [issued, setIssued] = useState('');
  const accountName = (id: string | null) => (id ? (me.accounts.find((a) => a.id === id)?.name ?? id) : 'All accounts');
  return (
    <>
      <Section title="API keys">
        <ErrorAlert error={keys.error} />
        <DataTable<ApiKey>
          caption="API keys"
          rows={keys.data?.data}
          rowKey={(k) => k.id}
          empty="No API keys yet."
          columns={[
            { label: 'Key', render: (k) => <span class="mono">{k.keyStart}…</span> },
            { label: 'Account', render: (k) => accountName(k.accountId) },
            { label: 'Scopes', render: (k) => <span class="wrap">{k.scopes.join(', ')}</span> },
            { label: 'IP allowlist', render: (k) => k.allowedIps?.join(', ') ?? 'Any' },
            // A user's keys are revoked when the user is removed; the operator's belong to no one.
            { label: 'User', render: (k) => k.userEmail ?? 'Operator' },
            { label: 'Created', render: (k) => dateTime(k.createdAt) },
            { label: 'Status', render: (k) => (k.revokedAt ? `Revoked ${dateTime(k.revokedAt)}` : can('apiKeys.manage') ? <Revoke apiKey={k} onDone={keys.reload} /> : 'Active') },
          ]}
        />
      </Section>
      {can('apiKeys.manage') && (
        <Section title="New API key">
          {issued && (
            <div class="once">
              <p>
                <strong>Copy the key now:</strong> it is shown only once and stored only as a hash.
              </p>
              <CopyValue label="API key" value={issued} />
            </div>
          )}
          <LiveStatus>{issued ? 'API key created.' : ''}</LiveStatus>
          <NewKeyForm
            onIssued={(key) => {
              setIssued(key);
              keys.reload();
            }}
          />
        </Section>
      )}
    </>
  );
}
