// The tenant's merchant accounts: the list, and a new one (owners), which the Account switcher then offers.
import { useState } from 'preact/hooks';
import { api, type ApiError, type Data } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';

type Account = Data<'get', '/v1/accounts'>[number];

/** The limit's answer in words a merchant can act on; other errors as the API says them. */
function limitText(error: ApiError | undefined): string | undefined {
  if (error?.code !== 'exceptions.account.limitReached') return undefined;
  const max = error.extension?.maxAccounts;
  return `This merchant already has ${typeof max === 'number' ? `the most accounts allowed (${max})` : 'as many accounts as allowed'}. Ask the gateway's operator to raise the limit.`;
}

function AccountForm({ onStart, onCreated }: { onStart(): void; onCreated(account: Account): Promise<void> }) {
  const [name, setName] = useState('');
  const create = useAction(async () => {
    onStart();
    const res = await api.post('/v1/accounts', { body: { name: name.trim() } });
    setName('');
    await onCreated(res.data);
  });
  return (
    <Form label="New account" onSubmit={() => create.run()}>
      <Field
        label="Name"
        value={name}
        onValue={setName}
        required
        maxLength={200}
        autoComplete="off"
        hint="How the Account switcher shows it: a shop, a brand, a region"
      />
      <ErrorAlert error={create.error} focus>
        {limitText(create.error)}
      </ErrorAlert>
      <button type="submit" disabled={create.busy || !name.trim()}>
        Create account
      </button>
    </Form>
  );
}

export function AccountsSection() {
  const { can, accountId, refresh } = useSession();
  const accounts = useResource(() => api.get('/v1/accounts'), []);
  const [created, setCreated] = useState('');
  const onCreated = async (account: Account) => {
    accounts.reload();
    // The header's switcher lists the session's accounts (GET /auth/me).
    await refresh();
    setCreated(`Account ${account.name} created: choose it in the Account switcher to work in it.`);
  };
  return (
    <>
      <Section title="Accounts">
        <p class="muted">Each account keeps its own balances, invoices, deposits and withdrawals.</p>
        <ErrorAlert error={accounts.error} />
        <DataTable<Account>
          caption="Accounts"
          rows={accounts.data?.data}
          rowKey={(a) => a.id}
          columns={[
            { label: 'Name', render: (a) => (a.id === accountId ? `${a.name} (shown now)` : a.name) },
            { label: 'Id', render: (a) => <span class="mono wrap">{a.id}</span> },
            { label: 'Created', render: (a) => dateTime(a.createdAt) },
          ]}
        />
      </Section>
      {can('accounts.create') && (
        <Section title="New account">
          <LiveStatus>{created}</LiveStatus>
          <AccountForm onStart={() => setCreated('')} onCreated={onCreated} />
        </Section>
      )}
    </>
  );
}
