/**
 * Mails to the merchant's people (in English, as the dashboard speaks): payouts that completed or
 * failed, withdrawals waiting for their approval, a payout address added, a webhook endpoint that
 * keeps failing, and their own sign-ins and security changes. Each links to the dashboard page
 * where it is acted on.
 */
import type { SecurityChange } from '../users/notices.ts';
import { renderMail, type MailBrand, type RenderedMail } from './render.ts';

/** What a merchant mail tells, by kind; values are already written for people. */
export type MerchantFacts =
  | {
      kind: 'payoutCompleted' | 'payoutFailed';
      withdrawalId: string;
      amount: string;
      address: string;
      transactionHash: string | null;
      orderId: string;
    }
  | { kind: 'approvalWaiting'; withdrawalId: string; amount: string; address: string; expiresAt: string }
  | { kind: 'payoutAddressAdded'; address: string; currency: string; label: string | null; activeAt: string }
  | { kind: 'webhookFailing'; url: string; since: string; lastError: string; pending: number }
  | { kind: 'newSignIn'; email: string; ip: string; device: string; at: string }
  | { kind: 'securityChanged'; email: string; change: SecurityChange; ip: string | null; at: string };

const CHANGES: Record<SecurityChange, string> = {
  password: 'Your password was changed',
  passwordReset: 'Your password was reset',
  totpEnabled: 'Two-factor authentication was turned on',
  totpDisabled: 'Two-factor authentication was turned off',
};

type Words = { subject: string; paragraphs: string[]; rows: Array<[string, string]>; link: { label: string; path: string } };

function words(f: MerchantFacts, tenant: string): Words {
  switch (f.kind) {
    case 'payoutCompleted':
    case 'payoutFailed':
    case 'approvalWaiting':
    case 'payoutAddressAdded':
      return payoutWords(f, tenant);
    default:
      return accountWords(f, tenant);
  }
}

/** The words of the mails about money leaving: payouts, approvals, payout addresses. */
function payoutWords(
  f: Extract<MerchantFacts, { kind: 'payoutCompleted' | 'payoutFailed' | 'approvalWaiting' | 'payoutAddressAdded' }>,
  tenant: string,
): Words {
  switch (f.kind) {
    case 'payoutCompleted':
    case 'payoutFailed': {
      const done = f.kind === 'payoutCompleted';
      const rows: Array<[string, string]> = [
        ['Amount', f.amount],
        ['To', f.address],
        ['Order', f.orderId],
      ];
      if (f.transactionHash) rows.push(['Transaction', f.transactionHash]);
      const text = done
        ? `A payout of ${tenant} reached its destination.`
        : `A payout of ${tenant} failed. Its amount and fee were given back to the balance.`;
      return {
        subject: done ? `Payout completed: ${f.amount}` : `Payout failed: ${f.amount}`,
        paragraphs: [text],
        rows,
        link: { label: 'Open the withdrawal', path: `/withdrawals/${f.withdrawalId}` },
      };
    }
    case 'approvalWaiting':
      return {
        subject: `A withdrawal of ${f.amount} waits for your approval`,
        paragraphs: [
          `A withdrawal of ${tenant} needs a second person's approval before it is paid. Unapproved, it is cancelled at ${f.expiresAt} and the funds go back to the balance.`,
        ],
        rows: [
          ['Amount', f.amount],
          ['To', f.address],
        ],
        link: { label: 'Approve or reject', path: `/withdrawals/${f.withdrawalId}` },
      };
    case 'payoutAddressAdded':
      return {
        subject: `Payout address added: ${f.currency}`,
        paragraphs: [
          `A payout address was added to the address book of ${tenant}. If nobody of yours added it, remove it and change your passwords and keys.`,
        ],
        rows: [
          ['Currency', f.currency],
          ['Address', f.address],
          ...(f.label ? [['Label', f.label] as [string, string]] : []),
          ['Usable from', f.activeAt],
        ],
        link: { label: 'Review payout settings', path: '/settings' },
      };
  }
}

/** The words of the mails about the account: a failing webhook endpoint, sign-ins, security changes. */
function accountWords(f: Extract<MerchantFacts, { kind: 'webhookFailing' | 'newSignIn' | 'securityChanged' }>, tenant: string): Words {
  switch (f.kind) {
    case 'webhookFailing':
      return {
        subject: 'A webhook endpoint has been failing for an hour',
        paragraphs: [
          `Webhooks of ${tenant} to this endpoint have not been accepted since ${f.since}. They are retried with growing pauses and given up after three days.`,
        ],
        rows: [
          ['Endpoint', f.url],
          ['Last answer', f.lastError],
          ['Waiting', String(f.pending)],
        ],
        link: { label: 'Open the delivery log', path: '/developers/webhooks' },
      };
    case 'newSignIn':
      return {
        subject: `New sign-in to ${tenant}`,
        paragraphs: [
          `${f.email} signed in from a device or address not seen before. If it was not you, change your password and sign out everywhere.`,
        ],
        rows: [
          ['When', f.at],
          ['Address', f.ip],
          ['Device', f.device],
        ],
        link: { label: 'Review your security', path: '/settings/security' },
      };
    case 'securityChanged':
      return {
        subject: `${CHANGES[f.change]} (${tenant})`,
        paragraphs: [`${CHANGES[f.change]} for ${f.email}. If it was not you, tell your owner and have your password reset at once.`],
        rows: [['When', f.at], ...(f.ip ? [['Address', f.ip] as [string, string]] : [])],
        link: { label: 'Review your security', path: '/settings/security' },
      };
  }
}

/** The mail of these facts, for the people of `brand`'s tenant; links lead into the dashboard at `publicBaseUrl`. */
export function merchantMail(facts: MerchantFacts, brand: MailBrand, publicBaseUrl: string): RenderedMail {
  const w = words(facts, brand.name);
  return renderMail({
    lang: 'en',
    brand,
    subject: w.subject,
    heading: w.subject,
    paragraphs: w.paragraphs,
    rows: w.rows,
    link: { label: w.link.label, url: `${publicBaseUrl}/dashboard${w.link.path}` },
    footer: `Sent by the payment gateway of ${brand.name}. An owner can turn this kind of mail off in the dashboard's settings.`,
  });
}
