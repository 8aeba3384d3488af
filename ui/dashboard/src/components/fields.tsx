// Form controls that always carry a visible label.
import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';
import { parseAmount } from '../locale.ts';

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'onInput' | 'value'> & {
  label: string;
  value: string;
  onValue(value: string): void;
  hint?: string | undefined;
  /** What is wrong with the value, said under it (and the input marked invalid). */
  error?: string | undefined;
  /** Beside the input (a Max button). */
  extra?: ComponentChildren;
};

/** A labelled input; `hint` and `error` are tied to it with aria-describedby. */
export function Field({ label, value, onValue, hint, error, extra, ...rest }: InputProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const input = (
    <input
      id={id}
      value={value}
      onInput={(e) => onValue(e.currentTarget.value)}
      aria-describedby={described || undefined}
      aria-invalid={error ? true : undefined}
      {...rest}
    />
  );
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {extra ? (
        <div class="with-extra">
          {input}
          {extra}
        </div>
      ) : (
        input
      )}
      {error && (
        <small id={`${id}-error`} class="field-error">
          {error}
        </small>
      )}
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

type AmountProps = Omit<InputProps, 'type' | 'inputMode'> & {
  /** The most decimal places the currency has. */
  decimals: number;
  /** Set once the form was submitted: from then on a missing or unreadable amount is said. */
  checked?: boolean;
};

/**
 * An amount as people write it in their language (locale.ts: 49,90 in German, 49.90 in English):
 * a text field, not type=number (whose reading of a comma depends on the browser), that says under
 * itself why what was typed cannot be read once the form was submitted, and then as it is edited.
 * (Not on leaving the field: the message appearing would move the button being clicked.)
 */
export function AmountField({ decimals, checked = false, error, value, onValue, ...rest }: AmountProps) {
  const parsed = parseAmount(value, decimals);
  const unreadable = !parsed.ok && checked ? parsed.message : undefined;
  return (
    <Field
      {...rest}
      value={value}
      onValue={onValue}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellcheck={false}
      error={unreadable ?? error}
    />
  );
}

type SelectProps = Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue(value: string): void;
  options: Array<[value: string, label: string]>;
};

/** A labelled select. */
export function Select({ label, value, onValue, options, ...rest }: SelectProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onValue(e.currentTarget.value)} {...rest}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox with its label beside it. */
export function Check({
  label,
  checked,
  onChecked,
  children,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChecked(checked: boolean): void;
  children?: ComponentChildren;
  disabled?: boolean;
}) {
  return (
    <label class="check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChecked(e.currentTarget.checked)} />
      <span>{label}</span>
      {children}
    </label>
  );
}

/**
 * A form that never reloads the page: `onSubmit` gets the work. When the work is done, the first
 * field that says it is invalid takes the focus, so a keyboard or screen reader user lands on it.
 */
export function Form({
  onSubmit,
  children,
  label,
  class: className = '',
}: {
  onSubmit(): unknown;
  children: ComponentChildren;
  label?: string;
  class?: string;
}) {
  return (
    <form
      class={`form ${className}`}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        void Promise.resolve(onSubmit()).then(() =>
          // After the render that marks the fields.
          window.setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0),
        );
      }}
    >
      {children}
    </form>
  );
}
