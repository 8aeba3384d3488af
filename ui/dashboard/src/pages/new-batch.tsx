// Upload a batch: a CSV file (or pasted rows) → every row checked, here and by the batch quote,
// each refusal said at its row → the totals with fees per currency → commit (the API asks for the
// authenticator code when the user has one: the step-up dialog) → the batch's page.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ExactNumber, api, type ApiError } from '../api.ts';
import { MAX_ROWS, readBatch, refusalsByRow, type BatchRow } from '../batch-rows.ts';
import { CheckedRows, TotalsTable, type BatchQuote, type CheckedRow } from '../components/batch-parts.tsx';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { Form } from '../components/fields.tsx';
import { count, countdown } from '../format.ts';
import { asApiError, useAction, useNow } from '../hooks.ts';
import { Link, navigate } from '../router.tsx';

/** What checking the rows found. */
interface Checked {
  /** What makes the whole file unreadable. */
  fileError?: string;
  rows: CheckedRow[];
  /** The quote, when every row was sent and none refused. */
  quote?: BatchQuote;
  /** A refusal of the whole batch (a balance short, a daily limit, the service away). */
  error?: ApiError;
}

/** Reads the rows, sends those that can be sent to the batch quote and puts its answer at each row. */
async function check(text: string): Promise<Checked> {
  const read = readBatch(text);
  if (!read.ok) return { fileError: read.message, rows: [] };
  const { rows } = read;
  const sent = rows.flatMap((r, i) => (r.problem ? [] : [i]));
  if (sent.length === 0) return { rows };
  const items = sent.map((i) => itemOf(rows[i] as BatchRow));
  try {
    const quote = (await api.post('/v1/withdrawal/batch/quote', { body: { items } })).data;
    const quoted = new Map(quote.items.map((q) => [sent[q.index], q]));
    const checked = rows.map((r, i) => ({ ...r, quoted: quoted.get(i) }));
    // Rows that could not be sent make the quote a part of the file: it is not offered.
    return sent.length === rows.length ? { rows: checked, quote } : { rows: checked };
  } catch (err) {
    const error = asApiError(err);
    const refusals = refusalsByRow(error, sent, rows);
    if (!refusals) return { rows, error };
    return { rows: rows.map((r, i) => ({ ...r, refusal: refusals.get(i) })) };
  }
}

function itemOf(row: BatchRow) {
  return {
    cryptoCurrencyCode: row.currency,
    address: row.address,
    amount: new ExactNumber(row.amount),
    ...(row.orderId ? { orderId: row.orderId } : {}),
  };
}

/** The file: chosen (its text shown) or pasted; "Check rows" sends it to be checked. */
function RowsForm({ text, onText, onCheck, busy }: { text: string; onText(text: string): void; onCheck(): void; busy: boolean }) {
  const [fileError, setFileError] = useState<string | undefined>();
  const file = useRef<HTMLInputElement>(null);
  const pick = async (file: File | undefined) => {
    setFileError(undefined);
    if (!file) return;
    try {
      onText(await file.text());
    } catch {
      setFileError(`${file.name} cannot be read.`);
    }
  };
  return (
    <Form label="Batch rows" onSubmit={onCheck}>
      <p id="batch-format" class="hint">
        One payout a row, up to {count(MAX_ROWS)}: <code>currency,address,amount,orderId</code>. A first row with these names is a header
        (any column order); orderId is optional and keeps a payout from being sent twice. Amounts are plain decimals with a point (12.5); a
        file from a spreadsheet that separates with semicolons is read too.
      </p>
      <div class="field">
        <label for="batch-file">CSV file</label>
        <input
          id="batch-file"
          ref={file}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={fileError ? 'batch-format batch-file-error' : 'batch-format'}
          onChange={(e) => void pick(e.currentTarget.files?.[0])}
        />
        {fileError && (
          <small id="batch-file-error" class="field-error">
            {fileError}
          </small>
        )}
      </div>
      <div class="field">
        <label for="batch-text">Rows (choose a file above, or paste them here)</label>
        <textarea
          id="batch-text"
          class="mono"
          rows={8}
          value={text}
          spellcheck={false}
          autoComplete="off"
          onInput={(e) => {
            // Rows typed or pasted are no longer the chosen file's.
            if (file.current) file.current.value = '';
            onText(e.currentTarget.value);
          }}
        />
      </div>
      <div class="actions">
        <button type="submit" disabled={busy || text.trim() === ''}>
          Check rows
        </button>
        <Link class="button secondary" href="/batches">
          Back to batch payouts
        </Link>
      </div>
    </Form>
  );
}

/** What the check found: a summary that takes the focus, the totals, the rows and, when all passed, the commit. */
function CheckResult({ checked, onRecheck }: { checked: Checked; onRecheck(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow();
  const commit = useAction(async (batchQuoteId: string) => {
    const res = await api.post('/v1/withdrawal/batch/commit', { body: { batchQuoteId } });
    navigate(`/batches/${res.data.id}`);
  });
  useEffect(() => {
    heading.current?.focus();
  }, [checked]);
  const { rows, quote } = checked;
  const refused = rows.filter((r) => r.problem ?? r.refusal).length;
  const expired =
    quote !== undefined && (new Date(quote.expiresAt).getTime() <= now || commit.error?.code === 'exceptions.withdrawal.quoteExpired');
  return (
    <section class="panel" aria-labelledby="batch-check">
      <h2 id="batch-check" tabIndex={-1} ref={heading}>
        {quote ? `${count(rows.length)} payouts quoted` : 'Not quoted'}
      </h2>
      <ErrorAlert error={checked.error}>{checked.fileError}</ErrorAlert>
      {refused > 0 && (
        <p class="alert error">
          {count(refused)} of {count(rows.length)} rows refused. Nothing can be committed while a row is refused: correct the file and check
          it again.
        </p>
      )}
      {quote && (
        <>
          <TotalsTable caption="Totals per currency" totals={quote.totals} />
          <p class={expired ? 'countdown expired' : 'countdown'} aria-live="off">
            {expired
              ? 'This quote has expired: quote again for the current fees.'
              : `The fees hold for ${countdown(new Date(quote.expiresAt).getTime() - now)}`}
          </p>
        </>
      )}
      {rows.length > 0 && <CheckedRows rows={rows} />}
      {quote && (
        <Form label="Commit the batch" onSubmit={() => (expired ? onRecheck() : commit.run(quote.batchQuoteId))}>
          <ErrorAlert error={expired ? undefined : commit.error} focus />
          <div class="actions">
            <button type="submit" disabled={commit.busy}>
              {expired ? 'Quote again' : `Commit ${count(rows.length)} payouts`}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

export function NewBatchPage() {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | undefined>();
  // Each check is a new result (a commit's refusal of the one before is not this one's).
  const [round, setRound] = useState(0);
  const run = useAction(async () => {
    setChecked(await check(text));
    setRound((n) => n + 1);
  });
  // Changed rows are not what was checked: their result goes until they are checked again.
  const onText = (value: string) => {
    setText(value);
    setChecked(undefined);
  };
  return (
    <>
      <h1 tabIndex={-1}>Upload a batch</h1>
      <div class="stack">
        <RowsForm text={text} onText={onText} onCheck={() => run.run()} busy={run.busy} />
        <LiveStatus>{run.busy ? 'Checking the rows…' : ''}</LiveStatus>
        <ErrorAlert error={run.error} />
        {checked && <CheckResult key={round} checked={checked} onRecheck={() => run.run()} />}
      </div>
    </>
  );
}
