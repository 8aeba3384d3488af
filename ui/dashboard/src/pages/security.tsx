// The signed-in user's own security: password change, two-factor authentication and its recovery codes.
import { useState } from 'preact/hooks';
import { api, ApiError, type Data } from '../api.ts';
import { CopyValue } from '../components/copy.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { RecoveryCodesLeft, ShownRecoveryCodes } from '../components/recovery-codes.tsx';
import { useAction } from '../hooks.ts';
import { useSession } from '../session.tsx';

function PasswordForm() {
  const { me } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState('');
  const change = useAction(async () => {
    setDone('');
    if (next !== confirm) throw new ApiError(400, 'client', 'The new passwords differ.');
    await api.post('/auth/password', { body: { currentPassword: current, newPassword: next } });
    setCurrent('');
    setNext('');
    setConfirm('');
    setDone('Password changed. Your other sessions were signed out.');
  });
  return (
    <Form label="Change password" onSubmit={() => change.run()}>
      <input type="email" name="username" autoComplete="username" value={me.user.email} readOnly hidden />
      <Field label="Current password" type="password" value={current} onValue={setCurrent} autoComplete="current-password" required />
      <Field
        label="New password"
        type="password"
        value={next}
        onValue={setNext}
        autoComplete="new-password"
        required
        minLength={12}
        hint="At least 12 characters, hard to guess: several uncommon words work well"
      />
      <Field label="Confirm new password" type="password" value={confirm} onValue={setConfirm} autoComplete="new-password" required />
      <ErrorAlert error={change.error} />
      <LiveStatus>{done}</LiveStatus>
      <button type="submit" disabled={change.busy}>
        Change password
      </button>
    </Form>
  );
}

type Setup = Data<'post', '/auth/totp/setup'>;

export function EnableTotp({ onDone }: { onDone(): Promise<void> }) {
  const [setup, setSetup] = useState<Setup | undefined>();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | undefined>();
  const start = useAction(async () => setSetup((await api.post('/auth/totp/setup')).data));
  const enable = useAction(async () => {
    setCodes((await api.post('/auth/totp/enable', { body: { code: code.replace(/\s/g, '') } })).data.recoveryCodes);
  });
  // On: the recovery codes, this once, before the page moves on.
  if (codes) return <ShownRecoveryCodes codes={codes} onKept={onDone} />;
  if (!setup) {
    return (
      <>
        <p>
          Two-factor authentication is off. With it on, a code from an authenticator app confirms signing in, every withdrawal, refund and
          conversion, and every key, role or webhook change that could move money.
        </p>
        <ErrorAlert error={start.error} />
        <button type="button" disabled={start.busy} onClick={() => start.run()}>
          Set up two-factor authentication
        </button>
      </>
    );
  }
  return (
    <Form label="Enable two-factor authentication" onSubmit={() => enable.run()}>
      <p>Scan the QR code with your authenticator app, or type the secret into it, then enter the code it shows.</p>
      <img class="qr" src={setup.qrCode} alt="QR code for your authenticator app" width={200} height={200} />
      <CopyValue label="Secret" value={setup.secret} />
      <Field label="Authentication code" value={code} onValue={setCode} inputMode="numeric" autoComplete="one-time-code" required />
      <ErrorAlert error={enable.error} />
      <button type="submit" disabled={enable.busy}>
        Turn on two-factor authentication
      </button>
    </Form>
  );
}

function DisableTotp({ onDone }: { onDone(): Promise<void> }) {
  const [code, setCode] = useState('');
  const disable = useAction(async () => {
    await api.post('/auth/totp/disable', { body: { code: code.replace(/\s/g, '') } });
    await onDone();
  });
  return (
    <Form label="Disable two-factor authentication" onSubmit={() => disable.run()}>
      <p>Two-factor authentication is on.</p>
      <Field
        label="Authentication code"
        value={code}
        onValue={setCode}
        autoComplete="one-time-code"
        required
        hint="A current code, to turn it off; or a recovery code if the authenticator app is lost"
      />
      <ErrorAlert error={disable.error} />
      <button type="submit" class="danger" disabled={disable.busy}>
        Turn off two-factor authentication
      </button>
    </Form>
  );
}

export function SecuritySection() {
  const { me, refresh } = useSession();
  const [status, setStatus] = useState('');
  const done = (text: string) => async () => {
    await refresh();
    setStatus(text);
  };
  return (
    <>
      <Section title="Password">
        <PasswordForm />
      </Section>
      <Section title="Two-factor authentication">
        <LiveStatus>{status}</LiveStatus>
        {me.user.totpEnabled ? (
          <DisableTotp onDone={done('Two-factor authentication is off.')} />
        ) : (
          <EnableTotp onDone={done('Two-factor authentication is on.')} />
        )}
      </Section>
      {me.user.totpEnabled && (
        <Section title="Recovery codes">
          <RecoveryCodesLeft
            left={me.user.recoveryCodesLeft}
            onRenewed={done('New recovery codes are in use; the old ones no longer work.')}
          />
        </Section>
      )}
    </>
  );
}
