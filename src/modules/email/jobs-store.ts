/**
 * Writing mail jobs and finding who they go to. A job is unique on (source, recipient, kind):
 * written twice, from the same event handled again or by two workers' scans, it is one mail.
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../lib/db/index.ts';
import type { MerchantRole } from '../../lib/db/schema.ts';
import { EMAIL_KINDS, type EmailKind } from './kinds.ts';
import type { MailBrand, RenderedMail } from './render.ts';

/** A mail to write. */
export interface NewMailJob {
  tenantId: string;
  source: string;
  kind: EmailKind;
  recipient: string;
  mail: RenderedMail;
  /** The sender's display name; null: EMAIL_FROM's own. */
  fromName: string | null;
}

/** Writes the jobs (those already written are left as they are); returns how many are new. */
export async function insertMailJobs(db: Executor, jobs: NewMailJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const rows = await db
    .insertInto('email_jobs')
    .values(
      jobs.map((j) => ({
        id: randomUUID(),
        tenant_id: j.tenantId,
        source: j.source,
        kind: j.kind,
        recipient: j.recipient,
        subject: j.mail.subject,
        text_body: j.mail.text,
        html_body: j.mail.html,
        from_name: j.fromName,
      })),
    )
    .onConflict((oc) => oc.columns(['source', 'recipient', 'kind']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/** A tenant as its mails need it: its brand and the kinds it turned off. */
export interface MailTenant {
  id: string;
  brand: MailBrand;
  off: Set<string>;
}

/** The tenants by id (unknown ids are absent). */
export async function mailTenants(db: Executor, ids: string[]): Promise<Map<string, MailTenant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tenants')
    .select((eb) => ['id', 'name', 'brand_name', 'brand_color', 'email_off', eb('logo', 'is not', null).as('has_logo')])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        brand: {
          name: r.brand_name?.trim() || r.name,
          color: r.brand_color && /^#[0-9a-f]{6}$/i.test(r.brand_color) ? r.brand_color.toLowerCase() : null,
          logo: !!r.has_logo,
        },
        off: new Set(r.email_off),
      },
    ]),
  );
}

/** Whether the tenant sends this kind. */
export function sends(tenant: MailTenant, kind: EmailKind): boolean {
  return !tenant.off.has(kind);
}

/** The addresses of the tenant's active people in `roles` (invited and not yet set up: none), but `except`. */
export async function peopleIn(
  db: Executor,
  tenantId: string,
  roles: readonly MerchantRole[],
  except: string | null = null,
): Promise<string[]> {
  let q = db
    .selectFrom('users')
    .select('email')
    .where('tenant_id', '=', tenantId)
    .where('role', 'in', [...roles])
    .where('disabled_at', 'is', null)
    .where('password_hash', 'is not', null);
  if (except) q = q.where('id', '!=', except);
  return (await q.orderBy('email').execute()).map((r) => r.email);
}

/** The address of one of the tenant's active users, or null. */
export async function personOf(db: Executor, tenantId: string, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** The recipients of a merchant kind that goes to roles. */
export function rolesOf(kind: EmailKind): readonly MerchantRole[] {
  const a = EMAIL_KINDS[kind].audience;
  return a.to === 'roles' ? a.roles : [];
}

/** A moment as merchant mails write it: `2026-05-01 14:03 UTC`. */
export function utc(at: Date | string): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
