import { Type } from '@sinclair/typebox';
import { Money } from '../../lib/http/schemas.ts';

/** The API's settlement object of invoices and deposits. */
export const SettlementSchema = Type.Object({
  amountPaid: Money(),
  amountPaidUsd: Money(),
  commissionAmount: Money(),
  commissionAmountUsd: Money(),
  networkFeeAmount: Money(),
  networkFeeAmountUsd: Money(),
  networkFeeCurrencyCode: Type.String(),
  netAmount: Money(),
  netAmountUsd: Money(),
  txHash: Type.Optional(Type.String()),
  completedAt: Type.String(),
});
