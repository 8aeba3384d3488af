/** The API's reason codes. */
export type X402Reason =
  | 'insufficient_funds'
  | 'invalid_exact_evm_payload_authorization_valid_after'
  | 'invalid_exact_evm_payload_authorization_valid_before'
  | 'invalid_exact_evm_payload_authorization_value_mismatch'
  | 'invalid_exact_evm_payload_signature'
  | 'invalid_exact_evm_payload_recipient_mismatch'
  | 'invalid_network'
  | 'invalid_payload'
  | 'invalid_payment_requirements'
  | 'invalid_scheme'
  | 'invalid_x402_version'
  | 'invalid_transaction_state'
  | 'unexpected_verify_error'
  | 'unexpected_settle_error'
  | 'settlement_pending'
  | 'authorization_already_used'
  | 'settlement_disabled'
  | 'gas_ceiling_exceeded'
  | 'gas_budget_exhausted'
  | 'tenant_gas_budget_exhausted'
  | 'fee_payer_reserve_low'
  | 'permit2_allowance_required'
  // The upto scheme's (the x402 EVM library's names): its permit, its witness, and an amount above the cap.
  | 'invalid_upto_evm_payload_settlement_exceeds_amount'
  | 'invalid_permit2_spender'
  | 'invalid_permit2_recipient_mismatch'
  | 'invalid_permit2_signature'
  | 'upto_facilitator_mismatch'
  | 'permit2_amount_mismatch'
  | 'permit2_token_mismatch'
  | 'permit2_deadline_expired'
  | 'permit2_not_yet_valid'
  // The x402 Solana library's own reasons, answered as it names them.
  | `invalid_exact_svm_${string}`;

export interface VerifyResult {
  isValid: boolean;
  invalidReason?: X402Reason;
  invalidMessage?: string;
  payer?: string;
}

export interface SettleResult {
  success: boolean;
  errorReason?: X402Reason;
  errorMessage?: string;
  payer?: string;
  transaction: string;
  network: string;
  amount?: string;
}

/** A payment refused for a reason the API names; verify and settle answer it, never throw it. */
export class Invalid extends Error {
  constructor(
    readonly reason: X402Reason,
    message: string,
    readonly payer?: string,
  ) {
    super(message);
  }
}

/** A promise's result or its error, to await several together and take their answers in order. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };
export const outcome = <T>(p: Promise<T>): Promise<Outcome<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** A settle refused by an error: its spec reason when it is an `Invalid`, else unexpected_settle_error. */
export function refusal(err: unknown, rest: { transaction: string; network: string; payer?: string; amount?: string }): SettleResult {
  if (err instanceof Invalid) return { success: false, errorReason: err.reason, errorMessage: err.message, ...rest };
  return { success: false, errorReason: 'unexpected_settle_error', errorMessage: (err as Error).message, ...rest };
}
