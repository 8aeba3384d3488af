// /dashboard/reset-password#<token>: the link an operator issued; the person chooses a new password,
// every session of theirs ends, and they sign in with it (two-factor still asked, if on).
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { useAction, useResource } from '../hooks.ts';
import { Link } from '../router.tsx';

export function ResetPasswordPage() {
  // The token travels in the fragment, so it never reaches a server log.
  const [token] = useState(() => location.hash.slice(1));
  const reset = useResource(
    () =>
      token
        ? api.get('/auth/password-reset', { query: { token } })
        : Promise.reject(new ApiError(400, 'exceptions.user.resetInvalid', 'This password reset link is incomplete.')),
    [token],
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const save = useAction(async () => {
    if (password !== confirm) throw new ApiError(400, 'exceptions.user.passwordMismatch', 'The two passwords differ.');
    await api.post('/auth/password-reset', { body: { token, password, confirmPassword: confirm } });
    setDone(true);
  });
  const data = reset.data?.data;
  return (
    <main class="auth" id="main">
      <h1>Choose a new password</h1>
      {done ? (
        <>
          <LiveStatus>Your new password is set, and every earlier session of yours is signed out.</LiveStatus>
          <p>
            <Link href="/login">Sign in with your new password</Link>
          </p>
        </>
      ) : (
        <>
          <ErrorAlert error={reset.error} />
          {data && (
            <p>
              For <strong data-testid="reset-email">{data.email}</strong>
              {data.tenantName ? (
                <>
                  {' '}
                  at <strong>{data.tenantName}</strong>
                </>
              ) : null}
              . The link works once; signing in afterwards asks for your authenticator code if two-factor authentication is on.
            </p>
          )}
          {data && (
            <Form label="Set a new password" onSubmit={() => save.run()}>
              <input type="email" name="username" value={data.email} autoComplete="username" readOnly hidden />
              <Field
                label="New password"
                type="password"
                value={password}
                onValue={setPassword}
                autoComplete="new-password"
                required
                minLength={12}
                hint="At least 12 characters, hard to guess: several uncommon words work well"
              />
              <Field
                label="Confirm new password"
                type="password"
                value={confirm}
                onValue={setConfirm}
                autoComplete="new-password"
                required
              />
              <ErrorAlert error={save.error} />
              <LiveStatus>{save.busy ? 'Setting your password…' : ''}</LiveStatus>
              <button type="submit" disabled={save.busy}>
                Set new password
              </button>
            </Form>
          )}
          {!data && !reset.error && <LiveStatus>Checking the link…</LiveStatus>}
        </>
      )}
    </main>
  );
}
