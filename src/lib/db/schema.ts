import type {
  TenantsTable,
  AccountsTable,
  ApiKeysTable,
  BlockedCustomersTable,
  SystemSettingsTable,
  SchemaMigrationsTable,
} from './tables/tenancy.ts';
import type {
  NetworkFeeQuotesTable,
  HdAccountsTable,
  AddressesTable,
  SandboxBlocksTable,
  SandboxTransfersTable,
  SandboxFaucetTable,
  ChainCursorsTable,
  PaymentsTable,
  UnlistedTokenTransfersTable,
  HeldPaymentsTable,
} from './tables/chain.ts';
import type {
  JournalEntriesTable,
  JournalLinesTable,
  LedgerBalancesTable,
  LedgerBalanceDeltasTable,
  LedgerBalancesNowView,
  OutboxEventsTable,
  ExchangeRatesTable,
  RateSourcesTable,
  RateRefusalsTable,
  RateAcceptedTable,
} from './tables/ledger.ts';
import type { WebhookDeliveriesTable, WebhookAttemptsTable } from './tables/webhooks.ts';
import type { DepositsTable } from './tables/deposits.ts';
import type { InvoicesTable, InvoiceQuotesTable } from './tables/invoices.ts';
import type {
  WithdrawalApprovalsTable,
  WithdrawalQuotesTable,
  WithdrawalSignersTable,
  WithdrawalTransactionsTable,
  WithdrawalsTable,
} from './tables/withdrawals.ts';
import type { ConversionQuotesTable, ConversionsTable } from './tables/conversions.ts';
import type { X402PaymentIdentifiersTable, X402ResourcesTable, X402SettlementsTable } from './tables/x402.ts';
import type {
  UsersTable,
  SessionsTable,
  AuditLogTable,
  RequestLogTable,
  LoginThrottleTable,
  UserRecoveryCodesTable,
  PasswordResetsTable,
} from './tables/people.ts';
import type { SweepTransactionsTable } from './tables/sweeps.ts';
import type { ListCountsTable, ListCountDeltasTable, ListDayCountsTable } from './tables/counts.ts';
import type { PayoutAddressesTable, PayoutPoliciesTable, PayoutPolicyChangesTable } from './tables/payouts.ts';
import type {
  ColdMoveRequestsTable,
  ColdTransferTransactionsTable,
  ColdTransfersTable,
  HotWalletLevelsTable,
} from './tables/cold-storage.ts';
import type { EmailJobsTable } from './tables/email.ts';
import type { PaymentLinksTable } from './tables/payment-links.ts';
import type {
  SubscriptionCreditMovesTable,
  SubscriptionCustomersTable,
  SubscriptionPeriodsTable,
  SubscriptionPlansTable,
  SubscriptionsTable,
} from './tables/subscriptions.ts';
import type { WithdrawalBatchQuotesTable, WithdrawalBatchesTable } from './tables/withdrawal-batches.ts';
import type { PayoutBundleTransactionsTable, PayoutBundlesTable } from './tables/payout-bundles.ts';

/**
 * The database as Kysely sees it: each table's row type lives with its domain in `tables/`, this
 * file puts them together. Status lists (`*_STATUSES`) are written once, there, and match the
 * migrations' CHECK constraints (test/structure/statuses.test.ts).
 */
export * from './tables/columns.ts';
export * from './tables/tenancy.ts';
export * from './tables/chain.ts';
export * from './tables/ledger.ts';
export * from './tables/webhooks.ts';
export * from './tables/deposits.ts';
export * from './tables/invoices.ts';
export * from './tables/withdrawals.ts';
export * from './tables/conversions.ts';
export * from './tables/x402.ts';
export * from './tables/people.ts';
export * from './tables/sweeps.ts';
export * from './tables/counts.ts';
export * from './tables/payouts.ts';
export * from './tables/cold-storage.ts';
export * from './tables/email.ts';
export * from './tables/payment-links.ts';
export * from './tables/subscriptions.ts';
export * from './tables/withdrawal-batches.ts';
export * from './tables/payout-bundles.ts';

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
  sandbox_faucet: SandboxFaucetTable;
  journal_entries: JournalEntriesTable;
  journal_lines: JournalLinesTable;
  ledger_balances: LedgerBalancesTable;
  ledger_balance_deltas: LedgerBalanceDeltasTable;
  /** A view: ledger_balances with the pending deltas added (the one way to read a house balance). */
  ledger_balances_now: LedgerBalancesNowView;
  outbox_events: OutboxEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  exchange_rates: ExchangeRatesTable;
  rate_sources: RateSourcesTable;
  rate_refusals: RateRefusalsTable;
  rate_accepted: RateAcceptedTable;
  chain_cursors: ChainCursorsTable;
  payments: PaymentsTable;
  unlisted_token_transfers: UnlistedTokenTransfersTable;
  held_payments: HeldPaymentsTable;
  sweep_transactions: SweepTransactionsTable;
  deposits: DepositsTable;
  invoices: InvoicesTable;
  invoice_quotes: InvoiceQuotesTable;
  withdrawal_quotes: WithdrawalQuotesTable;
  withdrawals: WithdrawalsTable;
  withdrawal_transactions: WithdrawalTransactionsTable;
  withdrawal_signers: WithdrawalSignersTable;
  withdrawal_approvals: WithdrawalApprovalsTable;
  conversions: ConversionsTable;
  conversion_quotes: ConversionQuotesTable;
  x402_settlements: X402SettlementsTable;
  x402_resources: X402ResourcesTable;
  x402_payment_identifiers: X402PaymentIdentifiersTable;
  users: UsersTable;
  user_recovery_codes: UserRecoveryCodesTable;
  password_resets: PasswordResetsTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  request_log: RequestLogTable;
  system_settings: SystemSettingsTable;
  schema_migrations: SchemaMigrationsTable;
  list_counts: ListCountsTable;
  list_day_counts: ListDayCountsTable;
  list_count_deltas: ListCountDeltasTable;
  payout_addresses: PayoutAddressesTable;
  payout_policies: PayoutPoliciesTable;
  payout_policy_changes: PayoutPolicyChangesTable;
  cold_transfers: ColdTransfersTable;
  cold_transfer_transactions: ColdTransferTransactionsTable;
  payout_bundles: PayoutBundlesTable;
  payout_bundle_transactions: PayoutBundleTransactionsTable;
  hot_wallet_levels: HotWalletLevelsTable;
  cold_move_requests: ColdMoveRequestsTable;
  email_jobs: EmailJobsTable;
  payment_links: PaymentLinksTable;
  subscription_plans: SubscriptionPlansTable;
  subscription_customers: SubscriptionCustomersTable;
  subscriptions: SubscriptionsTable;
  subscription_periods: SubscriptionPeriodsTable;
  subscription_credit_moves: SubscriptionCreditMovesTable;
  withdrawal_batch_quotes: WithdrawalBatchQuotesTable;
  withdrawal_batches: WithdrawalBatchesTable;
}
