// /dashboard/invite#<token>: the invited person chooses a password and is signed in.
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { useAction, useResource } from '../hooks.ts';
import type { Me } from '../session.tsx';
import { navigate } from '../router.tsx';

export function InvitePage({ onSignedIn }: { onSignedIn(me: Me): void }) {
  // The token travels in the fragment, so it never reaches a server log.
  const [token] = useState(() => location.hash.slice(1));
  const invite = useResource(
    () =>
      token
        ? api.get('/auth/invite', { query: { token } })
        : Promise.reject(new ApiError(400, 'exceptions.user.inviteInvalid', 'This invite link is incomplete.')),
    [token],
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const accept = useAction(async () => {
    if (password !== confirm) throw new ApiError(400, 'exceptions.user.passwordMismatch', 'The two passwords differ.');
    const res = await api.post('/auth/invite', { body: { token, password, confirmPassword: confirm } });
    onSignedIn(res.data);
    navigate('/', true);
  });
  const data = invite.data?.data;
  return (
    <main class="auth" id="main">
      <h1>Set your password</h1>
      <ErrorAlert error={invite.error} />
      {data && (
        <p>
          You were invited to <strong>{data.tenantName ?? 'the dashboard'}</strong> as <strong>{data.role}</strong>. Your sign-in email is{' '}
          <strong data-testid="invite-email">{data.email}</strong>.
        </p>
      )}
      {data && (
        <Form label="Set password" onSubmit={() => accept.run()}>
          <input type="email" name="username" value={data.email} autoComplete="username" readOnly hidden />
          <Field
            label="Password"
            type="password"
            value={password}
            onValue={setPassword}
            autoComplete="new-password"
            required
            minLength={12}
            hint="At least 12 characters, hard to guess: several uncommon words work well"
          />
          <Field label="Confirm password" type="password" value={confirm} onValue={setConfirm} autoComplete="new-password" required />
          <ErrorAlert error={accept.error} />
          <LiveStatus>{accept.busy ? 'Setting your password…' : ''}</LiveStatus>
          <button type="submit" disabled={accept.busy}>
            Set password
          </button>
        </Form>
      )}
      {!data && !invite.error && <LiveStatus>Checking the invite…</LiveStatus>}
    </main>
  );
}
