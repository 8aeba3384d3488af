// Payout policy: what stands between a credential and the money (allowlist, delay, limits,
// approvals), edited by owners. Tightening applies at once; a loosening waits out the delay as a
// pending change, shown with when it takes effect and cancellable by owners until then.
import { useState } from 'preact/hooks';
import { ExactNumber, api, type Data, type RequestBody } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, Facts, LiveStatus, Section } from '../components/feedback.tsx';
import { AmountField, Check, Field, Form } from '../components/fields.tsx';
import { type Decimal, toUnits } from '../decimal.ts';
import { dateTime, usd } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { inputAmount, parseAmount } from '../locale.ts';
import { useSession } from '../session.tsx';

type Policy = Data<'get', '/v1/payout-policy'>;
type Pending = Policy['pending'][number];
type Change = RequestBody<'patch', '/v1/payout-policy'>;
type Limit = 'maxPerWithdrawalUsd' | 'maxPerDayUsd' | 'maxPerDayPerKeyUsd' | 'approvalAboveUsd';

/** Each limit: its label, and what it bounds. */
const LIMITS: Array<[Limit, string, string]> = [
  ['maxPerWithdrawalUsd', 'Most per withdrawal (USD)', 'What one withdrawal may take out, its fee included'],
  ['maxPerDayUsd', 'Most per 24 hours (USD)', 'What all withdrawals of a rolling 24 hours may take out'],
  [
    'maxPerDayPerKeyUsd',
    'Most per 24 hours for each API key (USD)',
    'What the withdrawals one API key commits in a rolling 24 hours may take out',
  ],
  ['approvalAboveUsd', 'Second person approves above (USD)', 'A withdrawal worth more waits for another owner or finance user'],
];

/** A field's value in words: a limit in dollars (none when null), a switch on or off, the delay in hours. */
function valueText(field: string, value: unknown): string {
  if (field === 'allowlistOnly' || field === 'approvalForApiKeys') return value ? 'on' : 'off';
  if (field === 'newAddressDelayHours') return `${String(value)} hours`;
  return value === null ? 'no limit' : usd(value as Decimal);
}

const NAMES: Record<string, string> = {
  allowlistOnly: 'Only address-book addresses',
  newAddressDelayHours: 'Delay',
  approvalForApiKeys: 'API keys’ withdrawals need approval',
  ...Object.fromEntries(LIMITS.map(([f, label]) => [f, label.replace(' (USD)', '')])),
};

/** A field's name in the policy's words. */
const nameOf = (field: string): string => NAMES[field] ?? field;

/** A pending change as one line per field: `Most per withdrawal: no limit`. */
function changeText(changes: Pending['changes']): string {
  return Object.entries(changes)
    .map(([f, v]) => `${NAMES[f] ?? f}: ${valueText(f, v)}`)
    .join('; ');
}

type FormValues = { allowlistOnly: boolean; approvalForApiKeys: boolean; delay: string } & Record<Limit, string>;

function formOf(p: Policy): FormValues {
  const limit = (v: Decimal | null) => (v === null ? '' : inputAmount(v));
  return {
    allowlistOnly: p.allowlistOnly,
    approvalForApiKeys: p.approvalForApiKeys,
    delay: String(p.newAddressDelayHours),
    maxPerWithdrawalUsd: limit(p.maxPerWithdrawalUsd),
    maxPerDayUsd: limit(p.maxPerDayUsd),
    maxPerDayPerKeyUsd: limit(p.maxPerDayPerKeyUsd),
    approvalAboveUsd: limit(p.approvalAboveUsd),
  };
}

/** What the form changes of the policy (only those fields); null while a value cannot be read. */
function changeOf(p: Policy, f: FormValues): Change | null {
  const change: Change = {};
  if (f.allowlistOnly !== p.allowlistOnly) change.allowlistOnly = f.allowlistOnly;
  if (f.approvalForApiKeys !== p.approvalForApiKeys) change.approvalForApiKeys = f.approvalForApiKeys;
  if (!/^\d{1,3}$/.test(f.delay.trim())) return null;
  if (Number(f.delay) !== p.newAddressDelayHours) change.newAddressDelayHours = Number(f.delay);
  for (const [field] of LIMITS) {
    const text = f[field].trim();
    const parsed = text ? parseAmount(text, 2) : null;
    if (parsed && !parsed.ok) return null;
    const now = p[field] === null ? null : toUnits(p[field], 2);
    const next = parsed ? toUnits(parsed.value, 2) : null;
    if (next !== now) (change as Record<string, unknown>)[field] = parsed ? new ExactNumber(parsed.value) : null;
  }
  return change;
}

function PolicyForm({ policy, onSaved }: { policy: Policy; onSaved(p: Policy): void }) {
  const [form, setForm] = useState(() => formOf(policy));
  const [checked, setChecked] = useState(false);
  const set = (patch: Partial<FormValues>) => setForm({ ...form, ...patch });
  const change = changeOf(policy, form);
  const save = useAction(async () => {
    setChecked(true);
    if (!change || Object.keys(change).length === 0) return;
    onSaved((await api.patch('/v1/payout-policy', { body: change })).data);
  });
  return (
    <Form label="Payout policy" onSubmit={() => save.run()}>
      <Check
        label="Withdrawals only to usable addresses of the address book"
        checked={form.allowlistOnly}
        onChecked={(allowlistOnly) => set({ allowlistOnly })}
      />
      <Field
        label="Delay for new addresses and loosenings (hours)"
        value={form.delay}
        onValue={(delay) => set({ delay })}
        inputMode="numeric"
        autoComplete="off"
        hint="0 to 720: how long a new address, or a change that loosens this policy, waits"
        error={checked && !/^\d{1,3}$/.test(form.delay.trim()) ? 'Enter whole hours, 0 to 720.' : undefined}
      />
      {LIMITS.map(([field, label, hint]) => (
        <AmountField
          key={field}
          label={label}
          value={form[field]}
          onValue={(v) => set({ [field]: v })}
          decimals={2}
          checked={checked && form[field].trim() !== ''}
          hint={`${hint}; empty for no limit`}
        />
      ))}
      <Check
        label="Withdrawals committed by API keys need a person’s approval"
        checked={form.approvalForApiKeys}
        onChecked={(approvalForApiKeys) => set({ approvalForApiKeys })}
      />
      <ErrorAlert error={save.error} />
      <div class="actions">
        <button type="submit" disabled={save.busy || (change !== null && Object.keys(change).length === 0)}>
          Save policy
        </button>
      </div>
    </Form>
  );
}

function CancelChange({ change, onDone }: { change: Pending; onDone(p: Policy): void }) {
  const cancel = useAction(async () => onDone((await api.delete('/v1/payout-policy/pending/{id}', { params: { id: change.id } })).data));
  return (
    <>
      <button
        type="button"
        class="secondary"
        disabled={cancel.busy}
        onClick={() => cancel.run()}
        aria-label={`Cancel the change taking effect ${dateTime(change.effectiveAt)}`}
      >
        Cancel
      </button>
      <ErrorAlert error={cancel.error} />
    </>
  );
}

export function PayoutPolicySection() {
  const { can } = useSession();
  const loaded = useResource(() => api.get('/v1/payout-policy'), []);
  const [saved, setSaved] = useState<Policy | undefined>();
  const [done, setDone] = useState('');
  const policy = saved ?? loaded.data?.data;
  const owner = can('payoutPolicy.manage');
  const after = (p: Policy, text: string) => (setSaved(p), setDone(text));
  return (
    <>
      <Section title="Payout policy">
        <ErrorAlert error={loaded.error} />
        <LiveStatus>{done || (policy ? '' : 'Loading…')}</LiveStatus>
        {policy && (
          <Facts
            items={[
              [nameOf('allowlistOnly'), valueText('allowlistOnly', policy.allowlistOnly)],
              ['Delay for new addresses and loosenings', valueText('newAddressDelayHours', policy.newAddressDelayHours)],
              ...LIMITS.map(([f]): [string, string] => [nameOf(f), valueText(f, policy[f])]),
              [nameOf('approvalForApiKeys'), valueText('approvalForApiKeys', policy.approvalForApiKeys)],
            ]}
          />
        )}
      </Section>
      {policy && (
        <Section title="Pending changes">
          <p>A change that loosens the policy takes effect only after the delay; until then an owner can cancel it.</p>
          <DataTable<Pending>
            caption="Pending changes"
            rows={policy.pending}
            rowKey={(c) => c.id}
            empty="No change is pending."
            columns={[
              { label: 'Change', render: (c) => changeText(c.changes) },
              { label: 'Asked by', render: (c) => `${c.requestedBy}, ${dateTime(c.requestedAt)}` },
              { label: 'Takes effect', render: (c) => dateTime(c.effectiveAt) },
              ...(owner
                ? [
                    {
                      label: 'Action',
                      render: (c: Pending) => <CancelChange change={c} onDone={(p) => after(p, 'The pending change was cancelled.')} />,
                    },
                  ]
                : []),
            ]}
          />
        </Section>
      )}
      {policy && owner && (
        <Section title="Change the policy">
          <PolicyForm
            key={JSON.stringify(policy)}
            policy={policy}
            onSaved={(p) => {
              const waiting = p.pending.find((c) => !policy.pending.some((o) => o.id === c.id));
              after(
                p,
                waiting
                  ? `Saved. What loosens the policy takes effect ${dateTime(waiting.effectiveAt)}; the rest applies now.`
                  : 'Saved: the policy applies now.',
              );
            }}
          />
        </Section>
      )}
    </>
  );
}
