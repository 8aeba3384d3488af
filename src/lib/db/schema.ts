import type { ColumnType, Generated } from 'kysely';

/** NUMERIC columns come back as exact decimal strings; bigint or string goes in. */
export type Numeric = ColumnType<string, string | bigint, string | bigint>;
export type NullableNumeric = ColumnType<string | null, string | bigint | null, string | bigint | null>;
/** Timestamps come back as Date; Date or ISO string goes in. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface TenantsTable {
  id: string;
  name: string;
  max_accounts: number | null;
  deposit_webhook_url: string | null;
  deposit_commission: NullableNumeric;
  webhook_secret: string;
  is_demo: Generated<boolean>;
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
  account_id: string;
  key_hash: string;
  key_start: string;
  scopes: string[];
  allowed_ips: string[] | null;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface BlockedCustomersTable {
  tenant_id: string;
  customer_id: string;
  created_at: Timestamp;
}

export interface NetworkFeeQuotesTable {
  currency_code: string;
  amount: NullableNumeric;
  quoted_at: Timestamp;
  source: string;
}

export interface HdAccountsTable {
  id: Generated<number>;
  network: string;
  xpub: string;
  next_index: Generated<number>;
  sandbox: boolean;
  created_at: Timestamp;
}

export interface AddressesTable {
  network: string;
  address: string;
  hd_account_id: number;
  derivation_index: number;
  purpose: string;
  owner_id: string;
  tenant_id: string;
  created_at: Timestamp;
}

export interface SandboxBlocksTable {
  network: string;
  height: number;
  hash: string;
  parent_hash: string | null;
  created_at: Timestamp;
}

export interface SandboxTransfersTable {
  network: string;
  tx_hash: string;
  output_index: number;
  to_address: string;
  currency_code: string;
  amount: Numeric;
  block_height: number | null;
  rbf: Generated<boolean>;
  dropped: Generated<boolean>;
  created_at: Timestamp;
}

export interface JournalEntriesTable {
  id: string;
  tenant_id: string | null;
  kind: string;
  ref_type: string;
  ref_id: string;
  created_at: Timestamp;
}

export interface JournalLinesTable {
  entry_id: string;
  line_no: number;
  ledger_account: string;
  currency_code: string;
  amount: Numeric;
}

export interface LedgerBalancesTable {
  ledger_account: string;
  currency_code: string;
  balance: Numeric;
  updated_at: Timestamp;
}

export interface OutboxEventsTable {
  id: Generated<string>;
  tenant_id: string | null;
  event_type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  processed_at: NullableTimestamp;
}

/** Statuses of a webhook delivery (migration 0010's CHECK lists the same; the machine is in modules/webhooks/status.ts). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookDeliveriesTable {
  id: string;
  seq: Generated<string>;
  tenant_id: string;
  event_id: string;
  event_type: string;
  aggregate_key: string;
  url: string;
  origin: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_until: NullableTimestamp;
  lease_owner: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  retry_from: Timestamp;
  updated_at: Timestamp;
  delivered_at: NullableTimestamp;
  failed_at: NullableTimestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempt: number;
  attempted_at: Timestamp;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_body: string | null;
  outcome: 'delivered' | 'retried' | 'failed';
}

export interface ExchangeRatesTable {
  asset: string;
  usd_price: Numeric;
  fetched_at: Timestamp;
  source: string;
}

/** One source's latest USD price of an asset (migration 0014). */
export interface RateSourcesTable {
  asset: string;
  source: string;
  usd_price: Numeric;
  fetched_at: Timestamp;
}

/** Why an asset's combined price was refused at the last refresh. */
export interface RateRefusalsTable {
  asset: string;
  reason: string;
  detail: ColumnType<Record<string, unknown>, string, string>;
  decided_at: Timestamp;
}

export interface ChainCursorsTable {
  network: string;
  next_height: number;
  updated_at: Timestamp;
}

/** Statuses of an observed payment (migration 0007's CHECK; the machine is in modules/payments/status.ts). */
export const PAYMENT_STATUSES = ['seen', 'confirmed', 'orphaned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentsTable {
  id: string;
  network: string;
  tx_hash: string;
  output_index: number;
  address: string;
  currency_code: string;
  amount: Numeric;
  block_height: number | null;
  block_hash: string | null;
  confirmations: Generated<number>;
  rbf: Generated<boolean>;
  status: PaymentStatus;
  purpose: string;
  owner_id: string;
  tenant_id: string;
  first_seen_at: Timestamp;
  confirmed_at: NullableTimestamp;
  updated_at: Timestamp;
  swept_at: NullableTimestamp;
  sweep_tx: string | null;
}

/** Statuses of a deposit, the spec's enum (migration 0008's CHECK; the machine is in modules/deposits/status.ts). */
export const DEPOSIT_STATUSES = ['created', 'processing', 'completed', 'suspended', 'failed', 'expired', 'cancelled'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface DepositsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  customer_id: string | null;
  webhook_url: string | null;
  currency_code: string;
  network: string;
  address: string;
  status: DepositStatus;
  network_fee: Numeric;
  min_amount: Numeric;
  commission_rate: Numeric;
  amount_paid: ColumnType<string, string | bigint | undefined, string | bigint>;
  fee_withheld: ColumnType<string, string | bigint | undefined, string | bigint>;
  commission: ColumnType<string, string | bigint | undefined, string | bigint>;
  net_credited: ColumnType<string, string | bigint | undefined, string | bigint>;
  usd_price: NullableNumeric;
  tx_hash: string | null;
  completed_at: NullableTimestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Statuses of an invoice, the spec's enum (migration 0009's CHECK; the machine is in modules/invoices/status.ts). */
export const INVOICE_STATUSES = ['created', 'processing', 'paid', 'partially_paid', 'overpaid', 'expired', 'cancelled', 'failed', 'suspended'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** One line of an invoice as given; quantity and cost kept as exact decimal strings. */
export interface StoredInvoiceItem {
  name: string;
  quantity: string;
  cost: string;
}

type Sum = ColumnType<string, string | bigint | undefined, string | bigint>;

export interface InvoicesTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  /** The fiat total in the currency's minor units (cents). */
  amount_minor: Numeric;
  fiat_currency: string;
  items: ColumnType<StoredInvoiceItem[], string, string>;
  description: string | null;
  number: string | null;
  customer_id: string | null;
  custom_payload: string | null;
  webhook_url: string | null;
  return_url: string | null;
  success_url: string | null;
  failed_url: string | null;
  source: string;
  status: InvoiceStatus;
  commission_rate: Numeric;
  quote_id: string | null;
  amount_paid: Sum;
  fee_withheld: Sum;
  commission: Sum;
  net_credited: Sum;
  tx_hash: string | null;
  late_payment: 'after_expiry' | 'after_cancellation' | null;
  paid_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceQuotesTable {
  id: string;
  invoice_id: string;
  currency_code: string;
  network: string;
  address: string;
  amount_expected: Numeric;
  network_fee: Numeric;
  fiat_usd_price: Numeric;
  crypto_usd_price: Numeric;
  locked_at: Timestamp;
}

/** Statuses of a withdrawal, the spec's enum (migration 0011's CHECK; the machine is in modules/withdrawals/status.ts). */
export const WITHDRAWAL_STATUSES = ['created', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface WithdrawalQuotesTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  currency_code: string;
  network: string;
  address: string;
  amount: Numeric;
  fee: Numeric;
  fee_native: Numeric;
  fee_native_currency: string;
  usd_price: Numeric;
  convert_from: string | null;
  convert_from_amount: NullableNumeric;
  convert_to_amount: NullableNumeric;
  convert_commission: NullableNumeric;
  expires_at: Timestamp;
  committed_at: NullableTimestamp;
  withdrawal_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConversionsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  from_currency: string;
  to_currency: string;
  from_amount: Numeric;
  to_amount: Numeric;
  commission: Numeric;
  created_at: Timestamp;
}

export interface WithdrawalsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  quote_id: string;
  currency_code: string;
  network: string;
  address: string;
  amount: Numeric;
  fee: Numeric;
  usd_price: Numeric;
  status: WithdrawalStatus;
  convert_id: string | null;
  custom_data: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  webhook_url: string | null;
  source: string;
  tx_hash: string | null;
  signed_tx: string | null;
  failure_reason: string | null;
  broadcast_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Statuses of an x402 settlement (migration 0012's CHECK; the machine is in modules/x402/status.ts). */
export const X402_STATUSES = ['submitted', 'confirmed', 'failed'] as const;
export type X402Status = (typeof X402_STATUSES)[number];

export interface X402SettlementsTable {
  id: string;
  tenant_id: string;
  network: string;
  asset: string;
  payer: string;
  pay_to: string;
  nonce: string;
  amount: Numeric;
  status: X402Status;
  transaction: Generated<string>;
  error_reason: string | null;
  gas_cost: NullableNumeric;
  created_at: Timestamp;
  updated_at: Timestamp;
  confirmed_at: NullableTimestamp;
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

/** Every table of the service, as Kysely sees it. */
export interface DB {
  tenants: TenantsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  blocked_customers: BlockedCustomersTable;
  network_fee_quotes: NetworkFeeQuotesTable;
  hd_accounts: HdAccountsTable;
  addresses: AddressesTable;
  sandbox_blocks: SandboxBlocksTable;
  sandbox_transfers: SandboxTransfersTable;
  journal_entries: JournalEntriesTable;
  journal_lines: JournalLinesTable;
  ledger_balances: LedgerBalancesTable;
  outbox_events: OutboxEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  exchange_rates: ExchangeRatesTable;
  rate_sources: RateSourcesTable;
  rate_refusals: RateRefusalsTable;
  chain_cursors: ChainCursorsTable;
  payments: PaymentsTable;
  deposits: DepositsTable;
  invoices: InvoicesTable;
  invoice_quotes: InvoiceQuotesTable;
  withdrawal_quotes: WithdrawalQuotesTable;
  withdrawals: WithdrawalsTable;
  conversions: ConversionsTable;
  x402_settlements: X402SettlementsTable;
  system_settings: SystemSettingsTable;
  schema_migrations: SchemaMigrationsTable;
}
