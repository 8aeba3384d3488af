/**
 * Sends due mails through SMTP (nodemailer). A worker leases the mails it sends in one statement
 * (FOR UPDATE SKIP LOCKED), so workers on every instance share them and none holds a transaction
 * over a network call; a worker that dies leaves its leases to run out, and another sends those
 * mails. An answer that refuses the mail for good (a 5xx about the recipient or the message) fails
 * it; anything else (the server unreachable, busy, or refusing to sign in) is tried again with
 * growing pauses, for a day. Each mail's Message-ID is its job's, so a copy sent twice after a crash
 * between sending and storing the outcome is recognisable as the same mail.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailSettings } from '../../config.ts';
import type { Db } from '../../lib/db/index.ts';
import type { EmailJobsTable } from '../../lib/db/schema.ts';
import { backoffSeconds } from '../webhooks/attempts.ts';
import { LOGO_CID } from './render.ts';
import { emailJobMachine } from './status.ts';

type JobRow = Selectable<EmailJobsTable>;

export interface SenderOptions {
  /** Seconds a lease lasts: longer than one sending may take. */
  leaseS: number;
  /** Mails leased per round. */
  batch: number;
  /** First pause after a failed attempt; later ones double (at most six hours). */
  retryBaseS: number;
  /** How long a mail is tried before it is given up. */
  giveUpAfterS: number;
}

export const SENDER_DEFAULTS: SenderOptions = { leaseS: 120, batch: 20, retryBaseS: 30, giveUpAfterS: 24 * 3600 };

/** An outcome of one attempt, as stored. */
export type MailOutcome = 'sent' | 'retried' | 'failed';

/** Whether an SMTP error is about this mail (its recipient or content), not the server. */
const aboutTheMail = (err: unknown) => ['EENVELOPE', 'EMESSAGE'].includes(String((err as { code?: string }).code));

/** Whether an SMTP error refuses this mail for good: a 5xx answer about its recipient or its content. */
export function isPermanent(err: unknown): boolean {
  const e = err as { responseCode?: number };
  return typeof e.responseCode === 'number' && e.responseCode >= 500 && aboutTheMail(err);
}

/** The longest one attempt may take (connection, greeting, and the transfer's socket wait). */
const ATTEMPT_MAX_MS = 50_000;

/** A transport to the SMTP server, with bounded waits (nodemailer's own wait minutes). */
export function smtpTransport(settings: EmailSettings): Transporter {
  return nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

export class MailSender {
  /** This process's name on the leases it takes. */
  readonly owner = randomUUID();
  readonly counts: Record<MailOutcome, number> = { sent: 0, retried: 0, failed: 0 };

  constructor(
    private readonly db: Db,
    private readonly settings: EmailSettings,
    private readonly transport: Transporter = smtpTransport(settings),
    private readonly opts: SenderOptions = SENDER_DEFAULTS,
  ) {}

  /** Leases up to a batch of due mails to this process. */
  async claim(): Promise<JobRow[]> {
    const { rows } = await sql<JobRow>`
      with due as (
        select id from email_jobs
        where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
        order by next_attempt_at
        limit ${this.opts.batch}
        for update skip locked
      )
      update email_jobs j
      set lease_until = now() + make_interval(secs => ${this.opts.leaseS}), lease_owner = ${this.owner}, attempts = j.attempts + 1, updated_at = now()
      from due where j.id = due.id
      returning j.*`.execute(this.db);
    return rows;
  }

  /**
   * One round: lease due mails and send them one by one; returns how many were leased. When the
   * server fails (unreachable, refusing to sign in), the rest of the batch is not tried: each is
   * stored as failing the same way, to be tried again after its pause. One whose lease could run
   * out before its attempt ends is given back, so no other worker sends it meanwhile.
   */
  async round(): Promise<number> {
    const jobs = await this.claim();
    const leaseEnd = Date.now() + this.opts.leaseS * 1000;
    let serverDown: unknown = null;
    for (const job of jobs) {
      if (serverDown !== null) await this.record(job, serverDown);
      else if (Date.now() + ATTEMPT_MAX_MS > leaseEnd) await this.giveBack(job);
      else {
        const error = await this.send(job);
        await this.record(job, error);
        if (error !== null && !aboutTheMail(error)) serverDown = error;
      }
    }
    return jobs.length;
  }

  /** Sends one leased mail: null, or what went wrong. */
  private async send(job: JobRow): Promise<unknown> {
    try {
      await this.transport.sendMail(await this.message(job));
      return null;
    } catch (err) {
      return err ?? new Error('sending failed');
    }
  }

  /** Frees a lease this process will not use, its attempt not counted. */
  private async giveBack(job: JobRow): Promise<void> {
    await this.db
      .updateTable('email_jobs')
      .set({ lease_until: null, lease_owner: null, attempts: job.attempts - 1 })
      .where('id', '=', job.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', job.attempts)
      .where('lease_owner', '=', this.owner)
      .execute();
  }

  private async message(job: JobRow) {
    const domain = this.settings.from.address.split('@')[1];
    const from = { name: job.from_name ?? this.settings.from.name ?? '', address: this.settings.from.address };
    const logo = job.html_body.includes(`cid:${LOGO_CID}`)
      ? await this.db.selectFrom('tenants').select(['logo', 'logo_type']).where('id', '=', job.tenant_id).executeTakeFirst()
      : undefined;
    return {
      from,
      to: job.recipient,
      subject: job.subject,
      text: job.text_body,
      html: job.html_body,
      messageId: `<${job.id}@${domain}>`,
      headers: { 'auto-submitted': 'auto-generated' },
      attachments:
        logo?.logo && logo.logo_type
          ? [
              {
                filename: `logo.${logo.logo_type.split('/')[1]}`,
                content: Buffer.from(logo.logo),
                contentType: logo.logo_type,
                cid: LOGO_CID,
              },
            ]
          : [],
    };
  }

  /**
   * Stores the attempt: sent, failed (refused for good, or tried for too long), or due again after
   * a pause. Holds only while the lease is still this attempt's (a lease that ran out may have been
   * taken over: then the other attempt's outcome counts).
   */
  private async record(job: JobRow, error: unknown): Promise<MailOutcome | null> {
    const wait = backoffSeconds(job.attempts, this.opts.retryBaseS);
    const ageS = (Date.now() - job.created_at.getTime()) / 1000;
    const outcome: MailOutcome =
      error === null ? 'sent' : !isPermanent(error) && ageS + wait <= this.opts.giveUpAfterS ? 'retried' : 'failed';
    if (outcome !== 'retried') emailJobMachine.assert('pending', outcome);
    const message = error === null ? null : String((error as Error).message ?? error).slice(0, 500);
    const moved = await this.db
      .updateTable('email_jobs')
      .set({
        status: outcome === 'retried' ? 'pending' : outcome,
        lease_until: null,
        lease_owner: null,
        last_error: message,
        updated_at: sql`now()`,
        next_attempt_at: outcome === 'retried' ? sql`now() + make_interval(secs => ${wait})` : sql`next_attempt_at`,
        sent_at: outcome === 'sent' ? sql`now()` : null,
        failed_at: outcome === 'failed' ? sql`now()` : null,
      })
      .where('id', '=', job.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', job.attempts)
      .where('lease_owner', '=', this.owner)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return null;
    this.counts[outcome]++;
    return outcome;
  }

  /** Milliseconds until a mail nobody holds falls due (0 or less: one is due), or null when none is pending. */
  async dueInMs(): Promise<number | null> {
    const { rows } = await sql<{ ms: number | null }>`
      select (extract(epoch from min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) - now()) * 1000)::float8 as ms
      from email_jobs where status = 'pending'`.execute(this.db);
    const ms = rows[0]?.ms;
    return ms == null ? null : Number(ms);
  }

  close(): void {
    this.transport.close();
  }
}
