// Convert between two balances: a live preview as you type, then quote → confirm (rate and
// commission; Refresh once expired; Cancel back to the filled form) → commit.
import { useEffect, useState } from 'preact/hooks';
import { ExactNumber, api, type Data, type RequestBody } from '../api.ts';
import { ErrorAlert, Facts, LiveStatus } from '../components/feedback.tsx';
import { AmountField, Form, Select } from '../components/fields.tsx';
import { currencies } from '../currencies.ts';
import { type Decimal, fromUnits, ratio, toUnits } from '../decimal.ts';
import { fieldError } from '../errors.ts';
import { amount, countdown } from '../format.ts';
import { asApiError, useAction, useNow, useResource } from '../hooks.ts';
import { parseAmount } from '../locale.ts';
import { navigate } from '../router.tsx';
import { useSession } from '../session.tsx';
import type { ApiError } from '../api.ts';

type Code = RequestBody<'post', '/v1/converting/preview'>['fromCryptoCurrencyCode'];
type Quote = Data<'post', '/v1/converting/quote'>;
type Pair = { from: string; to: string; value: string };
/** What a conversion's price says: from, to and the commission inside from. */
type Priced = Pick<Quote, 'fromAmount' | 'toAmount' | 'commission' | 'fromCryptoCurrencyCode' | 'toCryptoCurrencyCode'>;

/**
 * The rate a price converts at, the commission set aside (`1 USDT_TRC20 = 0.9999 USDC_BASE`):
 * worked out from the exact decimals, not through doubles. `decimals` is the source currency's.
 */
export function rateOf(p: Priced, decimals: number): string {
  const from = toUnits(p.fromAmount, decimals);
  const commission = toUnits(p.commission, decimals);
  const converted = from !== null && commission !== null ? fromUnits(from - commission, decimals) : null;
  const rate = converted ? ratio(p.toAmount, converted) : null;
  return rate ? `1 ${p.fromCryptoCurrencyCode} = ${amount(rate, p.toCryptoCurrencyCode)}` : '—';
}

/** The lines of a conversion people check before they confirm, and read afterwards. */
export function conversionFacts(p: Priced, decimals: number): Array<[string, string]> {
  return [
    ['You give', amount(p.fromAmount, p.fromCryptoCurrencyCode)],
    ['Commission (inside what you give)', amount(p.commission, p.fromCryptoCurrencyCode)],
    ['Rate', rateOf(p, decimals)],
    ['You receive', amount(p.toAmount, p.toCryptoCurrencyCode)],
  ];
}

/** The preview of a pair and amount, asked 400 ms after the last keystroke (an amount that cannot be read asks nothing). */
function usePreview({ from, to, value }: Pair, decimals: number) {
  const [preview, setPreview] = useState<{ toAmount?: Decimal; error?: ApiError; busy: boolean }>({ busy: false });
  useEffect(() => {
    const parsed = parseAmount(value, decimals);
    if (!from || !to || from === to || !parsed.ok) return setPreview({ busy: false });
    setPreview((p) => ({ ...p, busy: true }));
    let alive = true;
    const timer = window.setTimeout(() => {
      const body = { fromCryptoCurrencyCode: from as Code, toCryptoCurrencyCode: to as Code, fromAmount: new ExactNumber(parsed.value) };
      api.post('/v1/converting/preview', { body }).then(
        (res) => alive && setPreview({ toAmount: res.data.toAmount, busy: false }),
        (err: unknown) => alive && setPreview({ error: asApiError(err), busy: false }),
      );
    }, 400);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [from, to, value, decimals]);
  return preview;
}

function ConfirmConversion({
  quote,
  decimals,
  onCancel,
  onRefresh,
}: {
  quote: Quote;
  decimals: number;
  onCancel(): void;
  onRefresh(): Promise<void>;
}) {
  const now = useNow();
  const left = new Date(quote.expiresAt).getTime() - now;
  const commit = useAction(async () => {
    const res = await api.post('/v1/converting/commit', { body: { quoteId: quote.quoteId } });
    navigate(`/conversions/${res.data.id}`);
  });
  const refresh = useAction(async () => {
    commit.setError(undefined);
    await onRefresh();
  });
  const expired = left <= 0 || commit.error?.code === 'exceptions.converting.quoteExpired';
  return (
    <Form label="Confirm conversion" onSubmit={() => (expired ? refresh.run() : commit.run())} class="confirm">
      <h2>Check and confirm</h2>
      <Facts items={conversionFacts(quote, decimals)} />
      <p class={expired ? 'countdown expired' : 'countdown'}>
        {expired ? 'This quote has expired: refresh it for the current rate.' : `This quote expires in ${countdown(left)}`}
      </p>
      <ErrorAlert error={refresh.error ?? (expired ? undefined : commit.error)} />
      <div class="actions">
        <button type="submit" disabled={commit.busy || refresh.busy}>
          {expired ? 'Refresh quote' : 'Confirm conversion'}
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
  const [checked, setChecked] = useState(false);
  const from = pair.from || codes[0]?.[0] || '';
  const to = pair.to || codes.find(([c]) => c !== from)?.[0] || '';
  const decimals = list.data?.find((c) => c.code === from)?.decimalPlaces ?? 18;
  const preview = usePreview({ from, to, value: pair.value }, decimals);
  const [quoted, setQuoted] = useState<{ quote: Quote; decimal: string } | undefined>();
  const request = async (decimal: string) => {
    const body = { fromCryptoCurrencyCode: from as Code, toCryptoCurrencyCode: to as Code, fromAmount: new ExactNumber(decimal) };
    return (await api.post('/v1/converting/quote', { body })).data;
  };
  const ask = useAction(async () => {
    setChecked(true);
    const parsed = parseAmount(pair.value, decimals);
    if (parsed.ok) setQuoted({ quote: await request(parsed.value), decimal: parsed.value });
  });
  const error = ask.error ?? preview.error;
  return (
    <>
      <h1 tabIndex={-1}>Convert</h1>
      <div class="narrow">
        {quoted ? (
          <ConfirmConversion
            quote={quoted.quote}
            decimals={decimals}
            onCancel={() => setQuoted(undefined)}
            onRefresh={async () => setQuoted({ ...quoted, quote: await request(quoted.decimal) })}
          />
        ) : (
          <Form label="Convert" onSubmit={() => ask.run()}>
            <ErrorAlert error={list.error} />
            <Select label="From" value={from} onValue={(v) => setPair({ ...pair, from: v })} options={codes} />
            <Select label="To" value={to} onValue={(v) => setPair({ ...pair, to: v })} options={codes} />
            <AmountField
              label="Amount to convert"
              decimals={decimals}
              checked={checked}
              value={pair.value}
              onValue={(v) => setPair({ ...pair, value: v })}
              required
              error={fieldError(error, 'fromAmount')}
              hint={`In ${from}, the commission included`}
            />
            <LiveStatus class="preview">
              {preview.busy ? 'Pricing…' : preview.toAmount !== undefined ? `You receive about ${amount(preview.toAmount, to)}` : ''}
            </LiveStatus>
            <ErrorAlert error={error} fields={['fromAmount']} />
            <button type="submit" disabled={ask.busy || from === to}>
              Get quote
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
