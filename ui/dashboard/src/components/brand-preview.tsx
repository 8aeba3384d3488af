// The brand colour as a picker and as text, and a preview of the payment page's top in that
// colour, painted with the page's own palette (so what is seen here is what customers see).
import { useEffect, useState } from 'preact/hooks';
import { HEX, accentPalette } from '../../../../src/modules/pay/accent.ts';
import { Field } from './fields.tsx';

/** `#2563EB`, `2563eb` → `#2563eb`; anything else is not a colour. */
export function hexColor(text: string): string | undefined {
  const value = text
    .trim()
    .replace(/^(?!#)/, '#')
    .toLowerCase();
  return HEX.test(value) ? value : undefined;
}

/** Why a hex text is not a colour. */
export const HEX_MESSAGE = 'Write the colour as # and six hexadecimal digits, for example #2563eb.';

interface ColorProps {
  value: string;
  onValue(color: string): void;
  /** Whether the text now typed is a colour (the form refuses to save one that is not). */
  onValid(valid: boolean): void;
  readOnly: boolean;
  /** Said once the form was submitted, or when the field is left. */
  checked: boolean;
}

/** The colour picker and, beside it, the same colour as a labelled `#rrggbb` text field; each follows the other. */
export function BrandColorFields({ value, onValue, onValid, readOnly, checked }: ColorProps) {
  const [text, setText] = useState(value);
  const [left, setLeft] = useState(false);
  // A colour loaded from the server shows in the text, unless the text already says it.
  useEffect(() => setText((t) => (hexColor(t) === value ? t : value)), [value]);
  const valid = hexColor(text) !== undefined;
  useEffect(() => onValid(valid), [valid]);
  const pick = (color: string) => {
    setText(color);
    onValue(color);
  };
  const type = (t: string) => {
    setText(t);
    const color = hexColor(t);
    if (color) onValue(color);
  };
  return (
    <div class="color-pair">
      <div class="field">
        <label for="brand-color">Brand colour</label>
        <input id="brand-color" type="color" value={value} disabled={readOnly} onInput={(e) => pick(e.currentTarget.value.toLowerCase())} />
      </div>
      <Field
        label="Hex code"
        value={text}
        onValue={type}
        onBlur={() => setLeft(true)}
        readOnly={readOnly}
        maxLength={7}
        spellcheck={false}
        autoComplete="off"
        class="mono hex"
        error={!valid && (left || checked) ? HEX_MESSAGE : undefined}
      />
    </div>
  );
}

/** The top of the payment page and its button, with this name, logo and colour. */
export function BrandPreview({ name, logo, color }: { name: string; logo: string | null; color: string }) {
  const p = accentPalette(color);
  // Custom properties set through the DOM (not a style attribute): the CSP allows no inline style.
  const style = { '--accent': p.accent, '--on-accent': p.onAccent, '--accent-ink': p.accentInk, '--accent-edge': p.accentEdge };
  return (
    <figure class="brand-preview" aria-labelledby="brand-preview-caption">
      <figcaption id="brand-preview-caption" class="hint">
        Preview of your payment page
      </figcaption>
      <div class="preview-page" style={style} data-testid="brand-preview">
        <div class="preview-top">
          {logo && <img class="preview-logo" src={logo} alt="" />}
          <span class="preview-name">{name.trim() || 'Your business'}</span>
        </div>
        <p class="preview-total">25.00 USD</p>
        <span class="preview-button">Pay with USDT</span>
      </div>
    </figure>
  );
}
