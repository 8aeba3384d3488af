/** A tenant as the operator API shows it (GET/PATCH/POST /admin/tenants…, suspend and resume). */
import { Type } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { TenantsTable } from '../../lib/db/schema.ts';
import { DateTime, Money, Nullable } from '../../lib/http/schemas.ts';
import { toJsonNumber } from '../../lib/money.ts';

export const TenantView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  accountId: Type.Optional(Type.String()),
  webhookUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'Default URL of every event whose object names none (deposits: after depositWebhookUrl)',
  }),
  depositWebhookUrl: Type.Union([Type.String(), Type.Null()], { description: "Deposit events' URL when the deposit names none" }),
  depositCommission: Type.Union([Money(), Type.Null()], {
    description: 'Override of the system default rate; null uses the default',
  }),
  maxAccounts: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  suspendedAt: Nullable({ ...DateTime, description: 'Since when the tenant is suspended (its keys and sign-ins refused); null: active' }),
});

type TenantRow = Pick<
  Selectable<TenantsTable>,
  'id' | 'name' | 'webhook_url' | 'deposit_webhook_url' | 'deposit_commission' | 'max_accounts' | 'created_at' | 'suspended_at'
>;

/** The operator's view of a tenant (its commission override, its account limit or the default). */
export function tenantView(config: Config, t: TenantRow, accountId?: string) {
  return {
    id: t.id,
    name: t.name,
    ...(accountId ? { accountId } : {}),
    webhookUrl: t.webhook_url,
    depositWebhookUrl: t.deposit_webhook_url,
    depositCommission: t.deposit_commission === null ? null : toJsonNumber(t.deposit_commission, 6),
    maxAccounts: t.max_accounts ?? config.defaultMaxAccounts,
    createdAt: t.created_at.toISOString(),
    suspendedAt: t.suspended_at?.toISOString() ?? null,
  };
}
