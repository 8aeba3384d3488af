// API keys: the tenant's keys, a new key (name, access preset or scopes by resource, IP allowlist,
// account) shown once, revocation.
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

/** What a group of scopes reaches, by the scope's first part. */
const RESOURCES: Record<string, string> = {
  currencies: 'Currencies',
  invoices: 'Invoices',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  converting: 'Conversions',
  balances: 'Balances',
  accounts: 'Accounts',
  addressProvision: 'Address provision (disabled)',
  x402: 'x402 payments',
  apiKeys: 'API keys',
  webhooks: 'Webhooks',
  requestLog: 'Request log',
  users: 'Users',
  settings: 'Settings',
  audit: 'Audit log',
};

/** The scopes a maker may grant, grouped by resource in the order SCOPES lists them. */
function groups(allowed: readonly KeyScope[]): Array<[string, KeyScope[]]> {
  const byResource = new Map<string, KeyScope[]>();
  for (const s of allowed) {
    const [resource = s] = s.split('.');
    byResource.set(resource, [...(byResource.get(resource) ?? []), s]);
  }
  return [...byResource].map(([resource, scopes]) => [RESOURCES[resource] ?? resource, scopes]);
}

type Preset = 'full' | 'read' | 'custom';

/** The scopes of a preset, among those the maker may grant. */
function presetScopes(preset: Preset, allowed: readonly KeyScope[]): KeyScope[] {
  if (preset === 'full') return [...allowed];
  if (preset === 'read') return allowed.filter((s) => s.endsWith('.list'));
  return [];
}

/** Why Create is disabled, said beside it; empty when it is not. */
function missing(name: string, scopes: KeyScope[]): string {
  const wants = [name.trim() ? '' : 'a name', scopes.length ? '' : 'at least one scope'].filter(Boolean);
  return wants.length ? `To create the key, give it ${wants.join(' and ')}.` : '';
}

const FRESH = { name: '', preset: 'custom' as Preset, scopes: [] as KeyScope[], ips: '', account: '' };

function NewKeyForm({ onIssued }: { onIssued(key: string): void }) {
  const { me, can } = useSession();
  const allowed = SCOPES.filter(can);
  const [form, setForm] = useState(FRESH);
  const set = (patch: Partial<typeof FRESH>) => setForm({ ...form, ...patch });
  const issue = useAction(async () => {
    const allowedIps = form.ips.split(/[\s,]+/).filter(Boolean);
    // keyAccountId, not accountId: the key's own account (null: every account), apart from the one the page shows.
    const body = {
      name: form.name.trim(),
      scopes: form.scopes,
      ...(allowedIps.length ? { allowedIps } : {}),
      keyAccountId: form.account || null,
    };
    const res = await api.post('/v1/api-keys', { body });
    setForm(FRESH);
    onIssued(res.data.key);
  });
  const toggle = (s: KeyScope, on: boolean) =>
    set({ preset: 'custom', scopes: on ? [...form.scopes, s] : form.scopes.filter((x) => x !== s) });
  const why = missing(form.name, form.scopes);
  return (
    <Form label="Create API key" onSubmit={() => issue.run()}>
      <Field
        label="Name"
        value={form.name}
        onValue={(name) => set({ name })}
        maxLength={100}
        required
        autoComplete="off"
        hint="What the key is for: “Shop checkout”, “Accounting export”"
      />
      <fieldset class="presets">
        <legend>Access</legend>
        {(
          [
            ['full', 'Full access: every scope your role may grant'],
            ['read', 'Read only: every list and read'],
            ['custom', 'Custom: choose below'],
          ] as const
        ).map(([preset, label]) => (
          <label class="check" key={preset}>
            <input
              type="radio"
              name="preset"
              checked={form.preset === preset}
              onChange={() => set({ preset, scopes: preset === 'custom' ? form.scopes : presetScopes(preset, allowed) })}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <div class="scope-groups">
        {groups(allowed).map(([resource, scopes]) => (
          <fieldset key={resource}>
            <legend>{resource}</legend>
            {scopes.map((s) => (
              <Check key={s} label={s} checked={form.scopes.includes(s)} onChecked={(on) => toggle(s, on)} />
            ))}
          </fieldset>
        ))}
      </div>
      <Field
        label="IP allowlist"
        value={form.ips}
        onValue={(ips) => set({ ips })}
        hint="IPs or CIDRs, separated by commas; empty allows any"
        autoComplete="off"
      />
      <Select
        label="Key account"
        value={form.account}
        onValue={(account) => set({ account })}
        options={[['', 'All accounts (tenant-wide)'], ...me.accounts.map((a): [string, string] => [a.id, a.name])]}
      />
      <ErrorAlert error={issue.error} />
      <div class="actions">
        <button type="submit" disabled={issue.busy || why !== ''} aria-describedby={why ? 'create-key-why' : undefined}>
          Create API key
        </button>
        {why && (
          <small id="create-key-why" class="hint">
            {why}
          </small>
        )}
      </div>
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
            { label: 'Name', render: (k) => k.name ?? '—' },
            { label: 'Key', render: (k) => <span class="mono">{k.keyStart}…</span> },
            { label: 'Account', render: (k) => accountName(k.accountId) },
            { label: 'Scopes', render: (k) => <span class="wrap">{k.scopes.join(', ')}</span> },
            { label: 'IP allowlist', render: (k) => k.allowedIps?.join(', ') ?? 'Any' },
            // A user's keys are revoked when the user is removed; the operator's belong to no one.
            { label: 'User', render: (k) => k.userEmail ?? 'Operator' },
            { label: 'Created', render: (k) => dateTime(k.createdAt) },
            {
              label: 'Status',
              render: (k) =>
                k.revokedAt ? (
                  `Revoked ${dateTime(k.revokedAt)}`
                ) : can('apiKeys.manage') ? (
                  <Revoke apiKey={k} onDone={keys.reload} />
                ) : (
                  'Active'
                ),
            },
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
