// The signed-in user (GET /auth/me), the selected account and what the role may do.
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { api, configureApi, ApiError, type Data } from './api.ts';

/** The signed-in user, their tenant, accounts and scopes (GET /auth/me). */
export type Me = Data<'get', '/auth/me'>;
import { navigate, BASE } from './router.tsx';

const ACCOUNT_KEY = 'cg.dashboard.account';

/** The session as pages see it. */
export interface Session {
  me: Me;
  /** The account the pages show and act on. */
  accountId: string;
  setAccount(id: string): void;
  /** Whether the role carries a scope (the API is the real guard; this only hides what would fail). */
  can(scope: string): boolean;
  /** Reloads /auth/me (after enabling 2FA, say). */
  refresh(): Promise<void>;
  signOut(everywhere?: boolean): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** The session where there may be none (the sign-in pages share components with the others). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}

function storedAccount(me: Me): string {
  const stored = localStorage.getItem(ACCOUNT_KEY);
  return me.accounts.find((a) => a.id === stored)?.id ?? me.accounts[0]?.id ?? '';
}

/** Sends the browser to the sign-in page, coming back here afterwards. */
export function toLogin(): void {
  const here = location.pathname + location.search;
  const next = here.startsWith(BASE) && !here.startsWith(`${BASE}/login`) ? `?next=${encodeURIComponent(here)}` : '';
  navigate(`/login${next}`, true);
}

/** A signed-in user, from a Me the API answered. */
export function sessionOf(me: Me, setMe: (me: Me | null) => void, accountId: string, setAccountId: (id: string) => void): Session {
  return {
    me,
    accountId,
    setAccount(id) {
      localStorage.setItem(ACCOUNT_KEY, id);
      configureApi({ accountId: id });
      setAccountId(id);
    },
    can: (scope) => me.scopes.includes('*') || me.scopes.includes(scope),
    async refresh() {
      const res = await api.get('/auth/me');
      setMe(res.data);
    },
    async signOut(everywhere = false) {
      await api.post(everywhere ? '/auth/logout-everywhere' : '/auth/logout');
      setMe(null);
      navigate('/login', true);
    },
  };
}

/** Loads the session once; `undefined` while loading, `null` when nobody is signed in. */
export function useMe(): [Me | null | undefined, (me: Me | null) => void, string, (id: string) => void] {
  const [me, setMeState] = useState<Me | null | undefined>(undefined);
  const [accountId, setAccountId] = useState('');
  const setMe = (next: Me | null) => {
    if (next) {
      const account = next.accounts.some((a) => a.id === accountId) ? accountId : storedAccount(next);
      configureApi({ csrfToken: next.csrfToken, accountId: account });
      setAccountId(account);
    }
    setMeState(next);
  };
  useEffect(() => {
    configureApi({
      onSignedOut: () => {
        setMeState(null);
        toLogin();
      },
    });
    // The sign-in, invite and password reset pages need no session (and asking would only log a 401).
    if (/^\/dashboard\/(login|invite|reset-password)\b/.test(location.pathname)) return setMeState(null);
    api.get('/auth/me').then(
      (res) => setMe(res.data),
      (err: unknown) => {
        if (!(err instanceof ApiError && err.status === 401)) console.warn('GET /auth/me failed', err);
        setMeState(null);
      },
    );
  }, []);
  return [me, setMe, accountId, setAccountId];
}

export function SessionProvider({ value, children }: { value: Session; children: ComponentChildren }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
