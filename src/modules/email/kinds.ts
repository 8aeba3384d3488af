/**
 * The kinds of mail: to customers about their invoice, and to the merchant's people about money,
 * approvals, webhooks and their own sign-in security. A tenant may turn each off.
 */
import type { MerchantRole } from '../../lib/db/schema.ts';

/** Who a kind of mail goes to: the invoice's customer, the tenant's users of some roles, or the user concerned. */
export type Audience = { to: 'customer' } | { to: 'roles'; roles: readonly MerchantRole[] } | { to: 'user' };

const MONEY: Audience = { to: 'roles', roles: ['owner', 'finance'] };

export const EMAIL_KINDS = {
  invoicePaid: { audience: { to: 'customer' }, label: 'Receipt to the customer when an invoice is paid' },
  invoiceUnderpaid: { audience: { to: 'customer' }, label: 'To the customer when less than due arrived, with what is left' },
  invoiceExpired: { audience: { to: 'customer' }, label: 'To the customer when an invoice expired unpaid' },
  subscriptionInvoice: { audience: { to: 'customer' }, label: "To a subscriber when their next period's invoice is issued" },
  subscriptionReminder: { audience: { to: 'customer' }, label: 'Payment reminders to a subscriber whose period is unpaid past its grace' },
  portalLink: { audience: { to: 'customer' }, label: 'A link to the customer portal, when you send one' },
  payoutCompleted: { audience: MONEY, label: 'Payout completed (owners and finance)' },
  payoutFailed: { audience: MONEY, label: 'Payout failed (owners and finance)' },
  approvalWaiting: { audience: MONEY, label: 'A withdrawal waits for approval (owners and finance but its committer)' },
  payoutAddressAdded: { audience: MONEY, label: 'A payout address was added (owners and finance)' },
  webhookFailing: {
    audience: { to: 'roles', roles: ['owner', 'developer'] },
    label: 'A webhook endpoint has been failing for an hour (owners and developers)',
  },
  newSignIn: { audience: { to: 'user' }, label: 'Sign-in from a new device or address (the user)' },
  securityChanged: { audience: { to: 'user' }, label: 'Password or two-factor authentication changed (the user)' },
} as const satisfies Record<string, { audience: Audience; label: string }>;

/** A kind of mail. */
export type EmailKind = keyof typeof EMAIL_KINDS;

export const EMAIL_KIND_NAMES = Object.keys(EMAIL_KINDS) as EmailKind[];
