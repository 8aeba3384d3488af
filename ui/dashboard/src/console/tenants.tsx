// Tenants: search by name or id, create one (then its page), the list newest first.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { SearchFilter } from '../components/filters.tsx';
import { count, dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link, navigate, useLocation } from '../router.tsx';
import { LIMIT, usePage } from './parts.tsx';
import { useMay } from './roles.ts';

type TenantRow = Data<'get', '/admin/tenants'>[number];

function CreateTenant() {
  const [name, setName] = useState('');
  const create = useAction(async () => {
    const res = await api.post('/admin/tenants', { body: { name: name.trim() } });
    navigate(`/tenants/${res.data.id}`);
  });
  return (
    <Section title="New tenant">
      <Form label="New tenant" onSubmit={() => create.run()}>
        <Field
          label="Tenant name"
          value={name}
          onValue={setName}
          required
          maxLength={200}
          autoComplete="off"
          hint="The merchant's business; it gets its first account"
        />
        <ErrorAlert error={create.error} />
        <button type="submit" disabled={create.busy}>
          Create tenant
        </button>
      </Form>
    </Section>
  );
}

function Search() {
  return (
    <div class="filters" role="search" aria-label="Search tenants">
      <SearchFilter hint="Name, or a tenant's id" />
    </div>
  );
}

export function TenantsPage() {
  const may = useMay();
  const { query } = useLocation();
  const [page, setPage] = usePage();
  const search = query.get('search') ?? '';
  const list = useResource(
    () => api.get('/admin/tenants', { query: { page, limit: LIMIT, ...(search ? { search } : {}) } }),
    [page, search],
    true,
  );
  const total = list.data?.total;
  return (
    <>
      <h1 tabIndex={-1}>Tenants</h1>
      <Section title="All tenants">
        <Search />
        <ErrorAlert error={list.error} />
        <LiveStatus>{total === undefined ? 'Loading…' : `${count(total)} tenant${total === 1 ? '' : 's'}`}</LiveStatus>
        <DataTable<TenantRow>
          caption="Tenants"
          rows={list.data?.data}
          rowKey={(t) => t.id}
          empty={search ? 'No tenant matches.' : 'No tenants yet.'}
          columns={[
            { label: 'Name', render: (t) => <Link href={`/tenants/${t.id}`}>{t.name}</Link> },
            { label: 'Status', render: (t) => <StatusBadge status={t.suspendedAt ? 'suspended' : 'active'} /> },
            { label: 'Accounts', class: 'num', render: (t) => count(t.accounts) },
            { label: 'Users', class: 'num', render: (t) => count(t.users) },
            { label: 'Active API keys', class: 'num', render: (t) => count(t.apiKeys) },
            { label: 'Created', render: (t) => dateTime(t.createdAt) },
          ]}
        />
        {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={setPage} />}
      </Section>
      {may('POST /admin/tenants') && <CreateTenant />}
    </>
  );
}
