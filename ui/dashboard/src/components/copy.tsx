// A secret or an id shown once, with a button that copies it.
import { useId, useState } from 'preact/hooks';

/** The value in a code block and a "Copy" button (the clipboard API, else a selection to copy by hand). */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState('');
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Copied to the clipboard.');
    } catch {
      const node = document.getElementById(id);
      if (node) getSelection()?.selectAllChildren(node);
      setCopied('Selected: press Ctrl+C (⌘C) to copy.');
    }
  };
  return (
    <div class="copy">
      <span class="copy-label">{label}</span>
      <code id={id} class="secret">
        {value}
      </code>
      <button type="button" class="secondary" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
        Copy
      </button>
      <span role="status" class="live">
        {copied}
      </span>
    </div>
  );
}
