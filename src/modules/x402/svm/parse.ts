import { getBase58Decoder, getBase64Encoder, getTransactionDecoder, isAddress } from '@solana/kit';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import type { SvmAsset, SvmX402Chain } from '../../../chains/x402/svm.ts';
import { isObject, parseEnvelope } from '../parse.ts';
import { Invalid } from '../reasons.ts';

/** A Solana payment that passed the checks that need no chain: what verify and settle use. */
export interface SvmPayment {
  payload: PaymentPayload;
  requirements: PaymentRequirements;
  asset: SvmAsset;
  payTo: string;
  amount: bigint;
  /** The buyer's partly signed transaction, base64. */
  transaction: string;
  /** The buyer and the buyer's signature of it: the key a payment settles once under. */
  payer: string;
  nonce: string;
}

const base64 = getBase64Encoder();
const base58 = getBase58Decoder();
const decoder = getTransactionDecoder();

/**
 * The body checked against the requirements (accepted mint, payTo, amount, the fee payer named is
 * ours) and the transaction decoded far enough to know its buyer; the x402 library's verify checks
 * the instructions themselves.
 */
export function parseSvmPayment(chain: SvmX402Chain, body: unknown): SvmPayment {
  const { pp, req, accepted, amount } = parseEnvelope(chain.network, body);
  const asset = typeof req.asset === 'string' ? chain.assets.get(req.asset) : undefined;
  if (!asset) throw new Invalid('invalid_payment_requirements', 'the asset is not accepted by this facilitator');
  if (typeof req.payTo !== 'string' || !isAddress(req.payTo))
    throw new Invalid('invalid_payment_requirements', 'payTo must be a Solana address');
  if (accepted.asset !== req.asset || accepted.amount !== req.amount || accepted.payTo !== req.payTo) {
    throw new Invalid('invalid_payment_requirements', 'accepted does not match paymentRequirements');
  }
  const extra = isObject(req.extra) ? req.extra : {};
  if (extra.feePayer !== chain.feePayer)
    throw new Invalid('invalid_exact_svm_fee_payer_not_managed_by_facilitator', 'extra.feePayer must be this facilitator’s fee payer');
  const payload = pp.payload;
  if (!isObject(payload) || typeof payload.transaction !== 'string' || payload.transaction.length > 4096) {
    throw new Invalid('invalid_payload', 'payload.transaction must be a base64 transaction');
  }
  let signers: Array<[string, Uint8Array | null]>;
  try {
    signers = Object.entries(decoder.decode(base64.encode(payload.transaction)).signatures) as Array<[string, Uint8Array | null]>;
  } catch {
    throw new Invalid('invalid_exact_svm_payload_transaction_could_not_be_decoded', 'payload.transaction is not a Solana transaction');
  }
  const signed = signers.find(([address, sig]) => address !== chain.feePayer && sig !== null && sig.some((b) => b !== 0));
  if (!signed?.[1]) throw new Invalid('invalid_exact_svm_payload_signature_invalid', 'the transaction carries no signature of the buyer');
  return {
    payload: pp as unknown as PaymentPayload,
    requirements: req as unknown as PaymentRequirements,
    asset,
    payTo: req.payTo,
    amount,
    transaction: payload.transaction,
    payer: signed[0],
    nonce: base58.decode(signed[1]),
  };
}
