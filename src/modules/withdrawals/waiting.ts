import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { FeeUnavailableError } from '../../chains/types.ts';
import type { Executor } from '../../lib/db/index.ts';
import { unreachable } from '../../lib/state-machine.ts';
import { WAITING_REASONS, type WaitingDetail, type WaitingReason, type WithdrawalRow } from '../../lib/db/schema.ts';
import { configuredSecrets, secretScrubber } from '../../lib/http/log-redaction.ts';
import { DateTime, Money } from '../../lib/http/schemas.ts';
import { findCurrency, knownCurrency, networkOf } from '../../lib/currencies/catalogue.ts';
import { formatUnits, toJsonNumber } from '../../lib/money.ts';

/** What each reason means. */
const MEANINGS: Record<WaitingReason, string> = {
  hotWalletLow: "the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin)",
  feeUnavailable: 'no network fee could be had to sign it with (no fee quote, or a node that will not price it)',
  noSigner: "no worker holding the network's hot-wallet key has run lately",
  signingFailed: 'the last attempt to sign it failed at the node',
  screening:
    'screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled',
};

/** Why a created withdrawal is not signed yet, as the execution round found it. */
export const WaitingReasonSchema = Type.Union(
  WAITING_REASONS.map((r) => Type.Literal(r)),
  {
    description: `Why it is not signed yet (status created), as the last execution round found it: ${WAITING_REASONS.map((r) => `${r}: ${MEANINGS[r]}`).join('; ')}`,
  },
);

/** The operator's view of a waiting withdrawal's reason. */
export const WaitingSchema = Type.Object({
  reason: WaitingReasonSchema,
  since: DateTime,
  cryptoCurrencyCode: Type.Optional(Type.String({ description: 'hotWalletLow: the currency the hot wallet lacks' })),
  missing: Type.Optional(Money('hotWalletLow: how much of cryptoCurrencyCode it lacks')),
  message: Type.Optional(
    Type.String({ description: "feeUnavailable, signingFailed: the node's or the adapter's words; screening: who flagged it and why" }),
  ),
  action: Type.String({
    description: 'What the operator does about it, in plain words (hotWalletLow: which hot wallet to fund, with what and how much)',
  }),
});
export type WaitingView = Static<typeof WaitingSchema>;

/** What the hot wallet lacks for a payout: the merchant may see it (its own payout waits on it). */
export const ShortfallSchema = Type.Object(
  {
    cryptoCurrencyCode: Type.String({ description: "The payout's currency, or the network's fee coin when the gas is what is short" }),
    amount: Money('How much of it the hot wallet lacks for this payout, exact'),
  },
  { description: "hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it)" },
);

/** A reason the round found, before it is stored. */
export interface Waiting {
  reason: WaitingReason;
  detail?: WaitingDetail;
}

/** Its stored reason while it is created (null otherwise, or before a round looked). */
export function waitingOf(w: WithdrawalRow): WaitingView | null {
  if (w.status !== 'created' || !w.waiting_reason) return null;
  const d = w.waiting_detail ?? {};
  const short = shortfallOf(w);
  return {
    reason: w.waiting_reason,
    since: (w.waiting_since ?? w.updated_at).toISOString(),
    ...(short ? { cryptoCurrencyCode: short.cryptoCurrencyCode, missing: short.amount } : {}),
    ...(d.message !== undefined ? { message: d.message } : {}),
    action: operatorAction(w, w.waiting_reason),
  };
}

/** What a waiting payout's hot wallet lacks (hotWalletLow with its amount stored), else null. */
export function shortfallOf(w: WithdrawalRow): Static<typeof ShortfallSchema> | null {
  const short = missingOf(w);
  return short && { cryptoCurrencyCode: short.currency.code, amount: toJsonNumber(short.units, short.currency.decimals) };
}

function missingOf(w: WithdrawalRow) {
  const d = w.waiting_detail ?? {};
  const currency =
    w.status === 'created' && w.waiting_reason === 'hotWalletLow' && d.cryptoCurrencyCode ? findCurrency(d.cryptoCurrencyCode) : undefined;
  return currency && d.missing !== undefined ? { currency, units: BigInt(d.missing) } : null;
}

/** What the operator does about a waiting payout, in a sentence: what to fund and how much, or what to look at. */
function operatorAction(w: WithdrawalRow, reason: NonNullable<WithdrawalRow['waiting_reason']>): string {
  const network = networkOf(knownCurrency(w.currency_code));
  switch (reason) {
    case 'hotWalletLow': {
      const short = missingOf(w);
      if (!short) return `Fund the ${network.api} hot wallet: it holds less than this payout needs.`;
      const what = `${formatUnits(short.units, short.currency.decimals)} ${short.currency.code}`;
      const gas = short.currency.code !== w.currency_code ? ` (the network's fee coin, for the gas)` : '';
      return `Fund the ${network.api} hot wallet with at least ${what}${gas}: it holds ${what} less than this payout needs. It is signed on the next round after that.`;
    }
    case 'feeUnavailable':
      return `Nothing to fund: check the ${network.api} fee source and node (the message says what failed); it is signed as soon as a fee can be had.`;
    case 'noSigner':
      return `Run a worker holding the ${network.api} hot-wallet key (${network.env}_HOT_WALLET_KEY); until one runs nothing of ${network.api} is signed.`;
    case 'signingFailed':
      return `Read the node's message and check the ${network.api} node; the next round tries again.`;
    case 'screening':
      return 'Screening flagged the destination (the message says who and why): cancel it to give the funds back, or clear the address from the denylist to have it signed on the next round.';
    default:
      return unreachable(reason);
  }
}

/** The reason in a sentence, then what to do about it, for the operator's queue. */
export function waitingText(w: WithdrawalRow): string | null {
  const waiting = waitingOf(w);
  if (!waiting) return null;
  return `${reasonText(waiting).replace(/\.$/, '')}. ${waiting.action}`;
}

function reasonText(waiting: WaitingView): string {
  switch (waiting.reason) {
    case 'hotWalletLow':
      return waiting.missing !== undefined ? `Hot wallet low: ${waiting.missing} ${waiting.cryptoCurrencyCode} missing` : 'Hot wallet low';
    case 'feeUnavailable':
      return `Network fee unavailable${waiting.message ? `: ${waiting.message}` : ''}`;
    case 'noSigner':
      return "No signer: no worker holding the network's hot-wallet key is running";
    case 'signingFailed':
      return `Signing failed${waiting.message ? `: ${waiting.message}` : ''}`;
    case 'screening':
      return `Held by screening${waiting.message ? `: ${waiting.message}` : ''}`;
    default:
      return unreachable(waiting.reason);
  }
}

/**
 * Stores the reason a created withdrawal waits, when it is not what the row says already (the
 * round reads every open withdrawal each time; an unchanged reason writes nothing, so it wakes
 * nothing). `waiting_since` moves only when the reason does.
 */
export async function markWaiting(db: Executor, w: WithdrawalRow, waiting: Waiting): Promise<void> {
  const detail = waiting.detail ?? null;
  if (w.waiting_reason === waiting.reason && JSON.stringify(w.waiting_detail ?? null) === JSON.stringify(detail)) return;
  await db
    .updateTable('withdrawals')
    .set({
      waiting_reason: waiting.reason,
      waiting_detail: detail ? JSON.stringify(detail) : null,
      waiting_since: sql<Date>`case when waiting_reason is not distinct from ${waiting.reason} then waiting_since else now() end`,
    })
    .where('id', '=', w.id)
    .where('status', '=', 'created')
    .execute();
}

/** The reason a signing error gives: the fee, or the node's message (secrets scrubbed, bounded). */
export function waitingFromError(ctx: Pick<AppContext, 'config'>, err: unknown): Waiting {
  const scrub = secretScrubber(configuredSecrets(ctx.config));
  const text = (err as Error)?.message ?? String(err);
  const message = (scrub ? scrub(text) : text).slice(0, 500);
  return { reason: err instanceof FeeUnavailableError ? 'feeUnavailable' : 'signingFailed', detail: { message } };
}

/** A signer's round is recorded at most this often: one row per network, rarely written. */
const SIGNER_BEAT_S = 30;
/** A network without a signer's round for this long has none: its waiting withdrawals say `noSigner`. */
const SIGNER_GONE_S = 300;

/** The networks this round signs for have a signer (now). */
export async function signersSeen(db: Executor, networks: readonly string[]): Promise<void> {
  if (networks.length === 0) return;
  await db
    .insertInto('withdrawal_signers')
    .values(networks.map((network) => ({ network })))
    .onConflict((oc) =>
      oc
        .column('network')
        .doUpdateSet({ seen_at: sql<Date>`now()` })
        .where('withdrawal_signers.seen_at', '<', sql<Date>`now() - make_interval(secs => ${SIGNER_BEAT_S})`),
    )
    .execute();
}

/**
 * Created withdrawals of the networks this installation serves that no signer has run a round for
 * lately (or ever) wait with `noSigner`: any worker's round says so, the keyless ones included,
 * since the signer's own never comes.
 */
export async function markUnsigned(ctx: Pick<AppContext, 'db' | 'config'>): Promise<void> {
  const networks = ctx.config.networks;
  if (networks.length === 0) return;
  await ctx.db
    .updateTable('withdrawals as w')
    .set({ waiting_reason: 'noSigner', waiting_detail: null, waiting_since: sql<Date>`now()` })
    .where('w.status', '=', 'created')
    .where('w.network', 'in', [...networks])
    .where(sql<boolean>`w.waiting_reason is distinct from 'noSigner'`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('withdrawal_signers as s')
            .select('s.network')
            .whereRef('s.network', '=', 'w.network')
            .where('s.seen_at', '>', sql<Date>`now() - make_interval(secs => ${SIGNER_GONE_S})`),
        ),
      ),
    )
    .execute();
}
