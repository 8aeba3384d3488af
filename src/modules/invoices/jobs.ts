import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import type { InvoiceService } from './service.ts';

/**
 * Invoices whose payment window closed are recomputed (expired, or failed when money was dropped).
 * Where every change of the database is seen, the job sleeps until the earliest open invoice
 * expires, or a change of the invoices (a new one, a changed window) wakes it; elsewhere it runs
 * every 5 s, since other instances create invoices unseen.
 */
export function invoiceJobs(_env: JobEnv<AppContext>, invoices: InvoiceService): JobSpec[] {
  let dueInMs: number | null = null;
  return [
    {
      name: 'invoice-expiry',
      intervalMs: 5000,
      round: async () => {
        dueInMs = (await invoices.expiryRound()).nextDueMs;
      },
      idleIntervalMs: 60_000,
      wakeTables: ['invoices'],
      dueInMs: () => dueInMs,
    },
  ];
}
