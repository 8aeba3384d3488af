// /dashboard/login: email and password, then the authentication code (or a recovery code) when the user has 2FA.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { useAction } from '../hooks.ts';
import { BASE, navigate, useLocation } from '../router.tsx';
import type { Me } from '../session.tsx';

/** Where to go after signing in: the page that sent us here, if it is a dashboard page. */
function nextPage(query: URLSearchParams): string {
  const next = query.get('next') ?? '';
  return next.startsWith(`${BASE}/`) && !next.startsWith('//') ? next : '/';
}

export function LoginPage({ onSignedIn }: { onSignedIn(me: Me): void }) {
  const { query } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  // A lost authenticator: one of the recovery codes instead of its code.
  const [recovery, setRecovery] = useState(false);
  const codeBox = useRef<HTMLDivElement>(null);
  const second = () => (recovery ? { recoveryCode: code.trim() } : { totpCode: code.replace(/\s/g, '') });
  const signIn = useAction(async () => {
    try {
      const res = await api.post('/auth/login', { body: { email: email.trim(), password, ...(needCode ? second() : {}) } });
      onSignedIn(res.data);
      navigate(nextPage(query), true);
    } catch (err) {
      if ((err as { code?: string }).code !== 'exceptions.auth.secondFactorRequired') throw err;
      setNeedCode(true);
    }
  });
  useEffect(() => {
    if (needCode) codeBox.current?.querySelector('input')?.focus();
  }, [needCode, recovery]);
  return (
    <main class="auth" id="main">
      <h1>Sign in</h1>
      <Form label="Sign in" onSubmit={() => signIn.run()}>
        <Field label="Email" type="email" value={email} onValue={setEmail} autoComplete="username" required />
        <Field label="Password" type="password" value={password} onValue={setPassword} autoComplete="current-password" required />
        {needCode && (
          <div ref={codeBox}>
            {recovery ? (
              <Field
                key="recovery"
                label="Recovery code"
                value={code}
                onValue={setCode}
                autoComplete="off"
                spellcheck={false}
                required
                hint="One of the codes you saved when you turned on two-factor authentication; each works once"
              />
            ) : (
              <Field
                key="totp"
                label="Authentication code"
                value={code}
                onValue={setCode}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                hint="The 6-digit code from your authenticator app"
              />
            )}
            <button type="button" class="secondary" onClick={() => (setRecovery(!recovery), setCode(''))}>
              {recovery ? 'Use the authenticator app instead' : 'Lost your authenticator? Use a recovery code'}
            </button>
          </div>
        )}
        <ErrorAlert error={signIn.error} />
        <LiveStatus>
          {signIn.busy
            ? 'Signing in…'
            : needCode
              ? `Two-factor authentication is on: enter ${recovery ? 'a recovery code' : 'your code'}.`
              : ''}
        </LiveStatus>
        <button type="submit" disabled={signIn.busy}>
          Sign in
        </button>
      </Form>
    </main>
  );
}
