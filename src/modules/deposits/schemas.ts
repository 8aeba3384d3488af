import { Type } from '@sinclair/typebox';
import { DateTime, Money, Nullable } from '../../lib/http/schemas.ts';
import { SettlementSchema } from '../ledger/schemas.ts';
import { RefundFieldsSchema } from '../withdrawals/schemas.ts';
import { PaymentSchema } from '../payments/schemas.ts';
import { depositMachine } from './status.ts';

/** The deposit record. */
export const DepositRecordSchema = Type.Composite([
  Type.Object({
    id: Type.String(),
    accountId: Type.String({ format: 'uuid' }),
    orderId: Type.Optional(Type.String()),
    customerId: Type.Optional(Type.String()),
    status: depositMachine.schema,
    cryptoCurrencyCode: Type.String(),
    address: Type.Optional(Type.String()),
    expiresAt: Type.String(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    settlement: Type.Optional(SettlementSchema),
  }),
  RefundFieldsSchema,
]);

/** `deposit.statusChanged` body. */
export const DepositStatusChangedSchema = Type.Object({
  event: Type.Literal('deposit.statusChanged'),
  data: Type.Composite([
    DepositRecordSchema,
    Type.Object({
      previousStatus: depositMachine.schema,
      depositTransactionHash: Nullable(Type.String()),
      actuallyReceivedAmount: Nullable(Money()),
      actuallyReceivedAmountUsd: Nullable(Money()),
    }),
  ]),
  timestamp: DateTime,
});

/**
 * `deposit.otherAssetReceived` body: an asset of the catalogue other than the deposit's currency
 * arrived at its address and is final. It does not count toward the deposit (whose record is as it
 * was); `payment` says what arrived and what was credited to the account in that asset.
 */
export const DepositOtherAssetSchema = Type.Object({
  event: Type.Literal('deposit.otherAssetReceived'),
  data: Type.Composite([DepositRecordSchema, Type.Object({ payment: PaymentSchema })]),
  timestamp: DateTime,
});
