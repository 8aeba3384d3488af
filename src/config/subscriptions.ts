/** Subscription billing: when invoices are issued, the grace period, dunning, and portal links. */
import { ConfigError, int, secret } from './env.ts';

export interface SubscriptionSettings {
  /** Hours before a period's start that its invoice is issued. */
  invoiceLeadHours: number;
  /** Hours after the due date before an unpaid subscription goes pastDue. */
  graceHours: number;
  /** Payment reminders sent at most, and the hours between them (the last interval ends dunning). */
  reminders: number;
  reminderIntervalHours: number;
  /** The HMAC key of portal links; undefined: one generated and kept in the database. */
  portalSecret?: string;
  portalLinkTtlMin: number;
}

export function subscriptionSettings(env: NodeJS.ProcessEnv): SubscriptionSettings {
  const portalSecret = secret(env, 'SUBSCRIPTION_PORTAL_SECRET');
  if (portalSecret !== undefined && portalSecret.length < 32)
    throw new ConfigError('SUBSCRIPTION_PORTAL_SECRET must be at least 32 characters');
  return {
    invoiceLeadHours: int(env, 'SUBSCRIPTION_INVOICE_LEAD_HOURS', 0),
    graceHours: int(env, 'SUBSCRIPTION_GRACE_HOURS', 0),
    reminders: int(env, 'SUBSCRIPTION_REMINDERS', 0),
    reminderIntervalHours: int(env, 'SUBSCRIPTION_REMINDER_INTERVAL_HOURS', 1),
    ...(portalSecret !== undefined ? { portalSecret } : {}),
    portalLinkTtlMin: int(env, 'SUBSCRIPTION_PORTAL_LINK_TTL_MIN', 1),
  };
}
