/** The documentation rows of the subscription settings (read in subscriptions.ts). */
import type { SettingRow } from './settings-rows.ts';

export const SUBSCRIPTION_SETTING_ROWS: readonly SettingRow[] = [
  {
    vars: { SUBSCRIPTION_INVOICE_LEAD_HOURS: '72' },
    doc: "how long before a subscription's period starts its invoice is issued (and mailed to the customer); the period is due at its start",
  },
  {
    vars: { SUBSCRIPTION_GRACE_HOURS: '24' },
    doc: 'how long after its due date an unpaid period leaves the subscription as it was, before it goes `pastDue` and the first payment reminder is mailed',
  },
  {
    vars: { SUBSCRIPTION_REMINDERS: '3', SUBSCRIPTION_REMINDER_INTERVAL_HOURS: '48' },
    doc: 'payment reminders mailed to a `pastDue` customer, at most this many, this far apart; one interval after the last reminder the subscription is `expired`',
  },
  {
    vars: { SUBSCRIPTION_PORTAL_SECRET: null, SUBSCRIPTION_PORTAL_LINK_TTL_MIN: '1440' },
    shown: 'generated once and kept in the database, `1440`',
    doc: 'key of the HMAC that signs customer portal links (or `SUBSCRIPTION_PORTAL_SECRET_FILE`; at least 32 characters), and how many minutes a link stays valid',
  },
];
