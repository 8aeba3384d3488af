// Data on a page: loaded through the API, polled while the tab is visible, backed off while the
// server is away.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.ts';

/** How often an open list or detail asks again. */
export const POLL_MS = 3000;
const MAX_BACKOFF_MS = 30_000;

/** What went wrong, as an ApiError. */
export function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(0, 'client', err instanceof Error ? err.message : String(err));
}

/** A loaded value: the last good data stays while a later load fails. */
export interface Resource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Loads `load()` now and whenever `deps` change; with `poll`, again every 3 s while the tab is
 * visible (document.visibilityState), and after a failure the server may recover from (503, 429,
 * no network) only after 6, 12, … up to 30 s. An error it cannot recover from (403, 404) ends polling.
 */
export function useResource<T>(load: () => Promise<T>, deps: unknown[], poll = false): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let alive = true;
    let failures = 0;
    let timer: number | undefined;
    let missed = false;
    const run = async () => {
      window.clearTimeout(timer);
      let again = poll;
      try {
        const data = await loadRef.current();
        failures = 0;
        if (alive) setState({ data, loading: false });
      } catch (err) {
        const error = asApiError(err);
        if (error.transient) failures++;
        else again = false;
        if (alive) setState((s) => ({ data: s.data, error, loading: false }));
      }
      if (alive && again) timer = window.setTimeout(wake, failures ? Math.min(MAX_BACKOFF_MS, POLL_MS * 2 ** failures) : POLL_MS);
    };
    const wake = () => {
      if (document.visibilityState === 'visible') void run();
      else missed = true;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && missed) {
        missed = false;
        void run();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    setState((s) => ({ ...s, loading: true }));
    void run();
    return () => {
      alive = false;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [...deps, tick]);
  return { data: state.data, error: state.error, loading: state.loading, reload: () => setTick((n) => n + 1) };
}

/** A button's work: busy while it runs, its error kept for a role=alert. */
export function useAction<A extends unknown[], R>(work: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | undefined>();
  const run = async (...args: A): Promise<R | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      return await work(...args);
    } catch (err) {
      setError(asApiError(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, setError };
}

/** The current time, ticking every second (countdowns). */
export function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
