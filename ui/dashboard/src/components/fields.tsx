// Form controls that always carry a visible label.
import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'onInput' | 'value'> & {
  label: string;
  value: string;
  onValue(value: string): void;
  hint?: string;
};

/** A labelled input; `hint` is tied to it with aria-describedby. */
export function Field({ label, value, onValue, hint, ...rest }: InputProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...rest}
      />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
    </div>
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
export function Check({ label, checked, onChecked, children }: { label: string; checked: boolean; onChecked(checked: boolean): void; children?: ComponentChildren }) {
  return (
    <label class="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChecked(e.currentTarget.checked)} />
      <span>{label}</span>
      {children}
    </label>
  );
}

/** A form that never reloads the page: `onSubmit` gets the work. */
export function Form({ onSubmit, children, label, class: className = '' }: { onSubmit(): void; children: ComponentChildren; label?: string; class?: string }) {
  return (
    <form
      class={`form ${className}`}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
