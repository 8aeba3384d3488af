import { Type } from '@sinclair/typebox';
import { DateTime, Money, Nullable } from '../../../lib/http/schemas.ts';
import { WITHDRAWAL_STATUSES } from '../../../lib/db/schema.ts';
import { QuoteSchema, WithdrawalRecordSchema } from '../schemas.ts';
import { withdrawalBatchMachine } from './status.ts';

/** What a batch's items of one currency add up to. */
const CurrencyTotalSchema = Type.Object({
  cryptoCurrencyCode: Type.String(),
  items: Type.Integer({ description: 'Items in this currency' }),
  amount: Money('What reaches the destinations'),
  fee: Money('The network fees, in this currency'),
  totalDeduction: Money('amount + fee: debited at commit'),
});
/** What a batch's items add up to, per currency. */
export const BatchTotalsSchema = Type.Array(CurrencyTotalSchema);

/** A batch quote: each item's quote (with its index in the request) and the totals. */
export const BatchQuoteSchema = Type.Object({
  batchQuoteId: Type.String({ format: 'uuid' }),
  items: Type.Array(
    Type.Composite([Type.Object({ index: Type.Integer({ description: "The item's place in the request, from 0" }) }), QuoteSchema]),
  ),
  totals: BatchTotalsSchema,
  expiresAt: DateTime,
});

/** A withdrawal batch with its items counted per status and summed per currency. */
export const BatchRecordSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  accountId: Type.String({ format: 'uuid' }),
  batchQuoteId: Type.String({ format: 'uuid' }),
  status: withdrawalBatchMachine.schema,
  itemCount: Type.Integer(),
  counts: Type.Object(Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, Type.Integer()])), {
    description: 'Items per withdrawal status',
  }),
  totals: BatchTotalsSchema,
  completedTotals: Type.Array(CurrencyTotalSchema, { description: 'What the completed items paid out, per currency' }),
  webhookUrl: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
  completedAt: Nullable(DateTime),
});

/** The commit's answer: the batch and its withdrawals, in the order of the request. */
export const BatchCommittedSchema = Type.Composite([BatchRecordSchema, Type.Object({ withdrawals: Type.Array(WithdrawalRecordSchema) })]);

/** `withdrawalBatch.statusChanged` body. */
export const WithdrawalBatchStatusChangedSchema = Type.Object({
  event: Type.Literal('withdrawalBatch.statusChanged'),
  data: Type.Composite([BatchRecordSchema, Type.Object({ previousStatus: withdrawalBatchMachine.schema })]),
  timestamp: DateTime,
});
