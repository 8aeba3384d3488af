// The authenticator-code dialog: when the API wants a call confirmed (a session with 2FA moving money
// or granting rights), api.ts asks here for a code and sends the call again with it.
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { configureApi, type ApiError } from '../api.ts';
import { ErrorAlert } from './feedback.tsx';
import { Field, Form } from './fields.tsx';

interface Asking {
  resolve(code: string | null): void;
  refused?: ApiError;
}

/** A modal dialog (keyboard: Enter confirms, Escape cancels), open while a call waits for a code. */
export function StepUpDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useId();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [code, setCode] = useState('');
  useEffect(() => {
    configureApi({
      askCode: (refused) =>
        new Promise((resolve) => {
          setCode('');
          setAsking({ resolve, refused });
        }),
    });
    return () => configureApi({ askCode: undefined });
  }, []);
  useEffect(() => {
    const d = dialog.current;
    if (asking && d && !d.open) d.showModal();
    if (!asking && d?.open) d.close();
  }, [asking]);
  const finish = (value: string | null) => {
    asking?.resolve(value);
    setAsking(null);
  };
  return (
    <dialog
      ref={dialog}
      class="step-up"
      aria-labelledby={title}
      onCancel={(e) => {
        e.preventDefault();
        finish(null);
      }}
    >
      {asking && (
        <Form label="Confirm with your authenticator" onSubmit={() => finish(code.replace(/\s/g, ''))}>
          <h2 id={title}>Confirm with your authenticator</h2>
          <p>This moves money or changes who may. Enter the code your authenticator app shows now.</p>
          <Field
            label="Authenticator code"
            value={code}
            onValue={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
          />
          <ErrorAlert error={asking.refused} />
          <div class="actions">
            <button type="submit">Confirm</button>
            <button type="button" class="secondary" onClick={() => finish(null)}>
              Cancel
            </button>
          </div>
        </Form>
      )}
    </dialog>
  );
}
