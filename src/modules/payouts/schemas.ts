/** The address book's and the policy's records, as the API and the webhooks show them. */
import { Type } from '@sinclair/typebox';
import { DateTime, Money, MoneyInput, Nullable, Uuid } from '../../lib/http/schemas.ts';

export const PayoutAddressSchema = Type.Object({
  id: Uuid,
  cryptoCurrencyCode: Type.String(),
  network: Type.String(),
  address: Type.String(),
  label: Nullable(Type.String()),
  status: Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('removed')], {
    description: '`pending` until activeAt, then `active`',
  }),
  activeAt: DateTime,
  createdAt: DateTime,
  createdBy: Type.String({ description: 'Who added it (an email, or the operator)' }),
});

const Limit = (description: string) => Nullable(Money(`${description}, in US dollars; null: no limit`));

const PolicyFields = {
  allowlistOnly: Type.Boolean({ description: 'Withdrawals (refunds aside) go only to active addresses of the address book' }),
  newAddressDelayHours: Type.Integer({
    minimum: 0,
    maximum: 720,
    description: 'Hours before a new address is usable, and a loosening of this policy takes effect',
  }),
  maxPerWithdrawalUsd: Limit('The most one withdrawal may take out (amount and fee)'),
  maxPerDayUsd: Limit('The most the withdrawals of a rolling 24 hours may take out'),
  maxPerDayPerKeyUsd: Limit('The most the withdrawals one API key committed in a rolling 24 hours may take out'),
  approvalAboveUsd: Limit('Withdrawals worth more need a second person’s approval'),
  approvalForApiKeys: Type.Boolean({ description: 'Withdrawals committed by an API key need a person’s approval' }),
};

export const PayoutPolicySchema = Type.Object({
  ...PolicyFields,
  pending: Type.Array(
    Type.Object({
      id: Uuid,
      changes: Type.Partial(Type.Object(PolicyFields)),
      requestedBy: Type.String(),
      requestedAt: DateTime,
      effectiveAt: DateTime,
    }),
    { description: 'Loosenings asked for, in force from effectiveAt unless cancelled before' },
  ),
});

const LimitInput = (description: string) =>
  Type.Optional(Type.Union([MoneyInput({ minimum: 0, maximum: 1e13, description: `${description}, at most 2 decimals` }), Type.Null()]));

/** PATCH body: only the fields to change; null clears a limit. */
export const PayoutPolicyChangeSchema = Type.Object(
  {
    allowlistOnly: Type.Optional(Type.Boolean()),
    newAddressDelayHours: Type.Optional(Type.Integer({ minimum: 0, maximum: 720 })),
    maxPerWithdrawalUsd: LimitInput('US dollars'),
    maxPerDayUsd: LimitInput('US dollars'),
    maxPerDayPerKeyUsd: LimitInput('US dollars'),
    approvalAboveUsd: LimitInput('US dollars'),
    approvalForApiKeys: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1 },
);

export const PayoutAddressAddedSchema = Type.Object({
  event: Type.Literal('payoutAddress.added'),
  data: PayoutAddressSchema,
  timestamp: DateTime,
});
export const PayoutAddressRemovedSchema = Type.Object({
  event: Type.Literal('payoutAddress.removed'),
  data: PayoutAddressSchema,
  timestamp: DateTime,
});
export const PayoutPolicyChangedSchema = Type.Object({
  event: Type.Literal('payoutPolicy.changed'),
  data: PayoutPolicySchema,
  timestamp: DateTime,
});
