// A tenant's blocked customers (no new invoices for them): block one, unblock one.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Confirm } from './parts.tsx';
import { useMay } from './roles.ts';

type Block = Data<'get', '/admin/customers/blocks'>[number];
const LIMIT = 10;

export function CustomerBlocks({ tenantId }: { tenantId: string }) {
  const may = useMay();
  const [page, setPage] = useState(1);
  const blocks = useResource(() => api.get('/admin/customers/blocks', { query: { tenantId, page, limit: LIMIT } }), [tenantId, page]);
  const [customerId, setCustomerId] = useState('');
  const [done, setDone] = useState('');
  const block = useAction(async () => {
    const id = customerId.trim();
    await api.post('/admin/customers/block', { body: { tenantId, customerId: id } });
    setCustomerId('');
    setDone(`Customer ${id} blocked.`);
    blocks.reload();
  });
  const unblock = async (b: Block) => {
    await api.post('/admin/customers/unblock', { body: { tenantId, customerId: b.customerId } });
    setDone(`Customer ${b.customerId} unblocked.`);
    blocks.reload();
  };
  return (
    <Section title="Blocked customers">
      <ErrorAlert error={blocks.error} />
      <LiveStatus>{done}</LiveStatus>
      <DataTable<Block>
        caption="Blocked customers"
        rows={blocks.data?.data}
        rowKey={(b) => b.customerId}
        empty="No customer is blocked."
        columns={[
          { label: 'Customer', render: (b) => <span class="mono wrap">{b.customerId}</span> },
          { label: 'Blocked', render: (b) => dateTime(b.blockedAt) },
          ...(may('POST /admin/customers/unblock')
            ? [
                {
                  label: 'Action',
                  render: (b: Block) => (
                    <Confirm
                      label="Unblock"
                      ariaLabel={`Unblock ${b.customerId}`}
                      danger={false}
                      question={<p>Unblock {b.customerId}? New invoices for them are accepted again.</p>}
                      confirm="Unblock customer"
                      onConfirm={() => unblock(b)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {blocks.data && <Pager page={page} total={blocks.data.total} limit={LIMIT} onPage={setPage} />}
      {may('POST /admin/customers/block') && (
        <Form label="Block a customer" class="inline-form" onSubmit={() => block.run()}>
          <Field
            label="Customer id"
            value={customerId}
            onValue={setCustomerId}
            required
            maxLength={52}
            autoComplete="off"
            hint="As the merchant names them on invoices"
          />
          <ErrorAlert error={block.error} />
          <button type="submit" disabled={block.busy}>
            Block customer
          </button>
        </Form>
      )}
    </Section>
  );
}
