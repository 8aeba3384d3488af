// Users across tenants (or one tenant's): search, invite an operator or a merchant user (the
// link shown once), disable, and a password reset link for a merchant user (shown once).
import { useState } from 'preact/hooks';
import { api, type Data, type RequestBody } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { Field, Form, Select } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { setQuery, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';
import { Confirm, LIMIT, ShownOnce, TenantLink, usePage, useTenantOptions } from './parts.tsx';
import { ResetPassword, ShownReset, type IssuedReset } from './password-reset.tsx';
import { useMay } from './roles.ts';

type User = Data<'get', '/admin/users'>[number];
type Role = RequestBody<'post', '/admin/users'>['role'];
const MERCHANT_ROLES: Array<[Role, string]> = [
  ['owner', 'Owner: everything, users included'],
  ['finance', 'Finance: withdrawals, conversions, refunds'],
  ['developer', 'Developer: API keys and webhooks'],
  ['viewer', 'Viewer: reads only'],
];
const OPERATOR_ROLES: Array<[Role, string]> = [
  ['operator', 'Operator admin: this whole console'],
  ['operatorOperations', 'Operations: withdrawal queue, redeliveries, tenant settings'],
  ['operatorSupport', "Support: reads, inviting tenants' users"],
  ['operatorAuditor', 'Auditor: reads only'],
];
const isOperator = (role: Role) => OPERATOR_ROLES.some(([r]) => r === role);
const ALL_ROLES: Array<[Role, string]> = [...OPERATOR_ROLES, ...MERCHANT_ROLES];

function InviteForm({ tenantId, onInvited }: { tenantId?: string; onInvited(url: string): void }) {
  const { me } = useSession();
  // Only an operator admin invites operators (the API refuses the others).
  const roles = tenantId || me.user.role !== 'operator' ? MERCHANT_ROLES : ALL_ROLES;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(roles[0]?.[0] ?? 'owner');
  const [tenant, setTenant] = useState('');
  const tenants = useTenantOptions(!tenantId);
  const invite = useAction(async () => {
    const forTenant = isOperator(role) ? undefined : (tenantId ?? tenant);
    const res = await api.post('/admin/users', { body: { email: email.trim(), role, ...(forTenant ? { tenantId: forTenant } : {}) } });
    setEmail('');
    onInvited(res.data.inviteUrl);
  });
  return (
    <Form label="Invite a user" onSubmit={() => invite.run()}>
      <Field label="Email" type="email" value={email} onValue={setEmail} required autoComplete="off" />
      <Select label="Role" value={role} onValue={(v) => setRole(v as Role)} options={roles} />
      {!tenantId && !isOperator(role) && (
        <Select label="Tenant" value={tenant} onValue={setTenant} required options={[['', 'Choose a tenant'], ...tenants]} />
      )}
      <ErrorAlert error={invite.error} />
      <button type="submit" disabled={invite.busy}>
        Invite
      </button>
    </Form>
  );
}

function Filters() {
  const { query } = useLocation();
  const [search, setSearch] = useState(query.get('search') ?? '');
  return (
    <Form class="filters" label="Filter users" onSubmit={() => setQuery({ search: search.trim(), page: undefined })}>
      <Select
        label="Role"
        value={query.get('role') ?? ''}
        onValue={(role) => setQuery({ role, page: undefined })}
        options={[['', 'Any role'], ...ALL_ROLES.map(([r]): [string, string] => [r, r])]}
      />
      <Field label="Search" type="search" value={search} onValue={setSearch} hint="Email, or part of it" />
      <button type="submit" class="secondary">
        Search
      </button>
    </Form>
  );
}

/** What becomes of a merchant user's API keys: revoked (the default), or handed to another active user of the tenant. */
function KeysTo({ user, tenantId, value, onValue }: { user: User; tenantId: string; value: string; onValue(id: string): void }) {
  const others = useResource(() => api.get('/admin/users', { query: { tenantId, page: 1, limit: 100 } }), [tenantId]);
  const heirs = (others.data?.data ?? []).filter((u) => u.id !== user.id && u.status === 'active');
  return (
    <Select
      label={`API keys of ${user.email}`}
      value={value}
      onValue={onValue}
      options={[['', 'Revoke them'], ...heirs.map((u): [string, string] => [u.id, `Hand them to ${u.email} (${u.role})`])]}
    />
  );
}

function Disable({ user, onDone }: { user: User; onDone(text: string): void }) {
  const { me } = useSession();
  const may = useMay();
  const [keysTo, setKeysTo] = useState('');
  if (user.status === 'disabled') return <span>Disabled</span>;
  if (user.id === me.user.id) return <span class="muted">You</span>;
  if (!may('DELETE /admin/users/{id}')) return null;
  return (
    <Confirm
      label="Disable"
      ariaLabel={`Disable ${user.email}`}
      question={
        <>
          <p>Disable {user.email}? Their sessions end at once and they cannot sign in again.</p>
          {user.tenantId && <KeysTo user={user} tenantId={user.tenantId} value={keysTo} onValue={setKeysTo} />}
        </>
      }
      confirm="Disable user"
      onConfirm={async () => {
        await api.delete('/admin/users/{id}', { params: { id: user.id }, query: keysTo ? { keysTo } : {} });
        onDone(`${user.email} is disabled.`);
      }}
    />
  );
}

/** The users table and the invite form; `tenantId` narrows both to one tenant. */
export function UsersPanel({ tenantId }: { tenantId?: string }) {
  const { query } = useLocation();
  const [urlPage, setUrlPage] = usePage();
  const [ownPage, setOwnPage] = useState(1);
  const [page, setPage] = tenantId ? [ownPage, setOwnPage] : [urlPage, setUrlPage];
  const search = tenantId ? '' : (query.get('search') ?? '');
  const role = tenantId ? '' : (query.get('role') ?? '');
  const q = {
    page,
    limit: LIMIT,
    ...(tenantId ? { tenantId } : {}),
    ...(search ? { search } : {}),
    ...(role ? { role: role as Role } : {}),
  };
  const users = useResource(() => api.get('/admin/users', { query: q }), [JSON.stringify(q)], true);
  const [inviteUrl, setInviteUrl] = useState('');
  const [reset, setReset] = useState<IssuedReset | undefined>();
  const [done, setDone] = useState('');
  const may = useMay();
  return (
    <>
      <Section title={tenantId ? 'Users' : 'All users'}>
        {!tenantId && <Filters />}
        <ErrorAlert error={users.error} />
        <LiveStatus>{done}</LiveStatus>
        <ShownReset issued={reset} />
        <DataTable<User>
          caption="Users"
          rows={users.data?.data}
          rowKey={(u) => u.id}
          empty="No users."
          columns={[
            { label: 'Email', render: (u) => <span class="wrap">{u.email}</span> },
            ...(tenantId ? [] : [{ label: 'Tenant', render: (u: User) => <TenantLink id={u.tenantId} name={u.tenantName} /> }]),
            { label: 'Role', render: (u) => u.role },
            { label: 'Status', render: (u) => <StatusBadge status={u.status} /> },
            { label: '2FA', render: (u) => (u.totpEnabled ? 'On' : 'Off') },
            { label: 'Last sign-in', render: (u) => dateTime(u.lastSignInAt) },
            {
              label: 'Action',
              render: (u) => (
                <div class="actions">
                  <Disable user={u} onDone={(text) => (setDone(text), setReset(undefined), users.reload())} />
                  {may('POST /admin/tenants/{tenantId}/users/{id}/password-reset') && (
                    <ResetPassword
                      user={u}
                      onIssued={(issued) => (setReset(issued), setDone(`Password reset link made for ${issued.email}.`))}
                    />
                  )}
                </div>
              ),
            },
          ]}
        />
        {users.data && <Pager page={page} total={users.data.total} limit={LIMIT} onPage={setPage} />}
      </Section>
      {may('POST /admin/users') && (
        <Section title={tenantId ? 'Invite a user' : 'Invite an operator or a merchant user'}>
          <ShownOnce label="Invite link" value={inviteUrl}>
            <strong>Send this link to the person you invited:</strong> it is shown only once and works for 7 days.
          </ShownOnce>
          <LiveStatus>{inviteUrl ? 'Invitation created.' : ''}</LiveStatus>
          <InviteForm
            tenantId={tenantId}
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

export function UsersPage() {
  return (
    <>
      <h1 tabIndex={-1}>Users</h1>
      <UsersPanel />
    </>
  );
}
