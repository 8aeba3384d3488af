// Messages: errors in role=alert, progress and results in a polite live region.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { ApiError } from '../api.ts';

/** An error the API answered, as its message says (the code too, for support); `focus` moves the focus to it when it appears. */
export function ErrorAlert({ error, children, focus = false }: { error?: ApiError | undefined; children?: ComponentChildren; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus && error) ref.current?.focus();
  }, [focus, error]);
  if (!error && !children) return null;
  return (
    <div class="alert error" role="alert" ref={ref} tabIndex={focus ? -1 : undefined}>
      {children ?? (
        <>
          {error!.message} {error!.code.startsWith('exceptions.') && <span class="code">({error!.code})</span>}
        </>
      )}
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
