import { Type } from '@sinclair/typebox';
import { DateTime, Money, Nullable } from '../../lib/http/schemas.ts';
import { withdrawalMachine } from './status.ts';
import { ShortfallSchema, WaitingReasonSchema } from './waiting.ts';

/** A withdrawal quote (also each item of a batch quote). */
export const QuoteSchema = Type.Object({
  quoteId: Type.String({ format: 'uuid' }),
  orderId: Type.String(),
  cryptoCurrencyCode: Type.String(),
  address: Type.String(),
  amount: Money('What reaches the destination'),
  fee: Type.Object({
    feeNative: Money("On-chain fee in the network's base currency"),
    feeCurrency: Type.String({ description: "The network's base currency" }),
    feeInCryptoCurrencyCode: Money('The fee in the withdrawal currency (debited)'),
    feeUsd: Money(),
  }),
  totalDeduction: Money('amount + fee, debited at commit'),
  autoConvert: Type.Union([
    Type.Null(),
    Type.Object({
      fromCryptoCurrencyCode: Type.String(),
      toCryptoCurrencyCode: Type.String(),
      fromAmount: Money(),
      toAmount: Money(),
      commission: Money(),
    }),
  ]),
  expiresAt: Type.String({ format: 'date-time' }),
});
/** Who approves a withdrawal sent to approval. */
const ApprovalLevel = Type.Union([Type.Literal('tenant'), Type.Literal('operator')]);

/** The withdrawal record. */
export const WithdrawalRecordSchema = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  accountId: Type.String(),
  cryptoCurrencyCode: Type.String(),
  address: Type.String(),
  transactionHash: Type.Optional(Nullable(Type.String())),
  amount: Money(),
  amountUsd: Money(),
  status: withdrawalMachine.schema,
  convertId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  feeAmount: Money(),
  feeAmountUsd: Money(),
  debitedAmount: Money(),
  customData: Type.Optional(
    Type.Object({}, { additionalProperties: true, description: 'Merchant metadata as sent at commit; absent when none was sent' }),
  ),
  webhookUrl: Type.Optional(Nullable(Type.String())),
  source: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  quoteId: Nullable(Type.String({ format: 'uuid' })),
  transferId: Nullable(Type.String({ format: 'uuid' })),
  invoiceId: Type.Optional(Type.String({ format: 'uuid', description: 'A refund: the invoice it gives money back for' })),
  depositId: Type.Optional(Type.String({ format: 'uuid', description: 'A refund: the deposit it gives money back for' })),
  batchId: Type.Optional(Type.String({ format: 'uuid', description: 'An item of a batch: the batch (GET /withdrawal/batch)' })),
  outputIndex: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash',
    }),
  ),
  waitingReason: Type.Optional(WaitingReasonSchema),
  approvalsRequired: Type.Optional(
    Type.Integer({
      description: 'Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator',
    }),
  ),
  approvalExpiresAt: Type.Optional(DateTime),
  approvalLevels: Type.Optional(
    Type.Array(ApprovalLevel, {
      description: 'Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator)',
    }),
  ),
  approvals: Type.Optional(
    Type.Array(Type.Object({ level: ApprovalLevel, by: Type.String(), at: DateTime }), {
      description: 'The approvals given (on the single withdrawal, and in lists on those awaiting approval)',
    }),
  ),
  committedBy: Type.Optional(
    Type.String({ description: 'Sent to approval: who committed it (an email, or an API key’s prefix); never its approver' }),
  ),
  committedByUserId: Type.Optional(
    Nullable(
      Type.String({
        format: 'uuid',
        description: 'Sent to approval: the user who committed it, or whose API key did; null for a key the operator issued',
      }),
    ),
  ),
  waitingShortfall: Type.Optional(ShortfallSchema),
});

/** `withdrawal.statusChanged` body. */
export const WithdrawalStatusChangedSchema = Type.Object({
  event: Type.Literal('withdrawal.statusChanged'),
  data: Type.Composite([WithdrawalRecordSchema, Type.Object({ previousStatus: withdrawalMachine.schema })]),
  timestamp: DateTime,
});

/** What invoice and deposit records show of their refunds (withdrawals that give money back for them). */
export const RefundFieldsSchema = Type.Object({
  // Optional in the schema only: every record has them; events stored before refunds existed do not.
  amountRefunded: Type.Optional(Money('What live refunds (not failed or cancelled) in its own currency give back; 0 when none')),
  refunds: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        status: withdrawalMachine.schema,
        // Optional for events stored before refunds of another asset existed.
        cryptoCurrencyCode: Type.Optional(Type.String({ description: 'Its own currency, or another asset that reached the address' })),
        amount: Money(),
        transactionHash: Nullable(Type.String()),
      }),
      { description: 'Its refund withdrawals, newest last' },
    ),
  ),
});
