// Payout addresses: the tenant's address book (each usable from its activeAt, after the policy's
// delay), a new address (owners and finance, confirmed with the authenticator), removal.
import { useState } from 'preact/hooks';
import { api, type Data, type RequestBody } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Field, Form, Select } from '../components/fields.tsx';
import { currencies } from '../currencies.ts';
import { fieldError } from '../errors.ts';
import { dateTime } from '../format.ts';
import { useAction, useNow, useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';

/** One entry of the address book. */
export type PayoutAddress = Data<'get', '/v1/payout-addresses'>[number];
type Code = RequestBody<'post', '/v1/payout-addresses'>['cryptoCurrencyCode'];

/** When an entry may be paid: from its activeAt on (the policy's delay after it was added). */
function usable(entry: PayoutAddress, now: number): string {
  return Date.parse(entry.activeAt) > now ? `Usable from ${dateTime(entry.activeAt)}` : `Usable since ${dateTime(entry.activeAt)}`;
}

function Remove({ entry, onDone }: { entry: PayoutAddress; onDone(text: string): void }) {
  const [asking, setAsking] = useState(false);
  const name = entry.label ?? entry.address;
  const remove = useAction(async () => {
    await api.delete('/v1/payout-addresses/{id}', { params: { id: entry.id } });
    onDone(`${name} removed from the address book.`);
  });
  if (!asking) {
    return (
      <button type="button" class="secondary" onClick={() => setAsking(true)} aria-label={`Remove ${name}`}>
        Remove
      </button>
    );
  }
  return (
    <span class="inline-confirm" role="group" aria-label={`Remove ${name}`}>
      Remove {name}? Withdrawals to it are refused at once; adding it again waits out the delay anew.{' '}
      <button type="button" class="danger" disabled={remove.busy} onClick={() => remove.run()}>
        Remove address
      </button>{' '}
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Keep
      </button>
      <ErrorAlert error={remove.error} />
    </span>
  );
}

const FRESH = { currency: '', address: '', label: '' };

function AddAddressForm({ delayHours, onAdded }: { delayHours: number | undefined; onAdded(entry: PayoutAddress): void }) {
  const list = useResource(() => currencies(), []);
  const [form, setForm] = useState(FRESH);
  const codes = (list.data ?? []).map((c): [string, string] => [c.code, `${c.code} · ${c.network}`]);
  const code = form.currency || codes[0]?.[0] || '';
  const add = useAction(async () => {
    const res = await api.post('/v1/payout-addresses', {
      body: { cryptoCurrencyCode: code as Code, address: form.address.trim(), ...(form.label.trim() ? { label: form.label.trim() } : {}) },
    });
    setForm(FRESH);
    onAdded(res.data);
  });
  const delay =
    delayHours === undefined ? 'the payout policy’s delay' : delayHours === 0 ? 'no delay: the policy sets none' : `${delayHours} hours`;
  return (
    <Form label="Add payout address" onSubmit={() => add.run()}>
      <p>A new address is usable after {delay}; everyone of the business is told it was added.</p>
      <Select label="Currency" value={code} onValue={(currency) => setForm({ ...form, currency })} options={codes} />
      <Field
        label="Address"
        value={form.address}
        onValue={(address) => setForm({ ...form, address })}
        required
        maxLength={128}
        autoComplete="off"
        spellcheck={false}
        error={fieldError(add.error, 'address')}
      />
      <Field
        label="Label (optional)"
        value={form.label}
        onValue={(label) => setForm({ ...form, label })}
        maxLength={100}
        autoComplete="off"
        hint="Who it belongs to: “Supplier GmbH”, “Cold wallet”"
      />
      <ErrorAlert error={add.error} fields={['address']} />
      <div class="actions">
        <button type="submit" disabled={add.busy || !code}>
          Add address
        </button>
      </div>
    </Form>
  );
}

export function PayoutAddressesSection() {
  const { can } = useSession();
  const book = useResource(() => api.get('/v1/payout-addresses', { query: { page: 1, limit: 100 } }), []);
  const policy = useResource(() => api.get('/v1/payout-policy'), []);
  const [done, setDone] = useState('');
  const now = useNow();
  const manage = can('payouts.manage');
  return (
    <>
      <Section title="Payout addresses">
        <p>
          {policy.data?.data.allowlistOnly
            ? 'Withdrawals go only to these addresses once they are usable (refunds go back where the money came from).'
            : 'The payout policy does not restrict withdrawals to these addresses yet; an owner can under Payout policy.'}
        </p>
        <ErrorAlert error={book.error} />
        <LiveStatus>{done}</LiveStatus>
        <DataTable<PayoutAddress>
          caption="Payout addresses"
          rows={book.data?.data}
          rowKey={(e) => e.id}
          empty="No payout addresses yet."
          columns={[
            { label: 'Label', render: (e) => e.label ?? '—' },
            { label: 'Currency', render: (e) => `${e.cryptoCurrencyCode} · ${e.network}` },
            { label: 'Address', render: (e) => <span class="mono wrap">{e.address}</span> },
            { label: 'Usable', render: (e) => usable(e, now) },
            { label: 'Added by', render: (e) => `${e.createdBy}, ${dateTime(e.createdAt)}` },
            ...(manage
              ? [{ label: 'Action', render: (e: PayoutAddress) => <Remove entry={e} onDone={(text) => (setDone(text), book.reload())} /> }]
              : []),
          ]}
        />
      </Section>
      {manage && (
        <Section title="Add a payout address">
          <AddAddressForm
            delayHours={policy.data?.data.newAddressDelayHours}
            onAdded={(entry) => {
              setDone(`${entry.label ?? entry.address} added: usable from ${dateTime(entry.activeAt)}.`);
              book.reload();
            }}
          />
        </Section>
      )}
    </>
  );
}
