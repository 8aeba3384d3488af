/**
 * The payment page script's words and numbers: the dictionary the server put in the page's
 * `<script type="application/json" id="page-text">` block, sentences with their placeholders
 * filled in, and amounts and dates in the page's locale. Crypto amounts stay exact decimal strings:
 * the integer part is grouped by Intl as a BigInt, the decimal separator is learnt from
 * `formatToParts`, and the fraction digits are copied as they are. `applyText` switches the whole
 * page to another language in place (the static texts carry `data-i18n*` attributes).
 *
 * Written with String.raw so the regular expressions keep their backslashes.
 */
export const TEXT_SCRIPT = String.raw`
let TEXT = JSON.parse(document.getElementById('page-text').textContent);
let NUM = null, DEC = '.', DATES = null;
function useLocale() {
  NUM = new Intl.NumberFormat(TEXT.locale);
  const dec = NUM.formatToParts(1.5).find((p) => p.type === 'decimal');
  DEC = dec ? dec.value : '.';
  DATES = new Intl.DateTimeFormat(TEXT.locale, { dateStyle: 'medium', timeStyle: 'short' });
}
useLocale();

/** The sentence for a key in the page's language, its {placeholders} filled from vars. */
function t(key, vars) {
  const text = Object.prototype.hasOwnProperty.call(TEXT.t, key) ? TEXT.t[key] : key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (vars[k] != null ? String(vars[k]) : m)) : text;
}

/**
 * An exact decimal string ('1234.5678') in the page's locale, never through a float and never
 * rounded: the integer part grouped, every fraction digit kept (the server sends no trailing zeros).
 */
function decimal(text) {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(text));
  if (!m) return String(text);
  return (m[1] ? '-' : '') + NUM.format(BigInt(m[2])) + (m[3] ? DEC + m[3] : '');
}
/** A crypto amount and its symbol: '1,234.5 USDT' in English, '1.234,5 USDT' in German; the same for every amount on the page. */
function coin(amount, symbol) { return decimal(amount) + ' ' + symbol; }
/** A decimal string as atomic units (BigInt), for comparisons and progress without floats. */
function atomic(text, decimals) {
  const [whole, frac = ''] = String(text).split('.');
  return BigInt(whole + frac.padEnd(decimals, '0').slice(0, decimals));
}
/** A fiat amount in the locale's currency style; the decimal string itself goes to Intl, which formats it exactly. */
function money(amount, code, maxFraction) {
  try {
    const opts = { style: 'currency', currency: code };
    if (maxFraction) opts.maximumFractionDigits = maxFraction;
    return new Intl.NumberFormat(TEXT.locale, opts).format(String(amount));
  } catch { return decimal(amount) + ' ' + code; }
}
/** A date and time in the locale, in the customer's own time zone. */
function when(iso) { return DATES.format(new Date(iso)); }
/** Names joined as the locale says "a, b or c". */
function anyOf(names) { return new Intl.ListFormat(TEXT.locale, { type: 'disjunction' }).format(names); }

/** Puts the page in another language in place: the document's lang, its title and every static text. */
function applyText(next) {
  TEXT = next; useLocale();
  document.documentElement.lang = next.lang;
  document.title = t('title');
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n, e.dataset);
  for (const e of document.querySelectorAll('[data-i18n-label]')) e.setAttribute('aria-label', t(e.dataset.i18nLabel));
  for (const e of document.querySelectorAll('[data-i18n-alt]')) e.alt = t(e.dataset.i18nAlt);
}

/** Remembers the choice: in the address (a reload or a shared link keeps it) and in a cookie for the next visit. */
function rememberLanguage(lang) {
  document.cookie = 'pay_lang=' + lang + '; path=/pay; max-age=31536000; samesite=lax' + (location.protocol === 'https:' ? '; secure' : '');
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(history.state, '', url.href);
}
`;
