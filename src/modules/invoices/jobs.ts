import type { AppContext } from '../../context.ts';
import { expiryJob, type JobEnv, type JobSpec } from '../../lib/jobs.ts';
import type { InvoiceService } from './service.ts';

/**
 * Invoices whose payment window closed are recomputed (expired, or failed when money was dropped);
 * a change of the invoices (a new one, a changed window) wakes the job (lib/jobs.ts: expiryJob).
 */
export function invoiceJobs(_env: JobEnv<AppContext>, invoices: InvoiceService): JobSpec[] {
  return [expiryJob('invoice-expiry', 'invoices', () => invoices.expiryRound())];
}
