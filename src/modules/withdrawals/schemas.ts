import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../../lib/http/schemas.ts';
import { withdrawalMachine } from './status.ts';

/** The withdrawal record. */
export const WithdrawalRecordSchema = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  accountId: Type.String(),
  cryptoCurrencyCode: Type.String(),
  address: Type.String(),
  transactionHash: Type.Optional(Nullable(Type.String())),
  amount: Type.Number(),
  amountUsd: Type.Number(),
  status: withdrawalMachine.schema,
  convertId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  feeAmount: Type.Number(),
  feeAmountUsd: Type.Number(),
  debitedAmount: Type.Number(),
  customData: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'Merchant metadata as sent at commit; absent when none was sent' })),
  webhookUrl: Type.Optional(Nullable(Type.String())),
  source: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  quoteId: Nullable(Type.String({ format: 'uuid' })),
  transferId: Nullable(Type.String({ format: 'uuid' })),
});

/** `withdrawal.statusChanged` body. */
export const WithdrawalStatusChangedSchema = Type.Object({
  event: Type.Literal('withdrawal.statusChanged'),
  data: Type.Composite([WithdrawalRecordSchema, Type.Object({ previousStatus: withdrawalMachine.schema })]),
  timestamp: DateTime,
});
