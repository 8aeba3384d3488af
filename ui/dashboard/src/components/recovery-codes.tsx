// Recovery codes of two-factor authentication: shown once (when it is switched on, or renewed), then
// only counted. Each signs in once instead of the authenticator app.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { ErrorAlert, LiveStatus } from './feedback.tsx';
import { useAction } from '../hooks.ts';

/** The codes just made: listed, copied together, and put away on purpose (they are not shown again). */
export function ShownRecoveryCodes({ codes, onKept }: { codes: string[]; onKept(): unknown }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('The codes are copied to the clipboard.');
    } catch {
      setCopied('Copying is not allowed here: select the codes and copy them by hand.');
    }
  };
  return (
    <div class="recovery-codes">
      <h3 ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>
        If you lose your authenticator app, each code signs you in once instead of its code. Keep them somewhere safe, apart from your
        password: they are shown only now.
      </p>
      <ol class="mono" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div class="actions">
        <button type="button" class="secondary" onClick={copy}>
          Copy the codes
        </button>
        <button type="button" onClick={() => onKept()}>
          I have saved my recovery codes
        </button>
      </div>
      <LiveStatus>{copied}</LiveStatus>
    </div>
  );
}

/** How many codes are left, and a new set on request (the API asks for the authenticator's code first). */
export function RecoveryCodesLeft({ left, onRenewed }: { left: number; onRenewed(): Promise<void> }) {
  const [codes, setCodes] = useState<string[] | undefined>();
  const renew = useAction(async () => setCodes((await api.post('/auth/recovery-codes')).data.recoveryCodes));
  if (codes) return <ShownRecoveryCodes codes={codes} onKept={async () => (setCodes(undefined), await onRenewed())} />;
  return (
    <div class="recovery-codes">
      <p>
        {left === 0
          ? 'No recovery code is left: make new ones, or a lost authenticator app locks you out.'
          : `${left} recovery code${left === 1 ? '' : 's'} left, each usable once to sign in without the authenticator app.`}
      </p>
      <ErrorAlert error={renew.error} />
      <button type="button" class="secondary" disabled={renew.busy} onClick={() => renew.run()}>
        Make new recovery codes
      </button>
    </div>
  );
}
