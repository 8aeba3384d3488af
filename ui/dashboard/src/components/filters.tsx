// List filters that apply as they change, kept in the URL: a search box that waits for the typing
// to pause, and a From/To pair of days that refuses a From after the To.
import { useEffect, useState } from 'preact/hooks';
import { setQuery, useLocation } from '../router.tsx';
import { Field } from './fields.tsx';

/** How long the typing must pause before the list asks again (each key would be a request). */
const SETTLE_MS = 300;

/** The `search` of the address bar now (the page's own copy may be a render old). */
function searchInUrl(): string {
  return new URLSearchParams(window.location.search).get('search') ?? '';
}

/** A search box whose words become the URL's `search` once the typing pauses, or at once on Enter; a new search starts at page 1. */
export function SearchFilter({ hint }: { hint: string }) {
  const { query } = useLocation();
  const [search, setSearch] = useState(query.get('search') ?? '');
  const apply = () => {
    if (search.trim() !== searchInUrl()) setQuery({ search: search.trim(), page: undefined });
  };
  useEffect(() => {
    const timer = window.setTimeout(apply, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') apply();
  };
  return <Field label="Search" type="search" value={search} onValue={setSearch} onKeyDown={onKeyDown} hint={hint} />;
}

/** What is wrong with a From/To pair of `YYYY-MM-DD` days (which compare as text), said at the field just changed. */
export function rangeError(from: string, to: string, changed: 'from' | 'to'): string | undefined {
  if (!from || !to || from <= to) return undefined;
  return changed === 'from' ? 'From must be on or before To.' : 'To must be on or after From.';
}

/**
 * From and To days, each applied to the URL as it is picked; a From after the To is said at the
 * field and not applied (the list keeps its last good range and asks nothing).
 */
export function DateRange() {
  const { query } = useLocation();
  const [range, setRange] = useState({ from: query.get('from') ?? '', to: query.get('to') ?? '' });
  const [error, setError] = useState<{ field: 'from' | 'to'; text: string } | undefined>();
  const change = (field: 'from' | 'to', value: string) => {
    const next = { ...range, [field]: value };
    setRange(next);
    const text = rangeError(next.from, next.to, field);
    setError(text ? { field, text } : undefined);
    if (!text) setQuery({ from: next.from, to: next.to, page: undefined });
  };
  return (
    <>
      <Field
        label="From"
        type="date"
        value={range.from}
        max={range.to || undefined}
        onValue={(v) => change('from', v)}
        error={error?.field === 'from' ? error.text : undefined}
      />
      <Field
        label="To"
        type="date"
        value={range.to}
        min={range.from || undefined}
        onValue={(v) => change('to', v)}
        error={error?.field === 'to' ? error.text : undefined}
      />
    </>
  );
}
