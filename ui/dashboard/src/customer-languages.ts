// The languages a subscription customer can be mailed in (the payment page's), each named in itself.
export const CUSTOMER_LANGUAGES = [
  ['en', 'English'],
  ['es', 'Español'],
  ['de', 'Deutsch'],
  ['fr', 'Français'],
  ['pt', 'Português'],
  ['ru', 'Русский'],
  ['tr', 'Türkçe'],
  ['zh', '中文'],
] as const;

export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number][0];

/** A customer's language as the dashboard shows it; none chosen: their mails are in English. */
export function languageName(code: string | null | undefined): string {
  return CUSTOMER_LANGUAGES.find(([c]) => c === code)?.[1] ?? 'Not chosen (English mails)';
}
