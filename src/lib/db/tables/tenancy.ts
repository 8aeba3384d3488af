/** Tenants, their accounts and API keys, blocked customers, system settings, applied migrations. */
import type { Generated } from 'kysely';
import type { NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

export interface TenantsTable {
  id: string;
  name: string;
  max_accounts: number | null;
  /** Default URL of every event whose object names none (migration 0019). */
  webhook_url: Generated<string | null>;
  deposit_webhook_url: string | null;
  deposit_commission: NullableNumeric;
  webhook_secret: string;
  is_demo: Generated<boolean>;
  /** The payment page's brand (migration 0021): display name (else `name`), #rrggbb colour, logo bytes and type. */
  brand_name: Generated<string | null>;
  brand_color: Generated<string | null>;
  logo: Generated<Uint8Array | null>;
  logo_type: Generated<'image/png' | 'image/jpeg' | 'image/webp' | null>;
  /** Set while an operator has the tenant suspended (migration 0025): its keys and sign-ins are refused. */
  suspended_at: NullableTimestamp;
  /** The kinds of mail the tenant turned off (migration 0059). */
  email_off: Generated<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  tenant_id: string;
  name: string;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  /** The one account the key acts on; null for a tenant-wide key (migration 0019). */
  account_id: string | null;
  key_hash: string;
  key_start: string;
  scopes: string[];
  allowed_ips: string[] | null;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** When the key last authenticated a request, to the minute (migration 0025). */
  last_used_at: NullableTimestamp;
  /** The user the key belongs to, and ends with (migration 0034); null for a key the operator issued. */
  user_id: Generated<string | null>;
  /** What the merchant calls the key (migration 0046); null for keys made without one. */
  name: Generated<string | null>;
}

export interface BlockedCustomersTable {
  tenant_id: string;
  customer_id: string;
  created_at: Timestamp;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Timestamp;
}
