/**
 * The payment page's languages and how one is chosen for a request: the page's own `?lang=`, then
 * the language the customer picked before (the `pay_lang` cookie the switcher sets), then the
 * browser's `Accept-Language` (q-values honoured, a region falls back to its language: pt-BR → pt,
 * zh-CN and zh-Hans → zh), else English.
 */
import { de } from './de.ts';
import { en, type Dictionary } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { tr } from './tr.ts';
import { zh } from './zh.ts';

export type { Dictionary } from './en.ts';

/** Every language of the page with its dictionary, in the switcher's order. */
export const DICTIONARIES = { en, es, de, fr, pt, ru, tr, zh } as const satisfies Record<string, Dictionary>;

/** A language the page speaks (ISO 639-1). */
export type Language = keyof typeof DICTIONARIES;

/** Each language by its own name, as the switcher lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
  ru: 'Русский',
  tr: 'Türkçe',
  zh: '中文',
};

/** The page's language, and the locale that formats its numbers and dates (the browser's region kept: de-CH, en-GB). */
export interface PageLanguage {
  lang: Language;
  locale: string;
}

/** The cookie the language switcher sets (path /pay). */
export const LANGUAGE_COOKIE = 'pay_lang';

/** The page's languages, in the switcher's order. */
export const LANGUAGES = Object.keys(DICTIONARIES) as Language[];

/** A sentence with its {placeholders} filled in; one not given stays as written. */
export function fill(text: string, values: Record<string, string | number | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (values[k] !== undefined ? String(values[k]) : m));
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(DICTIONARIES, value);
}

/** A tag's language, script and region only (no -u- extensions that would change digits or calendars), or undefined. */
function plainLocale(tag: string): string | undefined {
  try {
    const l = new Intl.Locale(tag);
    return [l.language, l.script, l.region].filter(Boolean).join('-');
  } catch {
    return undefined;
  }
}

/** The language ranges of an Accept-Language header, best first (RFC 9110 §12.5.4); q=0 means "not this". */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranges: Array<{ tag: string; q: number; at: number }> = [];
  header
    .split(',')
    .slice(0, 32)
    .forEach((part, at) => {
      const [rawTag = '', ...params] = part.split(';').map((s) => s.trim());
      if (!/^([A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*|\*)$/.test(rawTag)) return;
      let q = 1;
      for (const param of params) {
        const m = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.exec(param);
        if (m) q = Number(m[1]);
        else if (/^q=/i.test(param)) q = 0;
      }
      if (q > 0) ranges.push({ tag: rawTag, q, at });
    });
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/** The locale for a chosen language: the browser's own tag for it when it sent one (pt-PT, en-GB), else the language. */
function localeFor(lang: Language, accepted: string[]): string {
  for (const tag of accepted) {
    const locale = plainLocale(tag);
    if (locale && locale.split('-')[0] === lang) return locale;
  }
  return lang;
}

/** The language (and locale) a request to the payment page gets. */
export function negotiateLanguage(input: { query?: unknown; cookie?: string; acceptLanguage?: string }): PageLanguage {
  const accepted = acceptedLanguages(input.acceptLanguage);
  const remembered = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([a-z]{2})\\s*(?:;|$)`).exec(input.cookie ?? '')?.[1];
  for (const chosen of [input.query, remembered]) {
    if (isLanguage(chosen)) return { lang: chosen, locale: localeFor(chosen, accepted) };
  }
  for (const tag of accepted) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return { lang: primary, locale: plainLocale(tag) ?? primary };
  }
  return { lang: 'en', locale: 'en' };
}

/** What the page's script receives: the language, its locale and its dictionary. */
export function pageText(language: PageLanguage): { lang: Language; locale: string; t: Dictionary } {
  return { ...language, t: DICTIONARIES[language.lang] };
}
