// Convert between two balances: a live preview as you type, then quote → confirm → commit.
import { useEffect, useState } from 'preact/hooks';
import { api, type Data, type RequestBody } from '../api.ts';
import { ErrorAlert, Facts, LiveStatus } from '../components/feedback.tsx';
import { Field, Form, Select } from '../components/fields.tsx';
import { currencies } from '../currencies.ts';
import { amount, countdown } from '../format.ts';
import { asApiError, useAction, useNow, useResource } from '../hooks.ts';
import { navigate } from '../router.tsx';
import { useSession } from '../session.tsx';
import type { ApiError } from '../api.ts';

type Code = RequestBody<'post', '/v1/converting/preview'>['fromCryptoCurrencyCode'];
type Quote = Data<'post', '/v1/converting/quote'>;
type Pair = { from: string; to: string; value: string };

/** The preview of a pair and amount, asked 400 ms after the last keystroke. */
function usePreview({ from, to, value }: Pair) {
  const [preview, setPreview] = useState<{ toAmount?: number; error?: ApiError; busy: boolean }>({ busy: false });
  useEffect(() => {
    const fromAmount = Number(value);
    if (!from || !to || from === to || !(fromAmount > 0)) return setPreview({ busy: false });
    setPreview((p) => ({ ...p, busy: true }));
    let alive = true;
    const timer = window.setTimeout(() => {
      const body = { fromCryptoCurrencyCode: from as Code, toCryptoCurrencyCode: to as Code, fromAmount };
      api.post('/v1/converting/preview', { body }).then(
        (res) => alive && setPreview({ toAmount: res.data.toAmount, busy: false }),
        (err: unknown) => alive && setPreview({ error: asApiError(err), busy: false }),
      );
    }, 400);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [from, to, value]);
  return preview;
}

function ConfirmConversion({ quote, onCancel }: { quote: Quote; onCancel(): void }) {
  const now = useNow();
  const left = new Date(quote.expiresAt).getTime() - now;
  const commit = useAction(async () => {
    const res = await api.post('/v1/converting/commit', { body: { quoteId: quote.quoteId } });
    navigate(`/conversions/${res.data.id}`);
  });
  return (
    <Form label="Confirm conversion" onSubmit={() => commit.run()} class="confirm">
      <h2>Check and confirm</h2>
      <Facts items={[['You give', amount(quote.fromAmount, quote.fromCryptoCurrencyCode)], ['You receive', amount(quote.toAmount, quote.toCryptoCurrencyCode)]]} />
      <p class={left > 0 ? 'countdown' : 'countdown expired'}>{left > 0 ? `This quote expires in ${countdown(left)}` : 'This quote has expired: go back and ask for a new one.'}</p>
      <ErrorAlert error={commit.error} />
      <div class="actions">
        <button type="submit" disabled={commit.busy || left <= 0}>
          Confirm conversion
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function ConvertPage() {
  const { accountId } = useSession();
  const list = useResource(currencies, [accountId]);
  const codes = (list.data ?? []).map((c): [string, string] => [c.code, `${c.code} · ${c.network}`]);
  const [pair, setPair] = useState<Pair>({ from: '', to: '', value: '' });
  const from = pair.from || codes[0]?.[0] || '';
  const to = pair.to || codes.find(([c]) => c !== from)?.[0] || '';
  const preview = usePreview({ from, to, value: pair.value });
  const [quote, setQuote] = useState<Quote | undefined>();
  const ask = useAction(async () => {
    const body = { fromCryptoCurrencyCode: from as Code, toCryptoCurrencyCode: to as Code, fromAmount: Number(pair.value) };
    setQuote((await api.post('/v1/converting/quote', { body })).data);
  });
  return (
    <>
      <h1 tabIndex={-1}>Convert</h1>
      <div class="narrow">
        {quote ? (
          <ConfirmConversion quote={quote} onCancel={() => setQuote(undefined)} />
        ) : (
          <Form label="Convert" onSubmit={() => ask.run()}>
            <ErrorAlert error={list.error} />
            <Select label="From" value={from} onValue={(v) => setPair({ ...pair, from: v })} options={codes} />
            <Select label="To" value={to} onValue={(v) => setPair({ ...pair, to: v })} options={codes} />
            <Field label="Amount to convert" type="number" step="any" min="0" value={pair.value} onValue={(v) => setPair({ ...pair, value: v })} required hint={from} />
            <LiveStatus class="preview">{preview.busy ? 'Pricing…' : preview.toAmount !== undefined ? `You receive about ${amount(preview.toAmount, to)}` : ''}</LiveStatus>
            <ErrorAlert error={preview.error ?? ask.error} />
            <button type="submit" disabled={ask.busy || from === to}>
              Get quote
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
