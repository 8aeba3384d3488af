// Sandbox tools (sandbox installations only): send a test transfer to an address, mine blocks,
// set a currency's network fee.
import { useState } from 'preact/hooks';
import { ExactNumber, api, type RequestBody } from '../api.ts';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { AmountField, Field, Form, Select } from '../components/fields.tsx';
import { amount } from '../format.ts';
import { parseAmount } from '../locale.ts';
import { useAction, useResource } from '../hooks.ts';

type Code = NonNullable<RequestBody<'post', '/admin/sandbox/transfers'>['cryptoCurrencyCode']>;

/** The currencies and networks the installation offers, from the networks' status. */
function useCatalogue(): { codes: string[]; networks: string[] } {
  const status = useResource(() => api.get('/admin/networks'), []);
  const networks = status.data?.data.networks ?? [];
  const codes = networks.flatMap((n) => n.fees.map((f) => f.cryptoCurrencyCode));
  return { codes: [...new Set(codes)].sort(), networks: networks.map((n) => n.network) };
}

function TransferForm({ codes }: { codes: string[] }) {
  const [code, setCode] = useState('');
  const [to, setTo] = useState('');
  const [value, setValue] = useState('');
  const [done, setDone] = useState('');
  const [checked, setChecked] = useState(false);
  const send = useAction(async () => {
    setDone('');
    setChecked(true);
    const parsed = parseAmount(value, 18);
    if (!parsed.ok) return;
    const res = await api.post('/admin/sandbox/transfers', {
      body: { cryptoCurrencyCode: (code || codes[0]) as Code, to: to.trim(), amount: parsed.value },
    });
    setDone(`Transfer sent: ${res.data.txHash}. It is seen at once with 0 confirmations; mine blocks to confirm it.`);
  });
  return (
    <Form label="Send a test transfer" onSubmit={() => send.run()}>
      <Select label="Currency" value={code || codes[0] || ''} onValue={setCode} options={codes.map((c): [string, string] => [c, c])} />
      <Field
        label="To address"
        value={to}
        onValue={setTo}
        required
        autoComplete="off"
        hint="A deposit or invoice address of the sandbox chain"
      />
      <AmountField label="Amount" decimals={18} checked={checked} value={value} onValue={setValue} required />
      <ErrorAlert error={send.error} />
      <LiveStatus>{done}</LiveStatus>
      <button type="submit" disabled={send.busy || codes.length === 0}>
        Send transfer
      </button>
    </Form>
  );
}

function MineForm({ networks }: { networks: string[] }) {
  const [network, setNetwork] = useState('');
  const [blocks, setBlocks] = useState('1');
  const [done, setDone] = useState('');
  const mine = useAction(async () => {
    setDone('');
    const res = await api.post('/admin/sandbox/mine', { body: { network: network || networks[0] || '', blocks: Number(blocks) } });
    setDone(`Mined: ${res.data.network} is at height ${res.data.height}.`);
  });
  return (
    <Form label="Mine blocks" onSubmit={() => mine.run()}>
      <Select
        label="Network"
        value={network || networks[0] || ''}
        onValue={setNetwork}
        options={networks.map((n): [string, string] => [n, n])}
      />
      <Field label="Blocks" type="number" min={1} max={1000} value={blocks} onValue={setBlocks} required />
      <ErrorAlert error={mine.error} />
      <LiveStatus>{done}</LiveStatus>
      <button type="submit" disabled={mine.busy || networks.length === 0}>
        Mine
      </button>
    </Form>
  );
}

function FeeForm({ codes }: { codes: string[] }) {
  const [code, setCode] = useState('');
  const [value, setValue] = useState('');
  const [done, setDone] = useState('');
  const [checked, setChecked] = useState(false);
  const set = useAction(async () => {
    setDone('');
    // Empty: the fee becomes unavailable; anything else is read as the page's language writes numbers.
    const parsed = value.trim() ? parseAmount(value, 18) : null;
    setChecked(parsed !== null);
    if (parsed && !parsed.ok) return;
    const res = await api.put('/admin/sandbox/network-fees', {
      body: { cryptoCurrencyCode: (code || codes[0]) as Code, amount: parsed ? new ExactNumber(parsed.value) : null },
    });
    setDone(
      res.data.amount === null
        ? `${res.data.cryptoCurrencyCode}: network fee unavailable.`
        : `${res.data.cryptoCurrencyCode}: network fee set to ${amount(res.data.amount, res.data.cryptoCurrencyCode)}.`,
    );
  });
  return (
    <Form label="Set a network fee" onSubmit={() => set.run()}>
      <Select label="Fee currency" value={code || codes[0] || ''} onValue={setCode} options={codes.map((c): [string, string] => [c, c])} />
      <AmountField
        label="Network fee"
        decimals={18}
        checked={checked}
        value={value}
        onValue={setValue}
        hint="Empty: unavailable (deposits in it are refused)"
      />
      <ErrorAlert error={set.error} />
      <LiveStatus>{done}</LiveStatus>
      <button type="submit" disabled={set.busy || codes.length === 0}>
        Set network fee
      </button>
    </Form>
  );
}

export function SandboxPage() {
  const { codes, networks } = useCatalogue();
  return (
    <>
      <h1 tabIndex={-1}>Sandbox tools</h1>
      <p>Test money only: these act on the simulated chains of this sandbox installation.</p>
      <div class="grid">
        <Section title="Test transfer">
          <TransferForm codes={codes} />
        </Section>
        <Section title="Mine blocks">
          <MineForm networks={networks} />
        </Section>
        <Section title="Network fee">
          <FeeForm codes={codes} />
        </Section>
      </div>
    </>
  );
}
