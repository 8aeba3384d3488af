// One webhook delivery opened: what it is about, when it is tried next, and every attempt with
// the exact body it signed and sent and what the receiver answered.
import { api, type Data } from '../api.ts';
import { LOCALE } from '../locale.ts';
import { useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { ErrorAlert, LiveStatus } from './feedback.tsx';

type Detail = Data<'get', '/v1/webhook-deliveries/{id}'>;
type Attempt = Detail['attempts'][number];

/** Attempts are told apart by the second: they can come seconds apart. */
const exact = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });

/** A moment to the second, in the reader's time zone. */
export function preciseTime(iso: string | null | undefined): string {
  return iso ? exact.format(new Date(iso)) : '—';
}

/** The dashboard page of each kind of object events are about (test events have none). */
const PAGES: Record<string, [label: string, path: string]> = {
  invoice: ['Invoice', '/invoices/'],
  deposit: ['Deposit', '/deposits/'],
  withdrawal: ['Withdrawal', '/withdrawals/'],
  conversion: ['Conversion', '/conversions/'],
  x402: ['x402 settlement', '/x402/'],
};

/** What a delivery is about: a link to the object's page, or its kind and id. */
export function ObjectLink({ type, id }: { type: string; id: string }) {
  const page = PAGES[type];
  if (!page) return <span class="mono wrap">{type === 'webhook' ? 'Test event' : `${type} ${id}`}</span>;
  return (
    <Link href={`${page[1]}${encodeURIComponent(id)}`}>
      {page[0]} <span class="mono">{id}</span>
    </Link>
  );
}

/** What the gateway keeps of a receiver's answer or a logged body, in characters. */
const KEPT = 4096;

/** A body as it went over the wire, in a block that scrolls on its own (and takes the keyboard focus to do so). */
export function BodyBlock({ label, text, empty }: { label: string; text: string | null | undefined; empty: string }) {
  return (
    <figure class="body-block">
      <figcaption>
        {label}
        {text && text.length >= KEPT ? ' (its first 4 KB: the rest is not kept)' : ''}
      </figcaption>
      {text ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard to be scrolled.
        <pre tabIndex={0} class="mono">
          {text}
        </pre>
      ) : (
        <p class="muted">{empty}</p>
      )}
    </figure>
  );
}

const OUTCOMES: Record<Attempt['outcome'], string> = {
  delivered: 'delivered',
  retried: 'failed, retried later',
  failed: 'failed, given up',
};

function AttemptItem({ a }: { a: Attempt }) {
  return (
    <li>
      <p class="attempt-head">
        <strong>Attempt {a.n}</strong> · {preciseTime(a.at)} · {a.statusCode ? `HTTP ${a.statusCode}` : 'no answer'} · {a.durationMs} ms ·{' '}
        {OUTCOMES[a.outcome]}
        {a.error && <span class="muted"> · {a.error}</span>}
      </p>
      <BodyBlock label="Request body (as signed)" text={a.requestBody} empty="Not kept for attempts made before this log kept bodies." />
      <BodyBlock
        label="Response body"
        text={a.responseBody}
        empty={a.statusCode ? 'The receiver answered with an empty body.' : 'No answer came back.'}
      />
    </li>
  );
}

/** The attempts of one delivery, oldest first, each with both bodies (the answer's first 4 KB). */
export function DeliveryAttempts({ id }: { id: string }) {
  const detail = useResource(() => api.get('/v1/webhook-deliveries/{id}', { params: { id } }), [id]);
  if (detail.error) return <ErrorAlert error={detail.error} />;
  if (!detail.data) return <LiveStatus>Loading attempts…</LiveStatus>;
  const attempts = detail.data.data.attempts;
  if (attempts.length === 0) return <p class="muted">Not attempted yet.</p>;
  return (
    <ol class="attempts" aria-label="Attempts">
      {attempts.map((a) => (
        <AttemptItem key={a.n} a={a} />
      ))}
    </ol>
  );
}
