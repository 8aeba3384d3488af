import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { MailSender, SENDER_DEFAULTS } from './sender.ts';
import { webhookFailingRound } from './watch.ts';

/**
 * Mail's background jobs, none without SMTP_URL: sending the due mails (`email-send`), and looking
 * for webhook endpoints failing for an hour (`email-webhook-watch`). The jobs themselves are written
 * from the outbox by the dispatch job (`mailFromEvents`).
 */
export function emailJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  const settings = ctx.config.email;
  if (!settings) return [];
  const sender = new MailSender(ctx.db, settings);
  // Only where every write is seen does the job sleep until a retry falls due.
  const embedded = ctx.database.writes !== undefined;
  let dueInMs: number | null = null;
  const send = async () => {
    // A full batch may have left more behind it.
    while ((await sender.round()) === SENDER_DEFAULTS.batch);
    if (embedded) dueInMs = await sender.dueInMs();
  };
  return [
    // Where every write is seen it waits for new mails or the next retry's time; elsewhere every second.
    {
      name: 'email-send',
      intervalMs: 1000,
      round: send,
      idleIntervalMs: 60_000,
      wakeTables: ['email_jobs'],
      dueInMs: () => dueInMs,
      afterStop: async () => sender.close(),
    },
    { name: 'email-webhook-watch', intervalMs: 60_000, round: () => webhookFailingRound(ctx.db, ctx.config) },
  ];
}
