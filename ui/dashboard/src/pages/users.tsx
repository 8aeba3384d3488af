// Users and roles (owners): invite (the link shown once), change a role, remove.
import { useState } from 'preact/hooks';
import { api, type Data, type RequestBody } from '../api.ts';
import { CopyValue } from '../components/copy.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Field, Form, Select } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';

type User = Data<'get', '/v1/users'>[number];
type Role = RequestBody<'post', '/v1/users'>['role'];
const ROLES: Array<[Role, string]> = [
  ['owner', 'Owner: everything, users included'],
  ['finance', 'Finance: withdrawals, conversions, refunds'],
  ['developer', 'Developer: API keys and webhooks'],
  ['viewer', 'Viewer: reads only'],
];

function InviteForm({ onInvited }: { onInvited(url: string): void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const invite = useAction(async () => {
    const res = await api.post('/v1/users', { body: { email: email.trim(), role } });
    setEmail('');
    onInvited(res.data.inviteUrl);
  });
  return (
    <Form label="Invite a user" onSubmit={() => invite.run()}>
      <Field label="Email" type="email" value={email} onValue={setEmail} required autoComplete="off" />
      <Select label="Role" value={role} onValue={(v) => setRole(v as Role)} options={ROLES} />
      <ErrorAlert error={invite.error} />
      <button type="submit" disabled={invite.busy}>
        Invite
      </button>
    </Form>
  );
}

function UserActions({ user, onChanged }: { user: User; onChanged(): void }) {
  const { me } = useSession();
  const [removing, setRemoving] = useState(false);
  const change = useAction(async (role: string) => {
    await api.patch('/v1/users/{id}', { params: { id: user.id }, body: { role: role as Role } });
    onChanged();
  });
  const remove = useAction(async () => {
    await api.delete('/v1/users/{id}', { params: { id: user.id } });
    onChanged();
  });
  if (user.status === 'disabled') return <span>Removed</span>;
  return (
    <div class="row-actions">
      <Select
        label={`Role of ${user.email}`}
        value={user.role}
        onValue={(r) => change.run(r)}
        options={ROLES.map(([r]) => [r, r])}
        disabled={change.busy}
      />
      {user.id !== me.user.id && !removing && (
        <button type="button" class="secondary" onClick={() => setRemoving(true)} aria-label={`Remove ${user.email}`}>
          Remove
        </button>
      )}
      {removing && (
        <span class="inline-confirm">
          Remove {user.email}? Their sessions end at once.{' '}
          <button type="button" class="danger" disabled={remove.busy} onClick={() => remove.run()}>
            Remove user
          </button>{' '}
          <button type="button" class="secondary" onClick={() => setRemoving(false)}>
            Keep
          </button>
        </span>
      )}
      <ErrorAlert error={change.error ?? remove.error} />
    </div>
  );
}

export function UsersSection() {
  const { can } = useSession();
  const users = useResource(() => api.get('/v1/users'), []);
  const [inviteUrl, setInviteUrl] = useState('');
  const manage = can('users.manage');
  return (
    <>
      <Section title="Users">
        <ErrorAlert error={users.error} />
        <DataTable<User>
          caption="Users"
          rows={users.data?.data}
          rowKey={(u) => u.id}
          columns={[
            { label: 'Email', render: (u) => u.email },
            { label: 'Status', render: (u) => u.status },
            { label: '2FA', render: (u) => (u.totpEnabled ? 'On' : 'Off') },
            { label: 'Added', render: (u) => dateTime(u.createdAt) },
            { label: 'Role', render: (u) => (manage ? <UserActions user={u} onChanged={users.reload} /> : u.role) },
          ]}
        />
      </Section>
      {manage && (
        <Section title="Invite a user">
          {inviteUrl && (
            <div class="once">
              <p>
                <strong>Send this link to the person you invited:</strong> it is shown only once and works for 7 days.
              </p>
              <CopyValue label="Invite link" value={inviteUrl} />
            </div>
          )}
          <LiveStatus>{inviteUrl ? 'Invitation created.' : ''}</LiveStatus>
          <InviteForm
            onInvited={(url) => {
              setInviteUrl(url);
              users.reload();
            }}
          />
        </Section>
      )}
    </>
  );
}
