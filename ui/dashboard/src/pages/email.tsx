// Email: whether this installation sends mail, which kinds the merchant sends (owners change them), and the latest mails.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { Check, Form } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { EMAIL_KINDS, EMAIL_KIND_NAMES, type EmailKind } from '../../../../src/modules/email/kinds.ts';

type Mail = Data<'get', '/v1/email-settings'>['recent'][number];

const GROUPS: Array<{ legend: string; kinds: EmailKind[] }> = [
  { legend: 'To customers', kinds: EMAIL_KIND_NAMES.filter((k) => EMAIL_KINDS[k].audience.to === 'customer') },
  { legend: 'To your team', kinds: EMAIL_KIND_NAMES.filter((k) => EMAIL_KINDS[k].audience.to !== 'customer') },
];

const COLUMNS: Array<Column<Mail>> = [
  { label: 'Created', render: (m) => dateTime(m.createdAt) },
  { label: 'To', render: (m) => m.recipient },
  { label: 'Subject', render: (m) => m.subject },
  { label: 'Status', render: (m) => <StatusBadge status={m.status} /> },
  { label: 'Attempts', render: (m) => m.attempts, class: 'num' },
  { label: 'Last error', render: (m) => m.lastError ?? '—' },
];

export function EmailSection() {
  const { can } = useSession();
  const settings = useResource(() => api.get('/v1/email-settings'), []);
  const [draft, setDraft] = useState<Partial<Record<EmailKind, boolean>>>({});
  const [saved, setSaved] = useState('');
  const data = settings.data?.data;
  const save = useAction(async () => {
    setSaved('');
    await api.patch('/v1/email-settings', { body: { kinds: draft } });
    setDraft({});
    setSaved('Email settings saved.');
    settings.reload();
  });
  const readOnly = !can('settings.manage');
  const on = (k: EmailKind) => draft[k] ?? data?.kinds[k] ?? true;
  // No choices before they are read: a box shown ticked while loading would tell a reader (and a test) a mail is on that may be off.
  if (!data) {
    return (
      <Section title="Email">
        <ErrorAlert error={settings.error} />
        <LiveStatus>{settings.error ? '' : 'Loading…'}</LiveStatus>
      </Section>
    );
  }
  return (
    <>
      <Section title="Email">
        <ErrorAlert error={settings.error} />
        {!data.sending && (
          <p class="alert warn" data-testid="email-off">
            Email is off: this installation has no mail server set up (its operator sets <code>SMTP_URL</code>). No mail of any kind is
            sent; the choices below apply once it is.
          </p>
        )}
        {data.sending && <p>Mail is sent as {data.from}; customers see your business name before the address.</p>}
        <Form label="Email notifications" onSubmit={() => save.run()}>
          {GROUPS.map((g) => (
            <fieldset key={g.legend}>
              <legend>{g.legend}</legend>
              {g.kinds.map((k) => (
                <Check
                  key={k}
                  label={EMAIL_KINDS[k].label}
                  checked={on(k)}
                  disabled={readOnly}
                  onChecked={(v) => setDraft({ ...draft, [k]: v })}
                />
              ))}
            </fieldset>
          ))}
          <ErrorAlert error={save.error} />
          <LiveStatus>{saved}</LiveStatus>
          {!readOnly && (
            <button type="submit" disabled={save.busy || Object.keys(draft).length === 0}>
              Save email settings
            </button>
          )}
        </Form>
      </Section>
      <Section title="Latest mails">
        <DataTable caption="Latest mails" columns={COLUMNS} rows={data.recent} rowKey={(m) => m.id} empty="No mail sent yet." />
      </Section>
    </>
  );
}
