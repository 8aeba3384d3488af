// Messages: errors in role=alert, progress and results in a polite live region.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { ApiError } from '../api.ts';
import { plainError } from '../errors.ts';
import { useOptionalSession } from '../session.tsx';

/**
 * An error the API answered, in plain words (errors.ts), its code kept in data-code for support;
 * `focus` moves the focus to it when it appears. An error about one of `fields` is left to that
 * field, which says it itself.
 */
export function ErrorAlert({
  error,
  children,
  focus = false,
  fields = [],
}: {
  error?: ApiError | undefined;
  children?: ComponentChildren;
  focus?: boolean;
  fields?: string[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  const role = useOptionalSession()?.me.user.role;
  const plain = error ? plainError(error, { role }) : undefined;
  const atField = plain?.field !== undefined && fields.includes(plain.field);
  useEffect(() => {
    if (focus && error && !atField) ref.current?.focus();
  }, [focus, error, atField]);
  if ((!error || atField) && !children) return null;
  return (
    <div class="alert error" role="alert" ref={ref} tabIndex={focus ? -1 : undefined} data-code={error?.code}>
      {children ?? plain?.text}
    </div>
  );
}

/** Polite announcements of async results ("Saved", "Loading…"); always rendered so it is announced. */
export function LiveStatus({ children, class: className = '' }: { children?: ComponentChildren; class?: string }) {
  return (
    <p class={`live ${className}`} role="status" aria-live="polite">
      {children}
    </p>
  );
}

/** A status as a coloured label (the colour only repeats the word). */
export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge s-${status}`}>{status.replace(/_/g, ' ')}</span>;
}

/** A titled block of a page. */
export function Section({ title, children, actions }: { title: string; children?: ComponentChildren; actions?: ComponentChildren }) {
  const id = useId();
  return (
    <section class="panel" aria-labelledby={id}>
      <div class="panel-head">
        <h2 id={id}>{title}</h2>
        {actions && <div class="actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** Label / value pairs. */
export function Facts({ items }: { items: Array<[string, ComponentChildren]> }) {
  return (
    <dl class="facts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
