/*
 * The `upto` scheme on EVM: the payer signs a Permit2 witness transfer of at most a cap, naming the
 * x402 upto permit2 proxy as spender and this facilitator's fee payer as the one allowed to settle
 * it. Verify sees the cap as the requirements' amount; settle sees the amount the seller charges
 * (never above the cap; 0 sends nothing), and moves it once per Permit2 nonce, like exact's permit2.
 */
import { getAddress, type Abi, type Address } from 'viem';
import { uptoPermit2WitnessTypes, x402UptoPermit2ProxyABI, x402UptoPermit2ProxyAddress } from '@x402/evm';
import type { X402Chain } from '../../chains/x402/chain.ts';
import {
  VALID_BEFORE_MARGIN_S,
  isObject,
  parsePayment,
  parseTerms,
  readPermit2,
  uintString,
  type ParsedPayment,
  type Permit2Parsed,
} from './parse.ts';
import { Invalid } from './reasons.ts';
import type { Settleable } from './settleable.ts';
import { checkPermit2Funds, checkPermit2Signature, permit2Typed } from './verify.ts';

/** Verify reads the requirements' amount as the cap; settle, as the amount to charge. */
export type Phase = 'verify' | 'settle';

/** An upto permit: the cap the payer signed (`cap`) and what this call moves (`amount`). */
export interface UptoParsed extends Omit<Permit2Parsed, 'facilitator'> {
  facilitator: Address;
  cap: bigint;
}

/** A payment of any EVM scheme, once parsed. */
export type AnyPayment = ParsedPayment | { kind: 'upto'; upto: UptoParsed };

/** The payment a verify or settle body describes: the requirements' scheme picks the parser. */
export function parseAny(chain: X402Chain, body: unknown, phase: Phase): AnyPayment {
  const scheme = isObject(body) && isObject(body.paymentRequirements) ? body.paymentRequirements.scheme : undefined;
  return scheme === 'upto' ? { kind: 'upto', upto: parseUpto(chain, body, phase) } : parsePayment(chain, body);
}

/**
 * Everything of an upto payment that needs no chain: the permit against the requirements (token,
 * spender, recipient, facilitator, validity window), the accepted amount as the signed cap, and the
 * amount: the cap itself at verify, at most the cap at settle.
 */
function parseUpto(chain: X402Chain, body: unknown, phase: Phase): UptoParsed {
  const { pp, accepted, amount, asset, payTo, extra } = parseTerms(chain, body, 'upto');
  if (extra.assetTransferMethod !== undefined && extra.assetTransferMethod !== 'permit2') {
    throw new Invalid('invalid_payment_requirements', 'the upto scheme is paid through Permit2 only (extra.assetTransferMethod permit2)');
  }
  const p = readPermit2(pp.payload, true);
  const { from } = p;
  const u: UptoParsed = { ...p, facilitator: p.facilitator ?? from, cap: p.amount, amount };
  if (u.cap === 0n) throw new Invalid('invalid_payload', 'the permitted amount (the cap) must be positive', from);
  if (u.token !== asset.address) throw new Invalid('permit2_token_mismatch', 'the permitted token is not the asset', from);
  if (!uintString(accepted.amount) || BigInt(accepted.amount) !== u.cap)
    throw new Invalid('permit2_amount_mismatch', 'the permitted amount is not the amount accepted', from);
  if (phase === 'verify' && amount !== u.cap) throw new Invalid('permit2_amount_mismatch', 'the permitted amount is not the amount', from);
  if (amount > u.cap)
    throw new Invalid(
      'invalid_upto_evm_payload_settlement_exceeds_amount',
      `the amount to settle, ${amount}, is above the cap the payer signed, ${u.cap}`,
      from,
    );
  if (u.spender !== getAddress(x402UptoPermit2ProxyAddress))
    throw new Invalid('invalid_permit2_spender', 'the spender must be the x402 upto permit2 proxy', from);
  if (u.to !== payTo) throw new Invalid('invalid_permit2_recipient_mismatch', 'witness.to is not payTo', from);
  // Only the facilitator the payer named can settle it on chain: ours, or the proxy refuses.
  if (!chain.feePayer || u.facilitator !== chain.feePayer)
    throw new Invalid('upto_facilitator_mismatch', 'witness.facilitator is not this facilitator’s fee payer', from);
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (u.validAfter > now) throw new Invalid('permit2_not_yet_valid', 'the permit is not valid yet', from);
  if (u.deadline < now + VALID_BEFORE_MARGIN_S)
    throw new Invalid('permit2_deadline_expired', 'the permit expires too soon to be settled', from);
  return u;
}

/**
 * The signature over the cap, then one batched read: the nonce unused, and the payer holding and
 * allowing Permit2 what may move (the cap at verify, the amount at settle).
 */
export async function checkUpto(chain: X402Chain, u: UptoParsed, phase: Phase): Promise<void> {
  const typed = permit2Typed(chain, uptoPermit2WitnessTypes, u, u.cap, { to: u.to, facilitator: u.facilitator, validAfter: u.validAfter });
  await checkPermit2Signature(chain, u.from, typed, u.signature, 'invalid_permit2_signature');
  await checkPermit2Funds(chain, u, phase === 'verify' ? u.cap : u.amount);
}

/** An upto payment sends the amount through x402's upto proxy, keyed by its Permit2 nonce as exact's permit2 is. */
export function uptoSettleable(u: UptoParsed): Settleable {
  return {
    key: { asset: u.token, payer: u.from, nonce: u.nonce.toString() },
    scheme: 'upto',
    payTo: u.to,
    amount: u.amount,
    cap: u.cap,
    call: {
      address: getAddress(x402UptoPermit2ProxyAddress),
      abi: x402UptoPermit2ProxyABI as Abi,
      functionName: 'settle',
      args: [
        { permitted: { token: u.token, amount: u.cap }, nonce: u.nonce, deadline: u.deadline },
        u.amount,
        u.from,
        { to: u.to, facilitator: u.facilitator, validAfter: u.validAfter },
        u.signature,
      ],
    },
  };
}
