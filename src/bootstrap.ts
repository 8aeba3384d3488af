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

/**
 * On the first start with an empty database: the admin token (unless ADMIN_TOKEN is set) and a demo
 * tenant with one account and a full-scope key. Later starts return null and print nothing.
 */
export async function bootstrapFirstStart(ctx: AppContext): Promise<FirstStart | null> {
  const adminToken = await ensureAdminToken(ctx);
  // Several instances may start on one empty database at once: only the one that claims this
  // marker creates the demo tenant.
  const claimed = await ctx.db
    .insertInto('system_settings')
    .values({ key: 'demo_tenant_bootstrap', value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  const any = await ctx.db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (!claimed || any) return adminToken ? { adminToken, tenantId: '', accountId: '', apiKey: '' } : null;
  const tenant = await createTenant(ctx.db, 'Demo merchant', { isDemo: true });
  const key = await issueApiKey(ctx.db, { tenantId: tenant.id, accountId: tenant.accountId, scopes: ['*'] });
  return { adminToken, tenantId: tenant.id, accountId: tenant.accountId, apiKey: key.key };
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
