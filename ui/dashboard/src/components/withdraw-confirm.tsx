// The confirm step of a withdrawal or refund: the quote's fee breakdown, a live expiry countdown,
// the authentication code when the user has 2FA, then POST /v1/withdrawal/commit; an expired quote
// offers Refresh (the same request again).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { currencies } from '../currencies.ts';
import { amount, countdown, usd } from '../format.ts';
import { useAction, useNow, useResource } from '../hooks.ts';
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
  /** Back to the form, as it was filled in. */
  onCancel(): void;
  /** Asks the same quote again (an expired one): the current fee and a new expiry. */
  onRefresh(): Promise<void>;
}

/** An address to check by eye: groups of four in a monospaced font; copied, it has no gaps. */
export function GroupedAddress({ address }: { address: string }) {
  return (
    <span class="address-groups" title={address}>
      {(address.match(/.{1,4}/g) ?? []).map((group, i) => (
        <span key={i}>{group}</span>
      ))}
    </span>
  );
}

/**
 * The quote's lines. The fee is said once, in the withdrawal's currency with its USD value; what
 * the network charges in its own coin is added only when that is another coin (a token's fee).
 */
function breakdown(q: WithdrawalQuote, native: boolean): Array<[string, ComponentChildren]> {
  const code = q.cryptoCurrencyCode;
  const paidAs = native ? '' : `, paid on the network as ${amount(q.fee.feeNative, q.fee.feeCurrency)}`;
  const rows: Array<[string, ComponentChildren]> = [
    ['To address', <GroupedAddress address={q.address} />],
    ['Amount sent', amount(q.amount, code)],
    ['Network fee', `${amount(q.fee.feeInCryptoCurrencyCode, code)} (${usd(q.fee.feeUsd)})${paidAs}`],
    ['Total deducted', amount(q.totalDeduction, code)],
  ];
  if (q.autoConvert) {
    const c = q.autoConvert;
    rows.push([
      'Converted first',
      `${amount(c.fromAmount, c.fromCryptoCurrencyCode)} → ${amount(c.toAmount, c.toCryptoCurrencyCode)} (commission ${amount(c.commission, c.fromCryptoCurrencyCode)})`,
    ]);
  }
  return rows;
}

export function WithdrawConfirm({ quote, verb, onDone, onCancel, onRefresh }: Props) {
  const { me } = useSession();
  const now = useNow();
  const catalogue = useResource(currencies, []);
  const native = catalogue.data?.find((c) => c.code === quote.cryptoCurrencyCode)?.contractAddress === null;
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
  const refresh = useAction(async () => {
    commit.setError(undefined);
    await onRefresh();
  });
  const expired = left <= 0 || commit.error?.code === 'exceptions.withdrawal.quoteExpired';
  return (
    <Form label={verb} onSubmit={() => (expired ? refresh.run() : commit.run())} class="confirm">
      <h2>Check and confirm</h2>
      <Facts items={breakdown(quote, native)} />
      <p class={expired ? 'countdown expired' : 'countdown'} aria-live="off">
        {expired ? 'This quote has expired: refresh it for the current fee.' : `This quote expires in ${countdown(left)}`}
      </p>
      {askCode && !expired && (
        <Field
          label="Authentication code"
          value={code}
          onValue={setCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          hint="From your authenticator app"
        />
      )}
      <ErrorAlert error={refresh.error ?? (expired ? undefined : commit.error)} />
      <div class="actions">
        {expired ? (
          <button type="submit" disabled={refresh.busy}>
            Refresh quote
          </button>
        ) : (
          <button type="submit" disabled={commit.busy}>
            {verb}
          </button>
        )}
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
