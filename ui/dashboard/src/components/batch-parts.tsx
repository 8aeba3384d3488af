// The parts of the batch pages: a batch's totals per currency, and an upload's rows as checked
// (each with what the quote charges, or why it was refused).
import { useState } from 'preact/hooks';
import type { Data } from '../api.ts';
import type { BatchRow } from '../batch-rows.ts';
import { amount, count } from '../format.ts';
import { DataTable } from './data-table.tsx';
import { Check } from './fields.tsx';

/** A batch quote (POST /v1/withdrawal/batch/quote). */
export type BatchQuote = Data<'post', '/v1/withdrawal/batch/quote'>;
/** What a batch's items of one currency add up to. */
export type CurrencyTotal = BatchQuote['totals'][number];
type QuotedItem = BatchQuote['items'][number];

/** Each currency's payouts, amount, network fees and the total debited from its balance. */
export function TotalsTable({ caption, totals }: { caption: string; totals: CurrencyTotal[] }) {
  return (
    <DataTable
      caption={caption}
      rows={totals}
      rowKey={(t) => t.cryptoCurrencyCode}
      empty="Nothing yet."
      columns={[
        { label: 'Currency', render: (t) => t.cryptoCurrencyCode },
        { label: 'Payouts', class: 'num', render: (t) => count(t.items) },
        { label: 'Amount', class: 'num', render: (t) => amount(t.amount, t.cryptoCurrencyCode) },
        { label: 'Network fees', class: 'num', render: (t) => amount(t.fee, t.cryptoCurrencyCode) },
        { label: 'Total debited', class: 'num', render: (t) => amount(t.totalDeduction, t.cryptoCurrencyCode) },
      ]}
    />
  );
}

/** A row of the upload with what the check found: its quote, or why it cannot be sent. */
export interface CheckedRow extends BatchRow {
  quoted?: QuotedItem;
  refusal?: string;
}

/** What a row's check found, in words. */
function result(r: CheckedRow) {
  const why = r.problem ?? r.refusal;
  if (why) return <span class="refused">Refused: {why}</span>;
  return r.quoted ? <span class="good">Quoted</span> : <span class="good">OK</span>;
}

/** The upload's rows as checked; with refusals, a switch shows those alone. */
export function CheckedRows({ rows }: { rows: CheckedRow[] }) {
  const refused = rows.filter((r) => r.problem ?? r.refusal).length;
  const [onlyRefused, setOnlyRefused] = useState(false);
  const shown = onlyRefused ? rows.filter((r) => r.problem ?? r.refusal) : rows;
  return (
    <>
      {refused > 0 && (
        <Check label={`Show only the ${refused} refused row${refused === 1 ? '' : 's'}`} checked={onlyRefused} onChecked={setOnlyRefused} />
      )}
      <DataTable
        caption="Rows of the file"
        rows={shown}
        rowKey={(r) => String(r.line)}
        columns={[
          { label: 'Line', class: 'num', render: (r) => r.line },
          { label: 'Currency', render: (r) => r.currency || '—' },
          { label: 'To', render: (r) => <span class="mono wrap">{r.address || '—'}</span> },
          { label: 'Amount', class: 'num', render: (r) => (r.problem ? r.amount || '—' : amount(r.amount, r.currency)) },
          { label: 'Order id', render: (r) => <span class="mono wrap">{r.orderId || '—'}</span> },
          {
            label: 'Network fee',
            class: 'num',
            render: (r) => (r.quoted ? amount(r.quoted.fee.feeInCryptoCurrencyCode, r.currency) : '—'),
          },
          { label: 'Check', render: result },
        ]}
      />
    </>
  );
}
