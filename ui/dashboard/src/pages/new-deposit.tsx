// New deposit: currency, order id, customer → POST /v1/deposit (the API keys' call) → the address to
// send to, with its QR code and a copy button, the smallest amount credited and until when it holds.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Data, type RequestBody } from '../api.ts';
import { CopyValue } from '../components/copy.tsx';
import { ErrorAlert, Facts } from '../components/feedback.tsx';
import { Field, Form, Select } from '../components/fields.tsx';
import { currencies } from '../currencies.ts';
import { fieldError } from '../errors.ts';
import { amount, dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link } from '../router.tsx';

type DepositBody = RequestBody<'post', '/v1/deposit'>;
type Created = Data<'post', '/v1/deposit'> & { cryptoCurrencyCode: string };

/** A fresh order id to start from (`DEP-20250304-K7Q2XM`); the merchant may type their own. */
function suggestOrderId(): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[b % 32]).join('');
  return `DEP-${day}-${random}`;
}

function DepositForm({ onCreated }: { onCreated(created: Created): void }) {
  const list = useResource(currencies, []);
  const [currency, setCurrency] = useState('');
  const [orderId, setOrderId] = useState(suggestOrderId);
  const [customer, setCustomer] = useState('');
  const code = currency || list.data?.[0]?.code || '';
  const chosen = list.data?.find((c) => c.code === code);
  const create = useAction(async () => {
    const customerId = customer.trim();
    const body: DepositBody = {
      cryptoCurrencyCode: code as DepositBody['cryptoCurrencyCode'],
      orderId: orderId.trim(),
      ...(customerId ? { customerId } : {}),
    };
    const res = await api.post('/v1/deposit', { body });
    onCreated({ ...res.data, cryptoCurrencyCode: code });
  });
  const at = (field: string) => fieldError(create.error, field);
  const hint =
    chosen &&
    (chosen.depositNetworkFee
      ? `On ${chosen.network}; at least ${amount(chosen.minDepositAmount, code)} is credited, the network fee of ${amount(chosen.depositNetworkFee.amount, code)} withheld`
      : `On ${chosen.network}; its network fee cannot be quoted right now, so no address can be made for it: try again in a few minutes`);
  return (
    <Form label="New deposit" onSubmit={() => create.run()}>
      <ErrorAlert error={list.error} />
      <Select
        label="Currency"
        value={code}
        onValue={setCurrency}
        options={(list.data ?? []).map((c): [string, string] => [c.code, `${c.code} · ${c.network}`])}
        required
      />
      {hint && <p class="hint">{hint}</p>}
      <Field
        label="Order id"
        value={orderId}
        onValue={setOrderId}
        required
        maxLength={256}
        autoComplete="off"
        spellcheck={false}
        error={at('orderId')}
        hint="Your reference for this top-up, unique in the account (a suggestion; edit it freely)"
      />
      <Field
        label="Customer email or id (optional)"
        value={customer}
        onValue={setCustomer}
        maxLength={52}
        autoComplete="off"
        error={at('customerId')}
        hint="Who the top-up is from, for your records"
      />
      <ErrorAlert error={create.error} focus fields={['orderId', 'customerId']} />
      <div class="actions">
        <button type="submit" disabled={create.busy || !code}>
          Create deposit address
        </button>
        <Link class="button secondary" href="/deposits">
          Back to deposits
        </Link>
      </div>
    </Form>
  );
}

/** The address just made: what to send where, as text to copy and as a QR code to scan; the heading takes the focus. */
function DepositAddress({ d }: { d: Created }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="panel" aria-labelledby="deposit-address">
      <div class="panel-head">
        <h2 id="deposit-address" ref={heading} tabIndex={-1}>
          Send {d.cryptoCurrencyCode} to this address
        </h2>
      </div>
      <img class="qr" src={d.qrCode} alt={`QR code of the deposit address ${d.address}`} width={200} height={200} />
      <CopyValue label="Deposit address" value={d.address} />
      <Facts
        items={[
          ['Credited from', amount(d.minimumAmount, d.cryptoCurrencyCode)],
          ['Address expires', dateTime(d.expiresAt)],
        ]}
      />
      <div class="actions">
        <Link class="button" href={`/deposits/${d.id}`}>
          Open the deposit
        </Link>
        <Link class="button secondary" href="/deposits">
          Back to deposits
        </Link>
      </div>
    </section>
  );
}

export function NewDepositPage() {
  const [created, setCreated] = useState<Created | undefined>();
  return (
    <>
      <h1 tabIndex={-1}>New deposit</h1>
      <div class="narrow">
        <p class="muted">
          An address of its own for a top-up of any amount: what reaches it is credited to the account, less the network fee and the
          commission.
        </p>
        {created ? <DepositAddress d={created} /> : <DepositForm onCreated={setCreated} />}
      </div>
    </>
  );
}
