/**
 * Mails to a subscription's customer, from the billing notices: a period's invoice issued, a
 * payment reminder, and a link to their portal. In the customer's language (English when they have
 * none), in the words of `subscriptions/i18n`, under the merchant's brand.
 */
import { isLanguage, type Language } from '../pay/i18n/index.ts';
import { SUBSCRIPTION_DICTIONARIES, say, type SubscriptionDictionary } from '../subscriptions/i18n/index.ts';
import { date, day, fiat } from './formats.ts';
import type { EmailKind } from './kinds.ts';
import { renderMail, type MailBrand, type RenderedMail } from './render.ts';

/** The notice types that make these mails, and the kind each makes. */
export const SUBSCRIPTION_NOTICES: Readonly<Record<string, EmailKind>> = {
  'subscription.invoiceIssued': 'subscriptionInvoice',
  'subscription.paymentReminder': 'subscriptionReminder',
  'customer.portalLink': 'portalLink',
};

/** A notice's payload as written (every number kept as its decimal text). */
type Data = Record<string, unknown>;
const text = (d: Data, k: string) => String(d[k] ?? '');

/** What a mail is written with: the language, its words, and the customer's choice if they made one. */
interface Words {
  lang: Language;
  t: SubscriptionDictionary;
  chosen: boolean;
}

/**
 * The payment page's address in the customer's language when they chose one, so the page they
 * open from the mail speaks as the mail did; without a choice the page asks the browser.
 */
function payUrl(url: string, w: Words): string {
  if (!w.chosen) return url;
  const u = new URL(url);
  u.searchParams.set('lang', w.lang);
  return u.href;
}

const amount = (d: Data, w: Words) => fiat(w.lang, text(d, 'amount'), text(d, 'fiatCurrencyCode'));

function invoiceMail(d: Data, brand: MailBrand, w: Words): RenderedMail {
  const { t, lang } = w;
  const plan = text(d, 'planName');
  return renderMail({
    lang,
    brand,
    subject: say(t, 'mail.invoice.subject', { plan }),
    heading: say(t, 'mail.invoice.heading', { plan }),
    paragraphs: [say(t, 'mail.invoice.text', { date: day(lang, text(d, 'dueAt')) })],
    rows: [
      [t['mail.amount'], amount(d, w)],
      [t['mail.period'], say(t, 'mail.range', { start: day(lang, text(d, 'periodStart')), end: day(lang, text(d, 'periodEnd')) })],
    ],
    link: { label: t['mail.pay'], url: payUrl(text(d, 'paymentPageUrl'), w) },
    footer: say(t, 'mail.subscription', { id: text(d, 'subscriptionId') }),
  });
}

function reminderMail(d: Data, brand: MailBrand, w: Words): RenderedMail {
  const { t, lang } = w;
  const link = typeof d.paymentPageUrl === 'string' ? { link: { label: t['mail.pay'], url: payUrl(d.paymentPageUrl, w) } } : {};
  return renderMail({
    lang,
    brand,
    subject: say(t, 'mail.reminder.subject', { plan: text(d, 'planName') }),
    heading: t['mail.reminder.heading'],
    paragraphs: [
      say(t, 'mail.reminder.text', { n: text(d, 'reminder'), total: text(d, 'reminders'), date: date(lang, text(d, 'endsAt')) }),
    ],
    rows: [
      [t['mail.amount'], amount(d, w)],
      [t['mail.due'], date(lang, text(d, 'dueAt'))],
    ],
    ...link,
    footer: say(t, 'mail.subscription', { id: text(d, 'subscriptionId') }),
  });
}

function portalMail(d: Data, brand: MailBrand, { t, lang }: Words): RenderedMail {
  return renderMail({
    lang,
    brand,
    subject: t['mail.portal.subject'],
    heading: t['mail.portal.heading'],
    paragraphs: [t['mail.portal.text']],
    rows: [[t['mail.portal.validUntil'], date(lang, text(d, 'expiresAt'))]],
    link: { label: t['mail.portal.open'], url: text(d, 'url') },
    footer: say(t, 'mail.customer', { id: text(d, 'customerId') }),
  });
}

/** The mail of a subscription notice, to its customer's address, in their language. */
export function subscriptionMail(kind: EmailKind, d: Data, brand: MailBrand): { recipient: string; mail: RenderedMail } | null {
  const recipient = text(d, 'customerEmail');
  if (!recipient) return null;
  const chosen = isLanguage(d.customerLanguage);
  const lang: Language = isLanguage(d.customerLanguage) ? d.customerLanguage : 'en';
  const w: Words = { lang, t: SUBSCRIPTION_DICTIONARIES[lang], chosen };
  if (kind === 'subscriptionInvoice') return { recipient, mail: invoiceMail(d, brand, w) };
  if (kind === 'subscriptionReminder') return { recipient, mail: reminderMail(d, brand, w) };
  if (kind === 'portalLink') return { recipient, mail: portalMail(d, brand, w) };
  return null;
}
