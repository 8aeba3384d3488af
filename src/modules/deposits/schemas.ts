import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../../lib/http/schemas.ts';
import { SettlementSchema } from '../ledger/schemas.ts';
import { RefundFieldsSchema } from '../withdrawals/schemas.ts';
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
      actuallyReceivedAmount: Nullable(Type.Number()),
      actuallyReceivedAmountUsd: Nullable(Type.Number()),
    }),
  ]),
  timestamp: DateTime,
});
