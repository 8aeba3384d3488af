import { Type } from '@sinclair/typebox';
import { ApiNetworkSchema, CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { DateTime, Money, Nullable } from '../../lib/http/schemas.ts';
import { coldTransferMachine } from './status.ts';

/** A move of the hot wallet's excess to cold storage. */
export const ColdTransferSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  network: ApiNetworkSchema,
  cryptoCurrencyCode: CryptoCodeSchema,
  address: Type.String({ description: 'The cold address it pays' }),
  amount: Money(),
  status: coldTransferMachine.schema,
  cause: Type.Union([Type.Literal('ceiling'), Type.Literal('operator')], {
    description: 'ceiling: the hot wallet held more than <NET>_HOT_MAX_USD; operator: an operator asked for it',
  }),
  hotBalance: Money('What the hot wallet could spend when it was decided'),
  queued: Money('What the withdrawal queue needed of it then (kept in the hot wallet)'),
  transactionHash: Type.String({ description: 'The transaction it stands on now (its newest replacement, or the one in a block)' }),
  networkCost: Nullable(Money('What the network took, booked when it completed')),
  networkCostCurrency: Nullable(Type.String()),
  feeCappedAt: Nullable(Type.String({ format: 'date-time', description: 'Since when its replacement waits above the fee ceiling' })),
  feeCappedDetail: Nullable(Type.String()),
  failureReason: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
  completedAt: Nullable(DateTime),
});

/** One network's hot wallet against its cold storage. */
export const HotWalletSchema = Type.Object({
  network: ApiNetworkSchema,
  coldStorage: Nullable(
    Type.Object(
      {
        address: Type.String({ description: '<NET>_COLD_ADDRESS' }),
        hotMaxUsd: Nullable(Money('<NET>_HOT_MAX_USD: above it the excess moves to cold (null: nothing moves by itself)')),
        hotTargetUsd: Nullable(Money('<NET>_HOT_TARGET_USD: what a move leaves besides the queue')),
      },
      { description: 'null: no cold storage configured for this network' },
    ),
  ),
  moveRequestedAt: Nullable(
    Type.String({ format: 'date-time', description: "An operator's request to move down to the target, not carried out yet" }),
  ),
  currencies: Type.Array(
    Type.Object({
      cryptoCurrencyCode: CryptoCodeSchema,
      balance: Money('What the hot wallet can spend (its balance less payouts sent and not yet in a block)'),
      queued: Money('What the withdrawal queue needs of it: committed and awaiting approval'),
      shortfall: Money('What it lacks for the queue (0: covered); the hot_wallet_shortfall gauge'),
      refill: Money(
        'What to send from cold storage to cover the queue and restore the target (without cold storage: to fund it with); 0 while nothing lacks',
      ),
      checkedAt: DateTime,
      advice: Nullable(Type.String({ description: 'What to do about a shortfall, in plain words; null while nothing lacks' })),
    }),
    { description: 'As the last round of a worker holding the hot-wallet key read them (none before one ran)' },
  ),
  moves: Type.Array(ColdTransferSchema, { description: 'The latest moves to cold storage, newest first' }),
});

/** What a request to move now answers. */
export const ColdMoveRequestSchema = Type.Object({
  network: ApiNetworkSchema,
  requestedAt: DateTime,
});
