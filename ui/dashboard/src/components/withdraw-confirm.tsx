// The confirm step of a withdrawal or refund: the quote's fee breakdown, a live expiry countdown,
// the authentication code when the user has 2FA, then POST /v1/withdrawal/commit.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { amount, countdown, usd } from '../format.ts';
import { useAction, useNow } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { ErrorAlert, Facts } from './feedback.tsx';
import { Field, Form } from './fields.tsx';

/** A withdrawal quote (POST /v1/withdrawal/quote). */
export type WithdrawalQuote = Data<'post', '/v1/withdrawal/quote'>;
/** A committed withdrawal. */
export type Withdrawal = Data<'post', '/v1/withdrawal/commit'>;

interface Props {
  quote: WithdrawalQuote;
  /** "Confirm withdrawal", "Confirm refund". */
  verb: string;
  onDone(withdrawal: Withdrawal): void;
  onCancel(): void;
}

function breakdown(q: WithdrawalQuote): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['To address', q.address],
    ['Amount sent', amount(q.amount, q.cryptoCurrencyCode)],
    ['Network fee', `${amount(q.fee.feeInCryptoCurrencyCode, q.cryptoCurrencyCode)} (${amount(q.fee.feeNative, q.fee.feeCurrency)}, ${usd(q.fee.feeUsd)})`],
    ['Total deducted', amount(q.totalDeduction, q.autoConvert ? q.autoConvert.fromCryptoCurrencyCode : q.cryptoCurrencyCode)],
  ];
  if (q.autoConvert) {
    const c = q.autoConvert;
    rows.push(['Converted first', `${amount(c.fromAmount, c.fromCryptoCurrencyCode)} → ${amount(c.toAmount, c.toCryptoCurrencyCode)} (commission ${amount(c.commission, c.fromCryptoCurrencyCode)})`]);
  }
  return rows;
}

export function WithdrawConfirm({ quote, verb, onDone, onCancel }: Props) {
  const { me } = useSession();
  const now = useNow();
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(me.user.totpEnabled);
  const left = new Date(quote.expiresAt).getTime() - now;
  const commit = useAction(async () => {
    const headers: Record<string, string> = code ? { 'x-totp-code': code.replace(/\s/g, '') } : {};
    try {
      const res = await api.post('/v1/withdrawal/commit', { body: { quoteId: quote.quoteId }, headers });
      onDone(res.data);
    } catch (err) {
      if ((err as { code?: string }).code === 'exceptions.auth.stepUpRequired') setAskCode(true);
      throw err;
    }
  });
  return (
    <Form label={verb} onSubmit={() => commit.run()} class="confirm">
      <h2>Check and confirm</h2>
      <Facts items={breakdown(quote)} />
      <p class={left > 0 ? 'countdown' : 'countdown expired'} aria-live="off">
        {left > 0 ? `This quote expires in ${countdown(left)}` : 'This quote has expired: go back and ask for a new one.'}
      </p>
      {askCode && (
        <Field label="Authentication code" value={code} onValue={setCode} inputMode="numeric" autoComplete="one-time-code" required hint="From your authenticator app" />
      )}
      <ErrorAlert error={commit.error} />
      <div class="actions">
        <button type="submit" disabled={commit.busy || left <= 0}>
          {verb}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
