import { sql } from 'kysely';
import type { AppContext } from './context.ts';
import { ensureAdminToken } from './modules/admin/admin-token.ts';
import { createTenant, issueApiKey } from './modules/tenants/service.ts';

/** What a first start on an empty database created; printed once. */
export interface FirstStart {
  adminToken: string | null;
  tenantId: string;
  accountId: string;
  apiKey: string;
}

// Any constant works; it only has to be the same for every instance of the service.
const BOOTSTRAP_LOCK_KEY = 7_341_902_119;

/**
 * On the first start with an empty database: the admin token (unless ADMIN_TOKEN is set) and a demo
 * tenant with one account and a full-scope key. Later starts return null and print nothing.
 *
 * All of it is one transaction under an advisory lock: credentials are created together or not at
 * all (none can be stored without being returned for printing), and of several instances starting
 * at once on one empty database exactly one creates them.
 */
export async function bootstrapFirstStart(ctx: AppContext): Promise<FirstStart | null> {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(trx);
    const adminToken = await ensureAdminToken(ctx, trx);
    const any = await trx.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
    if (any) return adminToken ? { adminToken, tenantId: '', accountId: '', apiKey: '' } : null;
    const tenant = await createTenant(trx, 'Demo merchant', { isDemo: true });
    const key = await issueApiKey(trx, { tenantId: tenant.id, accountId: tenant.accountId, scopes: ['*'] });
    return { adminToken, tenantId: tenant.id, accountId: tenant.accountId, apiKey: key.key };
  });
}

export function formatFirstStart(first: FirstStart, baseUrl: string): string {
  const lines = ['', '  First start: created these credentials. They are shown only now; keep them.', ''];
  if (first.adminToken) lines.push(`  Admin token (Authorization: Bearer …):  ${first.adminToken}`);
  if (first.tenantId) {
    lines.push(`  Demo tenant id:                         ${first.tenantId}`);
    lines.push(`  Demo account id:                        ${first.accountId}`);
    lines.push(`  Demo API key (x-tenant-api-key, all scopes): ${first.apiKey}`);
  }
  lines.push('', `  API: ${baseUrl}/v1   Docs: ${baseUrl}/docs`, '');
  return lines.join('\n');
}
