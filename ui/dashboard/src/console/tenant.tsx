// One tenant: its settings, webhook secret, suspension, API keys, users and blocked customers.
import { useState } from 'preact/hooks';
import { api, ApiError, type Data, ExactNumber } from '../api.ts';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { type Decimal, movePoint } from '../decimal.ts';
import { dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { Confirm, ShownOnce } from './parts.tsx';
import { TenantKeys } from './tenant-keys.tsx';
import { CustomerBlocks } from './tenant-blocks.tsx';
import { UsersPanel } from './users.tsx';
import { useMay } from './roles.ts';

type Tenant = Data<'get', '/admin/tenants/{id}'>;

/** `0.015` → `1.5` (what people type), exactly. */
function toPercent(rate: Decimal | null): string {
  return rate === null ? '' : movePoint(rate, 2);
}

/** `1.5` → `0.015`, exactly; empty → null (the system default). */
function toRate(percent: string): ExactNumber | null {
  const text = percent.trim().replace(',', '.');
  if (!text) return null;
  if (!/^\d{1,2}(\.\d{1,4})?$/.test(text)) {
    throw new ApiError(400, 'client', 'The deposit commission is a percentage below 100 with at most 4 decimals.');
  }
  return new ExactNumber(movePoint(text, -2));
}

function SettingsForm({ tenant, onSaved }: { tenant: Tenant; onSaved(t: Tenant): void }) {
  const [name, setName] = useState(tenant.name);
  const [commission, setCommission] = useState(toPercent(tenant.depositCommission));
  const [maxAccounts, setMaxAccounts] = useState(String(tenant.maxAccounts));
  const [webhookUrl, setWebhookUrl] = useState(tenant.webhookUrl ?? '');
  const [depositUrl, setDepositUrl] = useState(tenant.depositWebhookUrl ?? '');
  const [saved, setSaved] = useState('');
  const save = useAction(async () => {
    setSaved('');
    const body = {
      name: name.trim(),
      depositCommission: toRate(commission),
      maxAccounts: Number(maxAccounts),
      webhookUrl: webhookUrl.trim() || null,
      depositWebhookUrl: depositUrl.trim() || null,
    };
    const res = await api.patch('/admin/tenants/{id}', { params: { id: tenant.id }, body });
    onSaved(res.data);
    setSaved('Settings saved.');
  });
  return (
    <Form label="Tenant settings" onSubmit={() => save.run()}>
      <Field label="Name" value={name} onValue={setName} required maxLength={200} autoComplete="off" />
      <Field
        label="Deposit commission (%)"
        value={commission}
        onValue={setCommission}
        inputMode="decimal"
        autoComplete="off"
        hint="Empty uses the system default"
      />
      <Field label="Maximum accounts" type="number" min={1} max={100000} value={maxAccounts} onValue={setMaxAccounts} required />
      <Field
        label="Webhook URL"
        type="url"
        value={webhookUrl}
        onValue={setWebhookUrl}
        hint="Every event goes here unless its object names its own URL"
      />
      <Field label="Deposit webhook URL" type="url" value={depositUrl} onValue={setDepositUrl} hint="Deposit events, when set" />
      <ErrorAlert error={save.error} />
      <LiveStatus>{saved}</LiveStatus>
      <button type="submit" disabled={save.busy}>
        Save settings
      </button>
    </Form>
  );
}

function WebhookSecret({ tenant }: { tenant: Tenant }) {
  const [secret, setSecret] = useState('');
  return (
    <Section title="Webhook secret">
      <ShownOnce label="Webhook secret" value={secret}>
        <strong>Copy the new secret now:</strong> it is shown only once. The merchant's receivers must verify signatures with it from now
        on.
      </ShownOnce>
      <LiveStatus>{secret ? 'Webhook secret rotated.' : ''}</LiveStatus>
      <Confirm
        label="Rotate webhook secret"
        question={<p>Rotate the webhook secret of {tenant.name}? Signatures made with the old one stop verifying at once.</p>}
        confirm="Rotate now"
        onConfirm={async () => setSecret((await api.post('/admin/tenants/{id}/webhook-secret', { params: { id: tenant.id } })).data.secret)}
      />
    </Section>
  );
}

/** The settings as they are, for a role that may not change them. */
function SettingsFacts({ tenant }: { tenant: Tenant }) {
  return (
    <Facts
      items={[
        ['Name', tenant.name],
        ['Deposit commission', tenant.depositCommission === null ? 'System default' : `${toPercent(tenant.depositCommission)} %`],
        ['Maximum accounts', String(tenant.maxAccounts)],
        ['Webhook URL', <span class="mono wrap">{tenant.webhookUrl ?? '—'}</span>],
        ['Deposit webhook URL', <span class="mono wrap">{tenant.depositWebhookUrl ?? '—'}</span>],
      ]}
    />
  );
}

function Suspension({ tenant, onChanged }: { tenant: Tenant; onChanged(t: Tenant): void }) {
  const may = useMay();
  const suspended = Boolean(tenant.suspendedAt);
  const [done, setDone] = useState('');
  const act = async (what: 'suspend' | 'resume') => {
    const res = await api.post(what === 'suspend' ? '/admin/tenants/{id}/suspend' : '/admin/tenants/{id}/resume', {
      params: { id: tenant.id },
    });
    onChanged(res.data);
    setDone(what === 'suspend' ? `${tenant.name} is suspended.` : `${tenant.name} is active again.`);
  };
  return (
    <Section title="Suspension">
      <LiveStatus>{done}</LiveStatus>
      {suspended ? (
        <>
          <p>
            Suspended since {dateTime(tenant.suspendedAt)}: its API keys are refused and its users cannot sign in. Its money stays where it
            is.
          </p>
          {may('POST /admin/tenants/{id}/resume') && (
            <Confirm
              label="Resume tenant"
              danger={false}
              question={
                <p>Resume {tenant.name}? Its API keys work again and its users can sign in again (sessions that ended stay ended).</p>
              }
              confirm="Resume now"
              onConfirm={() => act('resume')}
            />
          )}
        </>
      ) : (
        <>
          <p>Suspending stops the merchant's access at once, without touching its money.</p>
          {may('POST /admin/tenants/{id}/suspend') && (
            <Confirm
              label="Suspend tenant"
              question={
                <p>
                  Suspend {tenant.name}? Every API key of the tenant is refused and every session of its users ends now; new sign-ins are
                  refused. Its money stays: payments still credit, deposits still confirm and webhooks keep being sent.
                </p>
              }
              confirm="Suspend now"
              onConfirm={() => act('suspend')}
            />
          )}
        </>
      )}
    </Section>
  );
}

export function TenantPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const loaded = useResource(() => api.get('/admin/tenants/{id}', { params: { id } }), [id]);
  const [changed, setChanged] = useState<Tenant | undefined>();
  const may = useMay();
  const tenant = changed ?? loaded.data?.data;
  if (!tenant) {
    return (
      <>
        <h1 tabIndex={-1}>Tenant</h1>
        <ErrorAlert error={loaded.error} />
        {!loaded.error && <LiveStatus>Loading…</LiveStatus>}
      </>
    );
  }
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{tenant.name}</h1>
        <StatusBadge status={tenant.suspendedAt ? 'suspended' : 'active'} />
      </div>
      <Facts
        items={[
          ['Tenant id', <span class="mono wrap">{tenant.id}</span>],
          ['Created', dateTime(tenant.createdAt)],
          ['Withdrawals', <Link href={`/withdrawals?tenantId=${tenant.id}`}>Withdrawal queue of {tenant.name}</Link>],
          ['Webhook deliveries', <Link href={`/webhooks?tenantId=${tenant.id}`}>Deliveries of {tenant.name}</Link>],
          ['Audit log', <Link href={`/audit?tenantId=${tenant.id}`}>Audit log of {tenant.name}</Link>],
        ]}
      />
      <div class="grid">
        <Section title="Settings">
          {may('PATCH /admin/tenants/{id}') ? (
            <SettingsForm key={tenant.id} tenant={tenant} onSaved={setChanged} />
          ) : (
            <SettingsFacts tenant={tenant} />
          )}
        </Section>
        <div>
          {may('POST /admin/tenants/{id}/webhook-secret') && <WebhookSecret tenant={tenant} />}
          <Suspension tenant={tenant} onChanged={setChanged} />
        </div>
      </div>
      <TenantKeys tenantId={tenant.id} />
      <UsersPanel tenantId={tenant.id} />
      <CustomerBlocks tenantId={tenant.id} />
    </>
  );
}
