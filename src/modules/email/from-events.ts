/**
 * Mail jobs made of outbox events, in the transaction that marks the events processed: a crash
 * before it commits leaves the events to be handled again, and after it the jobs exist, so no mail
 * is lost; each job is keyed by its event, so handling an event again writes no second mail.
 */
import { parse } from 'lossless-json';
import type { Config } from '../../config.ts';
import type { Executor, Trx } from '../../lib/db/index.ts';
import { findCurrency, knownCurrency } from '../../lib/currencies/catalogue.ts';
import { formatUnits } from '../../lib/money.ts';
import { NOTICE, type ClaimedEvent, type OutboxHandler } from '../../lib/outbox.ts';
import { customerKind, customerMail, type InvoiceEventData } from './customer.ts';
import type { EmailKind } from './kinds.ts';
import { insertMailJobs, mailTenants, peopleIn, personOf, rolesOf, sends, utc, type MailTenant, type NewMailJob } from './jobs-store.ts';
import { merchantMail, type MerchantFacts } from './merchant.ts';
import type { RenderedMail } from './render.ts';
import type { SecurityChange } from '../users/notices.ts';
import { SUBSCRIPTION_NOTICES, subscriptionMail } from './subscription-mail.ts';

/** The notices' types: the payloads their writers give them. */
export interface SignInNotice {
  userId: string;
  ip: string;
  userAgent: string | null;
  at: string;
}
export interface SecurityNotice {
  userId: string;
  change: SecurityChange;
  ip: string | null;
  at: string;
}

const HANDLED = new Set([
  'invoice.statusChanged',
  'withdrawal.statusChanged',
  'payoutAddress.added',
  'withdrawal.awaitingApproval',
  'user.signedIn',
  'user.securityChanged',
  ...Object.keys(SUBSCRIPTION_NOTICES),
]);

/** The events' payloads read again as text and parsed with every number kept as its decimal text. */
async function exactPayloads(db: Executor, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  const rows = await db
    .selectFrom('outbox_events')
    .select(['id', (eb) => eb.cast<string>('payload', 'text').as('text')])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [String(r.id), parse(r.text, null, (n) => n) as Record<string, unknown>]));
}

const amountOf = (amount: unknown, code: unknown) => `${String(amount)} ${findCurrency(String(code))?.symbol ?? String(code)}`;

type Env = Pick<Config, 'email' | 'publicBaseUrl'>;

/**
 * A mail laid out, or null when its event's data cannot make one: a malformed payload loses its
 * own mail, never holds up the events behind it (nor their webhooks, made in this transaction).
 */
function laidOut(render: () => RenderedMail): RenderedMail | null {
  try {
    return render();
  } catch {
    return null;
  }
}

/** A merchant mail of these facts to each address. */
function toPeople(env: Env, tenant: MailTenant, source: string, facts: MerchantFacts, recipients: string[]): NewMailJob[] {
  if (!sends(tenant, facts.kind)) return [];
  const mail = laidOut(() => merchantMail(facts, tenant.brand, env.publicBaseUrl));
  if (!mail) return [];
  return recipients.map((recipient) => ({
    tenantId: tenant.id,
    source,
    kind: facts.kind,
    recipient,
    mail,
    fromName: env.email?.from.name ?? null,
  }));
}

async function invoiceJobs(trx: Trx, tenant: MailTenant, source: string, data: Record<string, unknown>): Promise<NewMailJob[]> {
  const inv = data as unknown as InvoiceEventData;
  const kind = customerKind(inv.status);
  if (!kind || !inv.customerEmail || !sends(tenant, kind)) return [];
  const row = await trx.selectFrom('invoices').select('customer_language').where('id', '=', inv.id).executeTakeFirst();
  const mail = laidOut(() => customerMail(kind, inv, tenant.brand, row?.customer_language ?? null));
  if (!mail) return [];
  return [{ tenantId: tenant.id, source, kind, recipient: inv.customerEmail, mail, fromName: tenant.brand.name }];
}

async function withdrawalJobs(trx: Trx, env: Env, tenant: MailTenant, source: string, d: Record<string, unknown>): Promise<NewMailJob[]> {
  if (d.status !== 'completed' && d.status !== 'failed') return [];
  const kind: EmailKind = d.status === 'completed' ? 'payoutCompleted' : 'payoutFailed';
  const facts: MerchantFacts = {
    kind,
    withdrawalId: String(d.id),
    amount: amountOf(d.amount, d.cryptoCurrencyCode),
    address: String(d.address),
    transactionHash: typeof d.transactionHash === 'string' ? d.transactionHash : null,
    orderId: String(d.orderId),
  };
  return toPeople(env, tenant, source, facts, await peopleIn(trx, tenant.id, rolesOf(kind)));
}

async function approvalJobs(trx: Trx, env: Env, tenant: MailTenant, source: string, withdrawalId: string): Promise<NewMailJob[]> {
  const w = await trx
    .selectFrom('withdrawals')
    .select(['id', 'amount', 'currency_code', 'address', 'approval_expires_at', 'committed_by_user_id', 'status'])
    .where('id', '=', withdrawalId)
    .executeTakeFirst();
  if (w?.status !== 'awaitingApproval') return [];
  const c = knownCurrency(w.currency_code);
  const facts: MerchantFacts = {
    kind: 'approvalWaiting',
    withdrawalId: w.id,
    amount: `${formatUnits(BigInt(w.amount), c.decimals)} ${c.symbol}`,
    address: w.address,
    expiresAt: w.approval_expires_at ? utc(w.approval_expires_at) : 'its approval time',
  };
  return toPeople(env, tenant, source, facts, await peopleIn(trx, tenant.id, rolesOf('approvalWaiting'), w.committed_by_user_id));
}

async function userJobs(trx: Trx, env: Env, tenant: MailTenant, e: ClaimedEvent, d: Record<string, unknown>): Promise<NewMailJob[]> {
  const email = await personOf(trx, tenant.id, String(d.userId));
  if (!email) return [];
  const source = `event:${e.id}`;
  if (e.type === 'user.signedIn') {
    const n = d as unknown as SignInNotice;
    return toPeople(env, tenant, source, { kind: 'newSignIn', email, ip: n.ip, device: n.userAgent ?? 'unknown', at: utc(n.at) }, [email]);
  }
  const n = d as unknown as SecurityNotice;
  return toPeople(env, tenant, source, { kind: 'securityChanged', email, change: n.change, ip: n.ip, at: utc(n.at) }, [email]);
}

/** A subscription notice's mail to its customer, unless the tenant turned its kind off. */
function subscriptionJobs(tenant: MailTenant, source: string, kind: EmailKind, d: Record<string, unknown>): NewMailJob[] {
  if (!sends(tenant, kind)) return [];
  let made: ReturnType<typeof subscriptionMail> = null;
  try {
    made = subscriptionMail(kind, d, tenant.brand);
  } catch {
    // A malformed payload loses its own mail only (see laidOut).
  }
  return made ? [{ tenantId: tenant.id, source, kind, recipient: made.recipient, mail: made.mail, fromName: tenant.brand.name }] : [];
}

/** The jobs of one event (none for the events no mail comes of). */
async function jobsOf(trx: Trx, env: Env, tenant: MailTenant, e: ClaimedEvent, d: Record<string, unknown>): Promise<NewMailJob[]> {
  const source = `event:${e.id}`;
  const subscriptionKind = e.aggregateType === NOTICE ? SUBSCRIPTION_NOTICES[e.type] : undefined;
  if (subscriptionKind) return subscriptionJobs(tenant, source, subscriptionKind, d);
  switch (e.type) {
    case 'invoice.statusChanged':
      return invoiceJobs(trx, tenant, source, d);
    case 'withdrawal.statusChanged':
      return withdrawalJobs(trx, env, tenant, source, d);
    case 'payoutAddress.added': {
      const facts: MerchantFacts = {
        kind: 'payoutAddressAdded',
        currency: String(d.cryptoCurrencyCode),
        address: String(d.address),
        label: typeof d.label === 'string' ? d.label : null,
        activeAt: utc(String(d.activeAt)),
      };
      return toPeople(env, tenant, source, facts, await peopleIn(trx, tenant.id, rolesOf('payoutAddressAdded')));
    }
    case 'withdrawal.awaitingApproval':
      return e.aggregateType === NOTICE ? approvalJobs(trx, env, tenant, source, e.aggregateId) : [];
    default:
      return e.aggregateType === NOTICE ? userJobs(trx, env, tenant, e, d) : [];
  }
}

/** Writes the mail jobs of a batch of claimed events. */
export async function writeMailJobs(trx: Trx, env: Env, events: ClaimedEvent[]): Promise<number> {
  const relevant = events.filter((e): e is ClaimedEvent & { tenantId: string } => e.tenantId !== null && HANDLED.has(e.type));
  if (relevant.length === 0) return 0;
  const payloads = await exactPayloads(
    trx,
    relevant.map((e) => e.id),
  );
  const tenants = await mailTenants(
    trx,
    relevant.map((e) => e.tenantId),
  );
  const jobs: NewMailJob[] = [];
  for (const e of relevant) {
    const tenant = tenants.get(e.tenantId);
    const data = payloads.get(e.id);
    if (tenant && data) jobs.push(...(await jobsOf(trx, env, tenant, e, data)));
  }
  return insertMailJobs(trx, jobs);
}

/** The outbox handler that writes mail jobs, or undefined when no mail is sent (no SMTP_URL). */
export function mailFromEvents(env: Env): OutboxHandler | undefined {
  if (!env.email) return undefined;
  return async (trx, events) => {
    await writeMailJobs(trx, env, events);
  };
}
