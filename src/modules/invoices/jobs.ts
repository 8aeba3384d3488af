import type { AppContext } from '../../context.ts';
import { expiryJob, type JobEnv, type JobSpec } from '../../lib/jobs.ts';
import { expireInvoices } from './expire.ts';

/**
 * Invoices whose payment window closed are recomputed (expired, or failed when money was dropped);
 * a change of the invoices (a new one, a changed window) wakes the job (lib/jobs.ts: expiryJob).
 */
export function invoiceJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  return [expiryJob('invoice-expiry', 'invoices', () => expireInvoices(ctx))];
}
