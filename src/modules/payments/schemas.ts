import { Type } from '@sinclair/typebox';
import { ApiNetworkSchema, CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { DateTime, Money, Nullable, Uuid } from '../../lib/http/schemas.ts';
import { heldPaymentMachine, paymentMachine } from './status.ts';

/** One on-chain transfer to an invoice's or a deposit's address (also in the events that carry one). */
export const PaymentSchema = Type.Object(
  {
    txHash: Type.String({ description: 'Transaction hash, as the network spells it' }),
    outputIndex: Type.Integer({ description: 'Output (Bitcoin) or log index (tokens) within the transaction' }),
    network: ApiNetworkSchema,
    cryptoCurrencyCode: CryptoCodeSchema,
    amount: Money('Amount received, in whole units of the currency'),
    address: Type.String({ description: 'Our address it paid' }),
    status: paymentMachine.schema,
    confirmations: Type.Integer({
      minimum: 0,
      description: 'Blocks on top of (and including) its block when the watcher last looked; 0 in the mempool',
    }),
    confirmationsRequired: Type.Integer({ description: 'Confirmations at which the payment becomes final on this network' }),
    blockHeight: Nullable(Type.Integer()),
    firstSeenAt: DateTime,
    confirmedAt: Nullable(DateTime),
    counted: Type.Boolean({
      description:
        'Whether it counts toward the invoice or deposit: false for another asset than its currency, which is credited to the balance in its own currency instead',
    }),
    onHold: Type.Boolean({
      description: 'Held by incoming screening (a sender was flagged): recorded, not credited, until the operator releases or refunds it',
    }),
    settlement: Nullable(
      Type.Object(
        {
          networkFeeAmount: Money("Network fee withheld, in the payment's currency"),
          commissionAmount: Money(),
          netAmount: Money("Credited to the account, in the payment's currency"),
          heldAmount: Money("Held for a refund: below that currency's minimum deposit"),
        },
        { description: 'What the payment gave once final; null before' },
      ),
    ),
  },
  { title: 'Payment' },
);

/** A payment incoming screening held, released or refunded, as its event tells it. */
const HeldPaymentEventData = Type.Object(
  {
    id: Uuid,
    status: heldPaymentMachine.schema,
    previousStatus: Nullable(heldPaymentMachine.schema),
    ownerType: Type.Union([Type.Literal('invoice'), Type.Literal('deposit')]),
    ownerId: Uuid,
    payment: Type.Object({
      txHash: Type.String(),
      outputIndex: Type.Integer(),
      network: ApiNetworkSchema,
      cryptoCurrencyCode: CryptoCodeSchema,
      amount: Money('Amount received, in whole units of the currency'),
      address: Type.String({ description: 'Our address it paid' }),
      status: paymentMachine.schema,
    }),
  },
  { title: 'HeldPaymentEvent' },
);

/** `heldPayment.statusChanged`: sent to the invoice's or deposit's webhook URL. */
export const HeldPaymentStatusChangedSchema = Type.Object({
  event: Type.Literal('heldPayment.statusChanged'),
  data: HeldPaymentEventData,
  timestamp: DateTime,
});
