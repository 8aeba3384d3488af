import { Type } from '@sinclair/typebox';

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
