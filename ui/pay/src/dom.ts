// Small DOM helpers: everything from the server goes on the page as text, never as HTML.
import { t } from './text.ts';

/** The element the server rendered for `selector` (the page's HTML has every one of them). */
export function $<E extends HTMLElement = HTMLElement>(selector: string): E {
  const e = document.querySelector<E>(selector);
  if (!e) throw new Error(`the page lacks ${selector}`);
  return e;
}

/** The element for `selector`, or null where the page may not have it (the sandbox panel). */
export function maybe<E extends HTMLElement = HTMLElement>(selector: string): E | null {
  return document.querySelector<E>(selector);
}

type Kid = Node | string | null | undefined;

/** A new element with its properties and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: Kid[]
): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids) if (k != null) e.append(k);
  return e;
}

/** An element whose text is a dictionary key, so a language switch re-translates it. */
export function said<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  key: string,
  props: Partial<HTMLElementTagNameMap[K]> = {},
): HTMLElementTagNameMap[K] {
  const e = el(tag, { ...props, textContent: t(key) });
  e.dataset.i18n = key;
  return e;
}

/** Shows or hides what `selector` names. */
export function show(selector: string, on: boolean): void {
  $(selector).classList.toggle('hidden', !on);
}

/** Text that changes only when it differs, so a live region is not read again on every poll. */
export function setText(selector: string, text: string): void {
  const e = $(selector);
  if (e.textContent !== text) e.textContent = text;
}
