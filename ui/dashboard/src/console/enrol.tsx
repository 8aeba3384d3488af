// Live installations: an operator's password alone never opens the console; the first page after
// signing in enrols an authenticator (the merchant security page's enrolment).
import { useState } from 'preact/hooks';
import { LiveStatus, Section } from '../components/feedback.tsx';
import { EnableTotp } from '../pages/security.tsx';
import { useSession } from '../session.tsx';

export function EnrolPage() {
  const { refresh } = useSession();
  const [status, setStatus] = useState('');
  return (
    <>
      <h1 tabIndex={-1}>Set up two-factor authentication</h1>
      <p>
        This installation moves real money: operators sign in with a password and a code from an authenticator app. Set it up to open the
        console.
      </p>
      <Section title="Two-factor authentication">
        <LiveStatus>{status}</LiveStatus>
        <EnableTotp
          onDone={async () => {
            setStatus('Two-factor authentication is on.');
            await refresh();
          }}
        />
      </Section>
    </>
  );
}
