import type { ChainAdapter } from './chains/types.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import { every, type Job, type JobSpec, type RoundResult } from './lib/jobs.ts';
import { chainAdapters } from './chains/registry.ts';
import { currencyJobs } from './modules/currencies/jobs.ts';
import { depositJobs } from './modules/deposits/jobs.ts';
import { emailJobs } from './modules/email/jobs.ts';
import { mailFromEvents } from './modules/email/from-events.ts';
import { depositListener } from './modules/deposits/settle.ts';
import { invoiceJobs } from './modules/invoices/jobs.ts';
import { invoiceListener } from './modules/invoices/payments.ts';
import { balanceFoldJobs } from './modules/ledger/fold.ts';
import { sweepJobs } from './modules/ledger/jobs.ts';
import { systemJobs } from './modules/system/jobs.ts';
import { paymentJobs } from './modules/payments/jobs.ts';
import { allListeners } from './modules/payments/watcher.ts';
import { rateJobs } from './modules/rates/jobs.ts';
import { webhookJobs } from './modules/webhooks/jobs.ts';
import { withdrawalJobs } from './modules/withdrawals/jobs.ts';
import { coldStorageJobs } from './modules/cold-storage/jobs.ts';
import { x402Jobs } from './modules/x402/jobs.ts';
import { subscriptionJobs } from './modules/subscriptions/jobs.ts';

/**
 * The adapters whose withdrawals this process executes: sandbox networks, and real ones whose
 * hot-wallet key it holds. Workers started without key files leave signing to the signer role.
 */
export function signingAdapters(adapters: ChainAdapter[]): ChainAdapter[] {
  return adapters.filter((a) => a.sandbox || !!a.hotWallet);
}

/**
 * The worker role's background jobs: each module declares its own (`modules/<m>/jobs.ts`); this
 * only puts them together and runs them, each waiting for the database while it is unreachable.
 */
export function startWorkers(ctx: AppContext, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const env = { ctx, log };
  const adapters = chainAdapters(ctx.config, ctx.db);
  const specs: JobSpec[] = [
    ...currencyJobs(env, adapters),
    ...paymentJobs(env, allListeners(depositListener(ctx), invoiceListener(ctx))),
    ...depositJobs(env),
    ...withdrawalJobs(env, signingAdapters(adapters)),
    ...coldStorageJobs(env, signingAdapters(adapters)),
    ...x402Jobs(env),
    ...sweepJobs(env, adapters),
    ...balanceFoldJobs(env),
    ...invoiceJobs(env),
    ...subscriptionJobs(env),
    ...webhookJobs(env, mailFromEvents(ctx.config)),
    ...emailJobs(env),
    ...rateJobs(env),
    ...systemJobs(env),
  ];
  const jobs = specs.map((spec) => ({ spec, job: startJob(ctx, log, spec) }));
  return {
    async stop() {
      await Promise.all(jobs.map(({ job }) => job.stop()));
      await Promise.all(jobs.map(({ spec }) => spec.afterStop?.()));
    },
  };
}

/**
 * Runs one job as its spec declares: where every change of the database is seen, a job with an
 * idle interval sleeps between changes, until the work its round left falls due (`dueInMs`).
 */
export function startJob(ctx: Pick<AppContext, 'database'>, log: FastifyBaseLogger, spec: JobSpec): Job {
  const writes = ctx.database.writes;
  const wake = writes && spec.idleIntervalMs ? { signal: writes, idleIntervalMs: spec.idleIntervalMs, tables: spec.wakeTables } : undefined;
  const round = async (): Promise<RoundResult> => {
    await spec.round();
    if (spec.busy?.()) return true;
    return spec.dueInMs?.() ?? false;
  };
  return every(spec.name, spec.intervalMs, log, round, ctx.database.availability, wake);
}
