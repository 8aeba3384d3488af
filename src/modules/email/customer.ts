/**
 * Mails to an invoice's customer: a receipt when it is paid, what is left when less than due
 * arrived, and a note when it expired. In the language the customer used on the payment page, in
 * that page's own words (its dictionaries), under the merchant's brand.
 */
import { findCurrency } from '../../lib/currencies/catalogue.ts';
import { formatUnits, toUnits } from '../../lib/money.ts';
import { DICTIONARIES, fill, isLanguage, type Dictionary } from '../pay/i18n/index.ts';
import { crypto, date, fiat } from './formats.ts';
import type { EmailKind } from './kinds.ts';
import { renderMail, type MailBrand, type RenderedMail } from './render.ts';

/** An invoice as its event published it, every number kept as its decimal text. */
export interface InvoiceEventData {
  id: string;
  status: string;
  orderId?: string;
  number?: string;
  amount: string;
  fiatCurrencyCode: string;
  cryptoCurrencyCode?: string;
  cryptoAmountExpected?: string;
  cryptoAmountReceived?: string;
  txHash?: string;
  paidAt?: string;
  expiresAt: string;
  paymentPageUrl: string;
  customerEmail?: string;
}

/** The customer's mail an invoice status calls for, if any. */
export function customerKind(status: string): EmailKind | null {
  switch (status) {
    case 'paid':
    case 'overpaid':
      return 'invoicePaid';
    case 'partially_paid':
      return 'invoiceUnderpaid';
    case 'expired':
      return 'invoiceExpired';
    default:
      return null;
  }
}

/** What is still due in the invoice's currency (never below zero), as decimal text. */
export function leftToPay(inv: InvoiceEventData): string | null {
  const c = inv.cryptoCurrencyCode ? findCurrency(inv.cryptoCurrencyCode) : undefined;
  if (!c || inv.cryptoAmountExpected === undefined || inv.cryptoAmountReceived === undefined) return null;
  const left = toUnits(inv.cryptoAmountExpected, c.decimals) - toUnits(inv.cryptoAmountReceived, c.decimals);
  return formatUnits(left > 0n ? left : 0n, c.decimals);
}

/** How the payment page names the invoice: its number, else the merchant's order id. */
function reference(t: Dictionary, inv: InvoiceEventData): string {
  return inv.number ? fill(t.invoiceNumber, { number: inv.number }) : fill(t.orderNumber, { orderId: inv.orderId ?? inv.id });
}

/** Words and rows of each kind, in the dictionary's language. */
function body(
  kind: EmailKind,
  t: Dictionary,
  locale: string,
  inv: InvoiceEventData,
): { heading: string; subject: string; paragraphs: string[]; rows: Array<[string, string]> } {
  const total: [string, string] = [t['receipt.total'], fiat(locale, inv.amount, inv.fiatCurrencyCode)];
  const code = inv.cryptoCurrencyCode;
  const received = code && inv.cryptoAmountReceived ? crypto(locale, inv.cryptoAmountReceived, code) : null;
  if (kind === 'invoicePaid') {
    const rows: Array<[string, string]> = [total];
    if (received) rows.push([t['receipt.paid'], received]);
    if (inv.paidAt) rows.push([t['receipt.time'], date(locale, inv.paidAt)]);
    if (inv.txHash) rows.push([t.transaction, inv.txHash]);
    const text = inv.status === 'overpaid' ? t['outcome.overpaid.text'] : t['outcome.paid.text'];
    return { heading: t['receipt.title'], subject: t['outcome.paid.title'], paragraphs: [text], rows };
  }
  if (kind === 'invoiceUnderpaid') {
    const left = leftToPay(inv);
    const paragraphs = [t['outcome.partially_paid.text']];
    if (received && code && inv.cryptoAmountExpected)
      paragraphs.push(fill(t.received, { received, expected: crypto(locale, inv.cryptoAmountExpected, code) }));
    if (left !== null && code) paragraphs.push(fill(t.stillToPay, { amount: crypto(locale, left, code) }));
    return { heading: t['outcome.partially_paid.title'], subject: t['outcome.partially_paid.title'], paragraphs, rows: [total] };
  }
  const rows: Array<[string, string]> = [total, [t['status.expired'], date(locale, inv.expiresAt)]];
  return { heading: t['outcome.expired.title'], subject: t['outcome.expired.title'], paragraphs: [t['outcome.expired.text']], rows };
}

/** The customer's mail of one kind about the invoice, in `language` (English when the page never heard one). */
export function customerMail(kind: EmailKind, inv: InvoiceEventData, brand: MailBrand, language: string | null): RenderedMail {
  const lang = language && isLanguage(language) ? language : 'en';
  const t = DICTIONARIES[lang];
  const locale = lang;
  const b = body(kind, t, locale, inv);
  return renderMail({
    lang,
    brand,
    subject: `${b.subject} · ${reference(t, inv)}`,
    heading: b.heading,
    paragraphs: [reference(t, inv), ...b.paragraphs],
    rows: b.rows,
    link: { label: t.paymentDetails, url: inv.paymentPageUrl },
    footer: fill(t.footer, { id: inv.id }),
  });
}
