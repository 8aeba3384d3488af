// Hot and cold: custody in each network's hot wallet and at its cold address against liabilities;
// per hot wallet what it can spend, what the withdrawal queue needs, what it lacks and how much to
// refill from cold storage; and the moves of its excess to cold storage.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { compare } from '../decimal.ts';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { TxLink } from '../components/tx-link.tsx';
import { amount, dateTime, signedAmount, usd } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { ChainReading } from './parts.tsx';

type Solvency = Data<'get', '/admin/solvency'>[number];
type HotWallet = Data<'get', '/admin/hot-wallets'>[number];
type Level = HotWallet['currencies'][number];
type Move = HotWallet['moves'][number];

/** Operators whose role may ask for a move (the API refuses the others: this only hides the button). */
const MOVERS = ['operator', 'operatorOperations'];

function Custody() {
  // Each reading goes to the chains: read on opening and on request, not polled.
  const solvency = useResource(() => api.get('/admin/solvency'), []);
  const rows = solvency.data?.data.filter((r) => compare(r.custody) !== 0 || compare(r.liabilities) !== 0 || r.status === 'warning');
  return (
    <ChainReading title="Custody: hot and cold" reading={solvency}>
      <DataTable<Solvency>
        caption="Hot and cold custody per currency"
        rows={rows}
        rowKey={(r) => r.cryptoCurrencyCode}
        empty="No currency holds or owes anything yet."
        columns={[
          { label: 'Currency', render: (r) => r.cryptoCurrencyCode },
          { label: 'Hot', class: 'num', render: (r) => amount(r.hot, r.cryptoCurrencyCode) },
          { label: 'Cold', class: 'num', render: (r) => amount(r.cold, r.cryptoCurrencyCode) },
          { label: 'Custody (hot + cold)', class: 'num', render: (r) => amount(r.custody, r.cryptoCurrencyCode) },
          { label: 'Liabilities', class: 'num', render: (r) => amount(r.liabilities, r.cryptoCurrencyCode) },
          { label: 'Difference', class: 'num', render: (r) => signedAmount(r.difference, r.cryptoCurrencyCode) },
          { label: 'Status', render: (r) => <StatusBadge status={r.status} /> },
        ]}
      />
    </ChainReading>
  );
}

function MoveNow({ w, onDone }: { w: HotWallet; onDone(text: string): void }) {
  const move = useAction(async () => {
    await api.post('/admin/hot-wallets/{network}/move-to-cold', { params: { network: w.network } });
    onDone(`Asked: the next round of a worker holding the ${w.network} key moves what lies above the target to cold storage.`);
  });
  return (
    <>
      <button type="button" class="secondary" disabled={move.busy} onClick={() => move.run()}>
        Move excess to cold now
      </button>
      <ErrorAlert error={move.error} />
    </>
  );
}

function Wallet({ w, onChange }: { w: HotWallet; onChange(text: string): void }) {
  const { me } = useSession();
  const cold = w.coldStorage;
  const advice = w.currencies.flatMap((l) => (l.advice ? [l.advice] : []));
  return (
    <Section
      title={`${w.network} hot wallet`}
      actions={cold?.hotMaxUsd != null && MOVERS.includes(me.user.role) ? <MoveNow w={w} onDone={onChange} /> : undefined}
    >
      <Facts
        items={[
          ['Cold address', cold ? <span class="mono wrap">{cold.address}</span> : 'None configured'],
          ['Ceiling', cold?.hotMaxUsd != null ? usd(cold.hotMaxUsd) : 'None: nothing moves by itself'],
          ['Target', cold?.hotTargetUsd != null ? usd(cold.hotTargetUsd) : '—'],
          ['Move asked for', w.moveRequestedAt ? dateTime(w.moveRequestedAt) : '—'],
        ]}
      />
      {advice.length > 0 && (
        <div class="alert warn">
          <ul>
            {advice.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      <DataTable<Level>
        caption={`${w.network} hot wallet levels`}
        rows={w.currencies}
        rowKey={(l) => l.cryptoCurrencyCode}
        empty="Not read yet: a worker holding the hot-wallet key reads it every round."
        columns={[
          { label: 'Currency', render: (l) => l.cryptoCurrencyCode },
          { label: 'Spendable', class: 'num', render: (l) => amount(l.balance, l.cryptoCurrencyCode) },
          { label: 'Queued', class: 'num', render: (l) => amount(l.queued, l.cryptoCurrencyCode) },
          {
            label: 'Lacks',
            class: 'num',
            render: (l) => <span class={compare(l.shortfall) > 0 ? 'bad' : ''}>{amount(l.shortfall, l.cryptoCurrencyCode)}</span>,
          },
          { label: 'Refill from cold', class: 'num', render: (l) => amount(l.refill, l.cryptoCurrencyCode) },
          { label: 'Read', render: (l) => dateTime(l.checkedAt) },
        ]}
      />
      <DataTable<Move>
        caption={`${w.network} moves to cold storage`}
        rows={w.moves}
        rowKey={(m) => m.id}
        empty="No move to cold storage yet."
        columns={[
          { label: 'When', render: (m) => dateTime(m.createdAt) },
          { label: 'Amount', class: 'num', render: (m) => amount(m.amount, m.cryptoCurrencyCode) },
          { label: 'Why', render: (m) => (m.cause === 'ceiling' ? 'Above the ceiling' : 'Asked by an operator') },
          { label: 'Status', render: (m) => <StatusBadge status={m.status} /> },
          { label: 'Transaction', render: (m) => <TxLink hash={m.transactionHash} currency={m.cryptoCurrencyCode} network={m.network} /> },
        ]}
      />
    </Section>
  );
}

export function HotColdPage() {
  const wallets = useResource(() => api.get('/admin/hot-wallets'), [], true);
  const [done, setDone] = useState('');
  const data = wallets.data?.data;
  return (
    <>
      <h1 tabIndex={-1}>Hot and cold</h1>
      <Custody />
      <ErrorAlert error={wallets.error} />
      <LiveStatus>{done || (!data && !wallets.error ? 'Loading…' : '')}</LiveStatus>
      {data?.length === 0 && (
        <p class="muted">
          No hot wallet has been read and no cold storage is configured: set a live network's &lt;NET&gt;_COLD_ADDRESS and
          &lt;NET&gt;_HOT_MAX_USD.
        </p>
      )}
      {data?.map((w) => (
        <Wallet key={w.network} w={w} onChange={(text) => (setDone(text), wallets.reload())} />
      ))}
    </>
  );
}
