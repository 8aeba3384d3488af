// A tenant's API keys: the list (never a key itself), revocation, and a new key shown once.
import { useState } from 'preact/hooks';
import { api, type Data, type RequestBody } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Check, Field, Form } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { SCOPES } from '../scopes.ts';
import { Confirm, ShownOnce } from './parts.tsx';
import { useMay } from './roles.ts';

type ApiKey = Data<'get', '/admin/api-keys'>[number];
type Scope = RequestBody<'post', '/admin/api-keys'>['scopes'][number];
const LIMIT = 10;

function NewKeyForm({ tenantId, onIssued }: { tenantId: string; onIssued(key: string): void }) {
  const [all, setAll] = useState(false);
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [ips, setIps] = useState('');
  const [account, setAccount] = useState('');
  const issue = useAction(async () => {
    const allowedIps = ips.split(/[\s,]+/).filter(Boolean);
    const body = {
      tenantId,
      scopes: all ? (['*'] as Scope[]) : scopes,
      ...(allowedIps.length ? { allowedIps } : {}),
      ...(account.trim() ? { accountId: account.trim() } : {}),
    };
    const res = await api.post('/admin/api-keys', { body });
    setScopes([]);
    setAll(false);
    onIssued(res.data.key);
  });
  const toggle = (s: Scope, on: boolean) => setScopes(on ? [...scopes, s] : scopes.filter((x) => x !== s));
  return (
    <Form label="Issue API key" onSubmit={() => issue.run()}>
      <fieldset class="scopes">
        <legend>Scopes</legend>
        <Check label="All scopes (*)" checked={all} onChecked={setAll} />
        {!all && SCOPES.map((s) => <Check key={s} label={s} checked={scopes.includes(s)} onChecked={(on) => toggle(s, on)} />)}
      </fieldset>
      <Field
        label="IP allowlist"
        value={ips}
        onValue={setIps}
        hint="IPs or CIDRs, separated by commas; empty allows any"
        autoComplete="off"
      />
      <Field
        label="Account id"
        value={account}
        onValue={setAccount}
        autoComplete="off"
        hint="Empty: a tenant-wide key, whose every request names its account"
      />
      <ErrorAlert error={issue.error} />
      <button type="submit" disabled={issue.busy || (!all && scopes.length === 0)}>
        Issue API key
      </button>
    </Form>
  );
}

export function TenantKeys({ tenantId }: { tenantId: string }) {
  const may = useMay();
  const [page, setPage] = useState(1);
  const keys = useResource(() => api.get('/admin/api-keys', { query: { tenantId, page, limit: LIMIT } }), [tenantId, page]);
  const [issued, setIssued] = useState('');
  const [done, setDone] = useState('');
  const revoke = async (k: ApiKey) => {
    await api.delete('/admin/api-keys/{id}', { params: { id: k.id } });
    setDone(`Key ${k.prefix}… revoked.`);
    keys.reload();
  };
  return (
    <Section title="API keys">
      <ErrorAlert error={keys.error} />
      <LiveStatus>{done}</LiveStatus>
      <DataTable<ApiKey>
        caption="API keys"
        rows={keys.data?.data}
        rowKey={(k) => k.id}
        empty="No API keys yet."
        columns={[
          { label: 'Key', render: (k) => <span class="mono">{k.prefix}…</span> },
          { label: 'Account', render: (k) => (k.accountId ? <span class="mono wrap">{k.accountId}</span> : 'All accounts') },
          { label: 'Scopes', render: (k) => <span class="wrap">{k.scopes.join(', ')}</span> },
          { label: 'IP allowlist', render: (k) => k.allowedIps?.join(', ') ?? 'Any' },
          { label: 'Last used', render: (k) => dateTime(k.lastUsedAt) },
          {
            label: 'Status',
            render: (k) =>
              k.revokedAt ? (
                `Revoked ${dateTime(k.revokedAt)}`
              ) : !may('DELETE /admin/api-keys/{id}') ? (
                'Active'
              ) : (
                <Confirm
                  label="Revoke"
                  ariaLabel={`Revoke key ${k.prefix}`}
                  question={<p>Revoke {k.prefix}…? Requests with it fail at once.</p>}
                  confirm="Revoke key"
                  onConfirm={() => revoke(k)}
                />
              ),
          },
        ]}
      />
      {keys.data && <Pager page={page} total={keys.data.total} limit={LIMIT} onPage={setPage} />}
      {may('POST /admin/api-keys') && (
        <>
          <h3>Issue a key</h3>
          <ShownOnce label="API key" value={issued}>
            <strong>Copy the key now:</strong> it is shown only once and stored only as a hash. Hand it to the merchant over a safe channel.
          </ShownOnce>
          <LiveStatus>{issued ? 'API key issued.' : ''}</LiveStatus>
          <NewKeyForm
            tenantId={tenantId}
            onIssued={(key) => {
              setIssued(key);
              keys.reload();
            }}
          />
        </>
      )}
    </Section>
  );
}
