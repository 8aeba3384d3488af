/**
 * A tenant's mail settings: which kinds it sends, whether this installation sends mail at all
 * (SMTP_URL), and its latest mails with where each stands.
 */
import type { Config } from '../../config.ts';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { EMAIL_KIND_NAMES, type EmailKind } from './kinds.ts';

/** How many of the latest mails the settings show. */
export const RECENT_MAILS = 20;

export interface EmailSettingsView {
  sending: boolean;
  from: string | null;
  kinds: Record<EmailKind, boolean>;
  recent: Array<{
    id: string;
    kind: string;
    recipient: string;
    subject: string;
    status: 'pending' | 'sent' | 'failed';
    attempts: number;
    lastError: string | null;
    createdAt: string;
    sentAt: string | null;
  }>;
}

/** The tenant's mail settings and latest mails; 404 for an unknown tenant. */
export async function emailSettingsOf(db: Executor, config: Pick<Config, 'email'>, tenantId: string): Promise<EmailSettingsView> {
  const tenant = await db.selectFrom('tenants').select('email_off').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) throw new AppError('exceptions.tenant.notFound');
  const rows = await db
    .selectFrom('email_jobs')
    .select(['id', 'kind', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .limit(RECENT_MAILS)
    .execute();
  const off = new Set(tenant.email_off);
  const from = config.email ? config.email.from : null;
  return {
    sending: config.email !== null,
    from: from ? (from.name ? `${from.name} <${from.address}>` : from.address) : null,
    kinds: Object.fromEntries(EMAIL_KIND_NAMES.map((k) => [k, !off.has(k)])) as Record<EmailKind, boolean>,
    recent: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      recipient: r.recipient,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
    })),
  };
}

/**
 * Turns kinds on (true) or off (false), the others as they were; `alsoIn` writes in the same
 * transaction (the audit entry). Returns the kinds that changed.
 */
export async function changeEmailKinds(
  db: Db,
  tenantId: string,
  kinds: Partial<Record<EmailKind, boolean>>,
  alsoIn: (trx: Trx, changed: Partial<Record<EmailKind, boolean>>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('tenants').select('email_off').where('id', '=', tenantId).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('exceptions.tenant.notFound');
    const off = new Set(row.email_off);
    const changed: Partial<Record<EmailKind, boolean>> = {};
    for (const kind of EMAIL_KIND_NAMES) {
      const on = kinds[kind];
      if (on === undefined || on === !off.has(kind)) continue;
      if (on) off.delete(kind);
      else off.add(kind);
      changed[kind] = on;
    }
    if (Object.keys(changed).length === 0) return;
    await trx
      .updateTable('tenants')
      .set({ email_off: EMAIL_KIND_NAMES.filter((k) => off.has(k)) })
      .where('id', '=', tenantId)
      .execute();
    await alsoIn(trx, changed);
  });
}
