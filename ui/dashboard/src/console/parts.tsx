// Small pieces the console's pages share: ages and block counts with their units, values shown once, paging in the URL.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { CopyValue } from '../components/copy.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { count, short } from '../format.ts';
import { api } from '../api.ts';
import { useAction, useResource, type Resource } from '../hooks.ts';
import { Link, setQuery, useLocation } from '../router.tsx';

/** How many rows a console list asks for at once. */
export const LIMIT = 20;

/** `45 s`, `3 min`, `2 h 5 min`, `3 d`, `1,204 d`: the unit always said, the number grouped by the locale; a dash when unknown. */
export function age(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 120) return `${count(s)} s`;
  const min = Math.floor(s / 60);
  if (min < 120) return `${count(min)} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${count(h)} h ${count(min % 60)} min`;
  return `${count(Math.floor(h / 24))} d`;
}

/** `1 block`, `1,200 blocks`. */
export function blocks(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : `${count(n)} block${n === 1 ? '' : 's'}`;
}

/** The list page in the URL (`?page=2`) and a way to change it. */
export function usePage(): [number, (page: number) => void] {
  const { query } = useLocation();
  return [Number(query.get('page') ?? 1) || 1, (page) => setQuery({ page: page > 1 ? page : undefined }, false)];
}

/** A tenant's name linking to its page. */
export function TenantLink({ id, name }: { id: string | null | undefined; name?: string | null | undefined }) {
  if (!id) return <span class="muted">Operator</span>;
  return <Link href={`/tenants/${id}`}>{name ?? short(id, 8)}</Link>;
}

/** A secret, key or link the API shows once: a warning and a copy button. */
export function ShownOnce({ label, value, children }: { label: string; value: string; children: ComponentChildren }) {
  if (!value) return null;
  return (
    <div class="once">
      <p>{children}</p>
      <CopyValue label={label} value={value} />
    </div>
  );
}

interface ConfirmProps {
  /** The button that asks (`Suspend tenant`). */
  label: string;
  /** Its accessible name when the text alone is ambiguous in a table (`Revoke key cg_1a2b…`). */
  ariaLabel?: string;
  /** What happens, said before it does. */
  question: ComponentChildren;
  /** The button that does it (`Suspend now`). */
  confirm: string;
  keep?: string;
  danger?: boolean;
  onConfirm(): Promise<unknown>;
}

/** A button whose action waits for a second, explicit confirmation (the question takes the focus). */
export function Confirm({ label, ariaLabel, question, confirm, keep = 'Keep', danger = true, onConfirm }: ConfirmProps) {
  const [asking, setAsking] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const action = useAction(async () => {
    await onConfirm();
    setAsking(false);
  });
  useEffect(() => {
    if (asking) box.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" class="secondary" onClick={() => setAsking(true)} aria-label={ariaLabel}>
        {label}
      </button>
    );
  }
  return (
    <div class="confirm" role="group" aria-label={label} tabIndex={-1} ref={box}>
      <div>{question}</div>
      <div class="actions">
        <button type="button" class={danger ? 'danger' : ''} disabled={action.busy} onClick={() => action.run()}>
          {confirm}
        </button>
        <button type="button" class="secondary" disabled={action.busy} onClick={() => setAsking(false)}>
          {keep}
        </button>
      </div>
      <ErrorAlert error={action.error} />
    </div>
  );
}

/** Tenants to choose from (the newest hundred): `[id, name]` pairs for a select. */
export function useTenantOptions(enabled = true): Array<[string, string]> {
  const tenants = useResource(
    () => (enabled ? api.get('/admin/tenants', { query: { page: 1, limit: 100 } }) : Promise.resolve(undefined)),
    [enabled],
  );
  return (tenants.data?.data ?? []).map((t): [string, string] => [t.id, t.name]);
}

/** A section shown from a reading of the chains and the ledger: read on opening and on request (never polled), with its error and progress. */
export function ChainReading<T>({ title, reading, children }: { title: string; reading: Resource<T>; children: ComponentChildren }) {
  return (
    <Section
      title={title}
      actions={
        <button type="button" class="secondary" disabled={reading.loading} onClick={reading.reload}>
          Read again
        </button>
      }
    >
      <ErrorAlert error={reading.error} />
      <LiveStatus>{reading.loading ? 'Reading the chains and the ledger…' : ''}</LiveStatus>
      {children}
    </Section>
  );
}

/**
 * A list's status tabs as links (`base`, then `base?status=…`; the first tab is the list's default),
 * the current one marked, so each status has its own URL.
 */
export function StatusTabs<S extends string>({ base, tabs, current }: { base: string; tabs: Array<[S, string]>; current: S }) {
  return (
    <nav class="sub-nav" aria-label="Status">
      <ul>
        {tabs.map(([status, label], i) => (
          <li key={status}>
            <Link href={i === 0 ? base : `${base}?status=${status}`} aria-current={status === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
