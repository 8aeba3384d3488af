import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import type { InvoiceService } from './service.ts';

/** Invoices whose payment window closed are recomputed (expired, or failed when money was dropped). */
export function invoiceJobs(_env: JobEnv<AppContext>, invoices: InvoiceService): JobSpec[] {
  return [{ name: 'invoice-expiry', intervalMs: 5000, round: () => invoices.expireDue() }];
}
