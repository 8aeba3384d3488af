import type { TSchema } from '@sinclair/typebox';
import { DepositOtherAssetSchema, DepositStatusChangedSchema } from '../deposits/schemas.ts';
import { InvoiceOtherAssetSchema, InvoiceStatusChangedSchema } from '../invoices/schemas.ts';
import { WithdrawalStatusChangedSchema } from '../withdrawals/schemas.ts';
import { WithdrawalBatchStatusChangedSchema } from '../withdrawals/batch/schemas.ts';
import { HeldPaymentStatusChangedSchema } from '../payments/schemas.ts';
import { SubscriptionStatusChangedSchema } from '../subscriptions/schemas.ts';
import { PayoutAddressAddedSchema, PayoutAddressRemovedSchema, PayoutPolicyChangedSchema } from '../payouts/schemas.ts';

/**
 * The events this gateway sends, each with its body's schema. Each body is built by the module
 * that owns the object (its record schema lives beside it); this is only the index.
 */
export const EVENT_SCHEMAS = {
  'invoice.statusChanged': InvoiceStatusChangedSchema,
  'deposit.statusChanged': DepositStatusChangedSchema,
  'withdrawal.statusChanged': WithdrawalStatusChangedSchema,
  'withdrawalBatch.statusChanged': WithdrawalBatchStatusChangedSchema,
  'invoice.otherAssetReceived': InvoiceOtherAssetSchema,
  'deposit.otherAssetReceived': DepositOtherAssetSchema,
  'payoutAddress.added': PayoutAddressAddedSchema,
  'payoutAddress.removed': PayoutAddressRemovedSchema,
  'payoutPolicy.changed': PayoutPolicyChangedSchema,
  'heldPayment.statusChanged': HeldPaymentStatusChangedSchema,
  'subscription.statusChanged': SubscriptionStatusChangedSchema,
} as const satisfies Record<string, TSchema>;

export type EventType = keyof typeof EVENT_SCHEMAS;
