/**
 * A webhook endpoint failing for an hour: the oldest delivery still waiting for an endpoint (a
 * tenant's URL) was first tried over an hour ago and has only failed since. Its people (owners and
 * developers) get one mail per such delivery: a scan finds it on every worker, but the job is
 * keyed by the delivery, so it is written once.
 */
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../lib/db/index.ts';
import { insertMailJobs, mailTenants, peopleIn, rolesOf, sends, utc, type NewMailJob } from './jobs-store.ts';
import { merchantMail } from './merchant.ts';

/** How long an endpoint fails before its people are told. */
export const FAILING_FOR_S = 3600;

interface Failing {
  id: string;
  tenant_id: string;
  url: string;
  retry_from: Date;
  last_status_code: number | null;
  last_error: string | null;
  pending: number;
}

/** Endpoints failing for FAILING_FOR_S whose people were not told of their oldest waiting delivery yet. */
async function failingEndpoints(db: Db): Promise<Failing[]> {
  const { rows } = await sql<Failing>`
    with oldest as (
      select distinct on (d.tenant_id, d.url) d.id, d.tenant_id, d.url, d.retry_from, d.attempts, d.last_status_code, d.last_error
      from webhook_deliveries d
      where d.status = 'pending'
      order by d.tenant_id, d.url, d.retry_from, d.seq
    )
    select o.id, o.tenant_id, o.url, o.retry_from, o.last_status_code, o.last_error,
      (select count(*) from webhook_deliveries p where p.tenant_id = o.tenant_id and p.url = o.url and p.status = 'pending')::int as pending
    from oldest o
    where o.attempts > 0 and (o.last_status_code is not null or o.last_error is not null)
      and o.retry_from < now() - make_interval(secs => ${FAILING_FOR_S})
      and not exists (select 1 from email_jobs e where e.source = 'delivery:' || o.id::text)
    limit 100`.execute(db);
  return rows;
}

/** One scan: writes the mails of endpoints newly failing for an hour; returns how many. */
export async function webhookFailingRound(db: Db, env: Pick<Config, 'email' | 'publicBaseUrl'>): Promise<number> {
  const failing = await failingEndpoints(db);
  if (failing.length === 0) return 0;
  const tenants = await mailTenants(
    db,
    failing.map((f) => f.tenant_id),
  );
  const jobs: NewMailJob[] = [];
  for (const f of failing) {
    const tenant = tenants.get(f.tenant_id);
    if (!tenant || !sends(tenant, 'webhookFailing')) continue;
    const lastError = f.last_status_code !== null ? `HTTP ${f.last_status_code}` : (f.last_error ?? 'no answer');
    const mail = merchantMail(
      { kind: 'webhookFailing', url: f.url, since: utc(f.retry_from), lastError, pending: f.pending },
      tenant.brand,
      env.publicBaseUrl,
    );
    for (const recipient of await peopleIn(db, tenant.id, rolesOf('webhookFailing'))) {
      jobs.push({
        tenantId: tenant.id,
        source: `delivery:${f.id}`,
        kind: 'webhookFailing',
        recipient,
        mail,
        fromName: env.email?.from.name ?? null,
      });
    }
  }
  return insertMailJobs(db, jobs);
}
