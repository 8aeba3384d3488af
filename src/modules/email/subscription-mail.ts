/**
 * Mails to a subscription's customer, from the billing notices: a period's invoice issued, a
 * payment reminder, and a link to their portal. In English, under the merchant's brand.
 */
import type { EmailKind } from './kinds.ts';
import { renderMail, type MailBrand, type RenderedMail } from './render.ts';
import { utc } from './jobs-store.ts';

/** The notice types that make these mails, and the kind each makes. */
export const SUBSCRIPTION_NOTICES: Readonly<Record<string, EmailKind>> = {
  'subscription.invoiceIssued': 'subscriptionInvoice',
  'subscription.paymentReminder': 'subscriptionReminder',
  'customer.portalLink': 'portalLink',
};

/** A notice's payload as written (every number kept as its decimal text). */
type Data = Record<string, unknown>;
const text = (d: Data, k: string) => String(d[k] ?? '');

function invoiceMail(d: Data, brand: MailBrand): RenderedMail {
  return renderMail({
    lang: 'en',
    brand,
    subject: `Your ${text(d, 'planName')} invoice`,
    heading: `Your next ${text(d, 'planName')} period`,
    paragraphs: [`Your subscription renews on ${utc(text(d, 'dueAt'))}. Pay the invoice by then to keep it running.`],
    rows: [
      ['Amount', `${text(d, 'amount')} ${text(d, 'fiatCurrencyCode')}`],
      ['Period', `${utc(text(d, 'periodStart'))} to ${utc(text(d, 'periodEnd'))}`],
    ],
    link: { label: 'Pay the invoice', url: text(d, 'paymentPageUrl') },
    footer: `Subscription ${text(d, 'subscriptionId')}`,
  });
}

function reminderMail(d: Data, brand: MailBrand): RenderedMail {
  const link = typeof d.paymentPageUrl === 'string' ? { link: { label: 'Pay the invoice', url: d.paymentPageUrl } } : {};
  return renderMail({
    lang: 'en',
    brand,
    subject: `Payment reminder: ${text(d, 'planName')}`,
    heading: 'Your subscription payment is overdue',
    paragraphs: [`Reminder ${text(d, 'reminder')} of ${text(d, 'reminders')}. Unless it is paid, your subscription ends on ${utc(text(d, 'endsAt'))}.`],
    rows: [
      ['Amount', `${text(d, 'amount')} ${text(d, 'fiatCurrencyCode')}`],
      ['Due', utc(text(d, 'dueAt'))],
    ],
    ...link,
    footer: `Subscription ${text(d, 'subscriptionId')}`,
  });
}

function portalMail(d: Data, brand: MailBrand): RenderedMail {
  return renderMail({
    lang: 'en',
    brand,
    subject: 'Your subscriptions',
    heading: 'Manage your subscriptions',
    paragraphs: ['See your subscriptions and invoices, change your email or cancel, through this link. It is yours alone: do not share it.'],
    rows: [['Link valid until', utc(text(d, 'expiresAt'))]],
    link: { label: 'Open your portal', url: text(d, 'url') },
    footer: `Customer ${text(d, 'customerId')}`,
  });
}

/** The mail of a subscription notice, to its customer's address. */
export function subscriptionMail(kind: EmailKind, d: Data, brand: MailBrand): { recipient: string; mail: RenderedMail } | null {
  const recipient = text(d, 'customerEmail');
  if (!recipient) return null;
  if (kind === 'subscriptionInvoice') return { recipient, mail: invoiceMail(d, brand) };
  if (kind === 'subscriptionReminder') return { recipient, mail: reminderMail(d, brand) };
  if (kind === 'portalLink') return { recipient, mail: portalMail(d, brand) };
  return null;
}
