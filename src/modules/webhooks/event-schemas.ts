import { Type, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

export const DEPOSIT_STATUSES = ['created', 'processing', 'completed', 'suspended', 'failed', 'expired', 'cancelled'] as const;
export const WITHDRAWAL_STATUSES = ['created', 'processing', 'completed', 'failed', 'cancelled'] as const;

const enumOf = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** The spec's settlement object of invoices and deposits. */
export const SettlementSchema = Type.Object({
  amountPaid: Type.Number(),
  amountPaidUsd: Type.Number(),
  commissionAmount: Type.Number(),
  commissionAmountUsd: Type.Number(),
  networkFeeAmount: Type.Number(),
  networkFeeAmountUsd: Type.Number(),
  networkFeeCurrencyCode: Type.String(),
  netAmount: Type.Number(),
  netAmountUsd: Type.Number(),
  txHash: Type.Optional(Type.String()),
  completedAt: Type.String(),
});

/** The deposit record. */
export const DepositRecordSchema = Type.Object({
  id: Type.String(),
  accountId: Type.String({ format: 'uuid' }),
  orderId: Type.Optional(Type.String()),
  customerId: Type.Optional(Type.String()),
  status: enumOf(DEPOSIT_STATUSES),
  cryptoCurrencyCode: Type.String(),
  address: Type.Optional(Type.String()),
  expiresAt: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  settlement: Type.Optional(SettlementSchema),
});

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
  status: enumOf(WITHDRAWAL_STATUSES),
  convertId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  feeAmount: Type.Number(),
  feeAmountUsd: Type.Number(),
  debitedAmount: Type.Number(),
  customData: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
  webhookUrl: Type.Optional(Nullable(Type.String())),
  source: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  quoteId: Nullable(Type.String({ format: 'uuid' })),
  transferId: Nullable(Type.String({ format: 'uuid' })),
});

/** `deposit.statusChanged` body. */
export const DepositStatusChangedSchema = Type.Object({
  event: Type.Literal('deposit.statusChanged'),
  data: Type.Composite([
    DepositRecordSchema,
    Type.Object({
      previousStatus: enumOf(DEPOSIT_STATUSES),
      depositTransactionHash: Nullable(Type.String()),
      actuallyReceivedAmount: Nullable(Type.Number()),
      actuallyReceivedAmountUsd: Nullable(Type.Number()),
    }),
  ]),
  timestamp: DateTime,
});

/** `withdrawal.statusChanged` body. */
export const WithdrawalStatusChangedSchema = Type.Object({
  event: Type.Literal('withdrawal.statusChanged'),
  data: Type.Composite([WithdrawalRecordSchema, Type.Object({ previousStatus: enumOf(WITHDRAWAL_STATUSES) })]),
  timestamp: DateTime,
});

export const INVOICE_STATUSES = ['created', 'processing', 'paid', 'partially_paid', 'overpaid', 'expired', 'cancelled', 'failed', 'suspended'] as const;

/** The invoice record. */
export const InvoiceRecordSchema = Type.Object({
  id: Type.String(),
  accountId: Type.String({ format: 'uuid' }),
  orderId: Type.Optional(Type.String()),
  amount: Type.Number({ description: 'Fiat total' }),
  fiatCurrencyCode: Type.String(),
  items: Type.Array(Type.Object({ name: Type.String(), quantity: Type.Number(), cost: Type.Number() })),
  status: enumOf(INVOICE_STATUSES),
  cryptoCurrencyCode: Type.Optional(Type.String()),
  cryptoAmountExpected: Type.Optional(Type.Number({ description: 'Fiat converted at the locked rate, plus the network fee' })),
  cryptoAmountReceived: Type.Optional(Type.Number({ description: 'Confirmed payments so far' })),
  address: Type.Optional(Type.String()),
  txHash: Type.Optional(Type.String()),
  settlement: Type.Optional(SettlementSchema),
  description: Type.Optional(Type.String()),
  number: Type.Optional(Type.String()),
  webhookUrl: Type.Optional(Type.String()),
  returnUrl: Type.Optional(Type.String()),
  successUrl: Type.Optional(Type.String()),
  failedUrl: Type.Optional(Type.String()),
  expiresAt: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.Optional(Type.String()),
  paidAt: Type.Optional(Type.String()),
  customerId: Type.Optional(Type.String()),
  customPayload: Type.Optional(Type.String()),
  paymentPageUrl: Type.String(),
  source: Type.Optional(Type.String()),
  latePayment: Type.Optional(
    Type.Union([Type.Literal('after_expiry'), Type.Literal('after_cancellation')], {
      description: 'Set when money arrived after the invoice expired or was cancelled (it is still credited)',
    }),
  ),
});

/** `invoice.statusChanged` body. */
export const InvoiceStatusChangedSchema = Type.Object({
  event: Type.Literal('invoice.statusChanged'),
  data: Type.Composite([InvoiceRecordSchema, Type.Object({ previousStatus: enumOf(INVOICE_STATUSES) })]),
  timestamp: DateTime,
});
