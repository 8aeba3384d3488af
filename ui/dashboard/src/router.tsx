// A small History API router: paths under /dashboard, filters in the query string.
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Where the dashboard lives; every route below is relative to it. */
export const BASE = '/dashboard';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', notify);

/** The current page: its path below BASE ('/' for the overview), query and fragment. */
export interface Location {
  path: string;
  query: URLSearchParams;
  hash: string;
}

function current(): Location {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) || '/' : '/';
  return {
    path: path.length > 1 ? path.replace(/\/$/, '') : path,
    query: new URLSearchParams(location.search),
    hash: location.hash.slice(1),
  };
}

/** Goes to a dashboard path ('/invoices?status=paid'); `replace` keeps the history entry (filters). */
export function navigate(to: string, replace = false): void {
  const url = to.startsWith(BASE) ? to : BASE + (to === '/' ? '' : to);
  if (url === location.pathname + location.search) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', url);
  notify();
}

/** The current location; re-renders on every navigation. */
export function useLocation(): Location {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((n) => n + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return current();
}

/** Replaces some query values of the current page (empty removes), keeping the rest. */
export function setQuery(values: Record<string, string | number | undefined>, replace = true): void {
  const { path, query } = current();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === '') query.delete(k);
    else query.set(k, String(v));
  }
  const text = query.toString();
  navigate(path + (text ? `?${text}` : ''), replace);
}

/** Matches `/invoices/:id` against a path: the named segments, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, w] of want.entries()) {
    const g = got[i] ?? '';
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g);
    else if (w !== g) return null;
  }
  return params;
}

type AnchorProps = Omit<JSX.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string; children?: ComponentChildren };

/** A link inside the dashboard: a real <a href> (open in a new tab works), routed without reloading. */
export function Link({ href, children, ...rest }: AnchorProps) {
  const url = BASE + (href === '/' ? '' : href);
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <a {...rest} href={url} onClick={onClick}>
      {children}
    </a>
  );
}
