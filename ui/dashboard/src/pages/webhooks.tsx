// Webhooks: default URLs, the signing secret (rotated, shown once), a test event, the delivery log.
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { CopyValue } from '../components/copy.tsx';
import { DeliveryList, useDeliveries, type Delivery } from '../components/deliveries.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Field, Form, Select } from '../components/fields.tsx';
import { fieldError } from '../errors.ts';
import { statusLabel } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';

/** The form's fields: a refusal about one of them is said at it. */
const URL_FIELDS = ['webhookUrl', 'depositWebhookUrl'];

function UrlsForm() {
  const { can } = useSession();
  const settings = useResource(() => api.get('/v1/webhook-settings'), []);
  const [edited, setEdited] = useState<{ webhookUrl?: string; depositWebhookUrl?: string }>({});
  const [saved, setSaved] = useState('');
  const current = {
    webhookUrl: settings.data?.data.webhookUrl ?? '',
    depositWebhookUrl: settings.data?.data.depositWebhookUrl ?? '',
    ...edited,
  };
  const save = useAction(async () => {
    setSaved('');
    await api.patch('/v1/webhook-settings', {
      body: { webhookUrl: current.webhookUrl.trim() || null, depositWebhookUrl: current.depositWebhookUrl.trim() || null },
    });
    setSaved('Webhook URLs saved.');
    setEdited({});
    settings.reload();
  });
  const readOnly = !can('webhooks.manage');
  return (
    <Form label="Webhook URLs" onSubmit={() => save.run()}>
      <ErrorAlert error={settings.error} />
      <Field
        label="Webhook URL"
        type="url"
        value={current.webhookUrl}
        onValue={(v) => setEdited({ ...edited, webhookUrl: v })}
        readOnly={readOnly}
        hint="Every event goes here unless its object names its own URL"
        error={fieldError(save.error, 'webhookUrl')}
      />
      <Field
        label="Deposit webhook URL"
        type="url"
        value={current.depositWebhookUrl}
        onValue={(v) => setEdited({ ...edited, depositWebhookUrl: v })}
        readOnly={readOnly}
        hint="Deposit events, when set"
        error={fieldError(save.error, 'depositWebhookUrl')}
      />
      <ErrorAlert error={save.error} fields={URL_FIELDS} />
      <LiveStatus>{saved}</LiveStatus>
      {!readOnly && (
        <button type="submit" disabled={save.busy}>
          Save webhook URLs
        </button>
      )}
    </Form>
  );
}

function SecretAndTest({ onSent }: { onSent(): void }) {
  const [asking, setAsking] = useState(false);
  const [secret, setSecret] = useState('');
  const [sent, setSent] = useState('');
  const rotate = useAction(async () => {
    setSecret((await api.post('/v1/webhook-settings/secret')).data.secret);
    setAsking(false);
  });
  const test = useAction(async () => {
    await api.post('/v1/webhook-settings/test');
    setSent('Test event queued: it appears in the delivery log below.');
    onSent();
  });
  return (
    <div class="stack">
      {secret && (
        <div class="once">
          <p>
            <strong>Copy the new secret now:</strong> it is shown only once. Receivers must verify signatures with it from now on.
          </p>
          <CopyValue label="Webhook secret" value={secret} />
        </div>
      )}
      <div class="actions">
        {!asking && (
          <button type="button" class="secondary" onClick={() => setAsking(true)}>
            Rotate secret
          </button>
        )}
        <button type="button" class="secondary" disabled={test.busy} onClick={() => test.run()}>
          Send test event
        </button>
      </div>
      {asking && (
        <p class="inline-confirm">
          The current secret stops working at once.{' '}
          <button type="button" class="danger" disabled={rotate.busy} onClick={() => rotate.run()}>
            Rotate now
          </button>{' '}
          <button type="button" class="secondary" onClick={() => setAsking(false)}>
            Keep the current secret
          </button>
        </p>
      )}
      <ErrorAlert error={rotate.error ?? test.error} />
      <LiveStatus>{sent}</LiveStatus>
    </div>
  );
}

const STATUSES: Array<Delivery['status']> = ['pending', 'delivered', 'failed'];

export function WebhooksSection() {
  const { can } = useSession();
  const [status, setStatus] = useState<Delivery['status'] | ''>('');
  const deliveries = useDeliveries(status ? { status } : {});
  return (
    <>
      <Section title="Webhook URLs">
        <UrlsForm />
      </Section>
      {can('webhooks.manage') && (
        <Section title="Signing secret and test">
          <SecretAndTest onSent={deliveries.reload} />
        </Section>
      )}
      <Section
        title="Delivery log"
        actions={
          <Select
            label="Delivery status"
            value={status}
            onValue={(v) => setStatus(STATUSES.find((s) => s === v) ?? '')}
            options={[['', 'Any status'], ...STATUSES.map((s): [string, string] => [s, statusLabel(s)])]}
          />
        }
      >
        <DeliveryList resource={deliveries} empty="No deliveries yet." showObject />
      </Section>
    </>
  );
}
