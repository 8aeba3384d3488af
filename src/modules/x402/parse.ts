import { getAddress, isAddress, isHex, type Address, type Hex } from 'viem';
import { authorizationTypes, x402ExactPermit2ProxyAddress } from '@x402/evm';
import type { X402Asset, X402Chain } from '../../chains/x402/chain.ts';

import { Invalid } from './reasons.ts';

/** EIP-712 types of an EIP-3009 transfer authorization (the x402 library's). */
export const TRANSFER_TYPES = authorizationTypes;

/** Seconds an authorization must still be valid for after now, to get mined before it expires. */
export const VALID_BEFORE_MARGIN_S = 6n;

/** An EIP-3009 transferWithAuthorization's fields. */
export interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

/** A payment that passed the checks that need no chain: what settle and the chain checks use. */
export interface Parsed {
  asset: X402Asset;
  payTo: Address;
  amount: bigint;
  auth: Authorization;
  signature: Hex;
}

/** A permit2 payload, checked for everything that needs no chain. */
export interface Permit2Parsed {
  token: Address;
  amount: bigint;
  from: Address;
  spender: Address;
  nonce: bigint;
  deadline: bigint;
  to: Address;
  /** upto only: the one address allowed to settle it (its witness names it). */
  facilitator?: Address;
  validAfter: bigint;
  signature: Hex;
}

/** What a payment body is, once parsed: the transfer method decides how it is checked and sent. */
export type ParsedPayment = { kind: 'eip3009'; payment: Parsed } | { kind: 'permit2'; permit: Permit2Parsed };

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const uintString = (v: unknown): v is string => typeof v === 'string' && /^\d{1,78}$/.test(v);
export const sameAddress = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * A permit2 payload's fields, checked for their shape only. The `upto` scheme's witness also names
 * the facilitator allowed to settle it (`withFacilitator`).
 */
export function readPermit2(payload: unknown, withFacilitator = false): Permit2Parsed {
  if (!isObject(payload) || !isObject(payload.permit2Authorization))
    throw new Invalid('invalid_payload', 'payload.permit2Authorization is required');
  const a = payload.permit2Authorization;
  const sig = payload.signature;
  if (typeof sig !== 'string' || !isHex(sig) || sig.length < 132)
    throw new Invalid('invalid_payload', 'payload.signature must be a hex signature');
  const permitted = a.permitted;
  const witness = a.witness;
  if (
    !isObject(permitted) ||
    typeof permitted.token !== 'string' ||
    !isAddress(permitted.token, { strict: false }) ||
    !uintString(permitted.amount) ||
    typeof a.from !== 'string' ||
    !isAddress(a.from, { strict: false }) ||
    typeof a.spender !== 'string' ||
    !isAddress(a.spender, { strict: false }) ||
    !uintString(a.nonce) ||
    !uintString(a.deadline) ||
    !isObject(witness) ||
    typeof witness.to !== 'string' ||
    !isAddress(witness.to, { strict: false }) ||
    !uintString(witness.validAfter) ||
    (withFacilitator && (typeof witness.facilitator !== 'string' || !isAddress(witness.facilitator, { strict: false })))
  ) {
    const fields = withFacilitator ? '{to, facilitator, validAfter}' : '{to, validAfter}';
    throw new Invalid(
      'invalid_payload',
      `permit2Authorization needs permitted {token, amount}, from, spender, nonce, deadline and witness ${fields}`,
    );
  }
  return {
    token: getAddress(permitted.token),
    amount: BigInt(permitted.amount),
    from: getAddress(a.from),
    spender: getAddress(a.spender),
    nonce: BigInt(a.nonce),
    deadline: BigInt(a.deadline),
    to: getAddress(witness.to),
    ...(withFacilitator && typeof witness.facilitator === 'string' ? { facilitator: getAddress(witness.facilitator) } : {}),
    validAfter: BigInt(witness.validAfter),
    signature: sig as Hex,
  };
}

/**
 * Checks an exact permit2 payload against the requirements: the permitted token and amount, the
 * witness recipient, the spender (the canonical x402 exact permit2 proxy), the validity window.
 */
function parsePermit2(payload: unknown, asset: X402Asset, payTo: Address, amount: bigint): Permit2Parsed {
  const p = readPermit2(payload);
  const from = p.from;
  if (p.token !== asset.address) throw new Invalid('invalid_payment_requirements', 'the permitted token is not the asset', from);
  if (p.spender !== getAddress(x402ExactPermit2ProxyAddress))
    throw new Invalid('invalid_payload', 'the spender must be the x402 permit2 proxy', from);
  if (p.to !== payTo) throw new Invalid('invalid_exact_evm_payload_recipient_mismatch', 'witness.to is not payTo', from);
  if (p.amount !== amount)
    throw new Invalid('invalid_exact_evm_payload_authorization_value_mismatch', 'the permitted amount is not the amount', from);
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (p.validAfter > now) throw new Invalid('invalid_exact_evm_payload_authorization_valid_after', 'the permit is not valid yet', from);
  if (p.deadline < now + VALID_BEFORE_MARGIN_S)
    throw new Invalid('invalid_exact_evm_payload_authorization_valid_before', 'the permit expires too soon to be settled', from);
  return p;
}

/**
 * The x402 v2 envelope of a verify or settle body, checked for what every network shares: the
 * versions, the payload and its accepted requirements, the scheme (one of `schemes`, the same in
 * both), and this facilitator's network. Only `upto` may settle an amount of 0.
 */
export function parseEnvelope(
  network: string,
  body: unknown,
  schemes: readonly string[] = ['exact'],
): { pp: Record<string, unknown>; req: Record<string, unknown>; accepted: Record<string, unknown>; amount: bigint } {
  if (!isObject(body)) throw new Invalid('invalid_payload', 'the body must be an object');
  const { paymentPayload: pp, paymentRequirements: req } = body;
  if (body.x402Version !== undefined && body.x402Version !== 2) throw new Invalid('invalid_x402_version', 'x402Version must be 2');
  if (!isObject(pp)) throw new Invalid('invalid_payload', 'paymentPayload is required');
  if (pp.x402Version !== 2) throw new Invalid('invalid_x402_version', 'paymentPayload.x402Version must be 2');
  if (!isObject(req)) throw new Invalid('invalid_payment_requirements', 'paymentRequirements is required');
  const accepted = pp.accepted;
  if (!isObject(accepted)) throw new Invalid('invalid_payload', 'paymentPayload.accepted is required');
  if (typeof req.scheme !== 'string' || !schemes.includes(req.scheme) || accepted.scheme !== req.scheme) {
    throw new Invalid(
      'invalid_scheme',
      schemes.length === 1 ? `only the ${schemes[0]} scheme is supported` : `the schemes supported are ${schemes.join(' and ')}`,
    );
  }
  if (req.network !== network) throw new Invalid('invalid_network', `this facilitator settles on ${network}`);
  // A payment made (and signed) for one network is never settled on another.
  if (accepted.network !== req.network)
    throw new Invalid('invalid_network', `the payment was made on ${String(accepted.network)}, the requirements are on ${network}`);
  if (!uintString(req.amount) || (BigInt(req.amount) === 0n && req.scheme !== 'upto'))
    throw new Invalid('invalid_payment_requirements', 'amount must be a positive integer string');
  if (typeof req.maxTimeoutSeconds !== 'number' || !(req.maxTimeoutSeconds >= 1)) {
    throw new Invalid('invalid_payment_requirements', 'maxTimeoutSeconds must be at least 1');
  }
  return { pp, req, accepted, amount: BigInt(req.amount) };
}

/** An EVM payment's terms: its envelope, with the asset and payTo it names checked against this chain and `accepted`. */
export interface Terms {
  pp: Record<string, unknown>;
  accepted: Record<string, unknown>;
  amount: bigint;
  asset: X402Asset;
  payTo: Address;
  extra: Record<string, unknown>;
}

/** The envelope and the terms every EVM scheme shares (the amount is compared by each scheme: `upto` settles less than it accepted). */
export function parseTerms(chain: X402Chain, body: unknown, scheme: 'exact' | 'upto'): Terms {
  const { pp, req, accepted, amount } = parseEnvelope(chain.network, body, [scheme]);
  const asset = typeof req.asset === 'string' ? chain.assets.get(req.asset.toLowerCase()) : undefined;
  if (!asset) throw new Invalid('invalid_payment_requirements', 'the asset is not accepted by this facilitator');
  if (typeof req.payTo !== 'string' || !isAddress(req.payTo, { strict: false }))
    throw new Invalid('invalid_payment_requirements', 'payTo must be an address');
  if (!sameAddress(accepted.asset, req.asset) || !sameAddress(accepted.payTo, req.payTo)) {
    throw new Invalid('invalid_payment_requirements', 'accepted does not match paymentRequirements');
  }
  return { pp, accepted, amount, asset, payTo: getAddress(req.payTo), extra: isObject(req.extra) ? req.extra : {} };
}

/**
 * Everything that needs no chain access: the body checked against the requirements, as the payment
 * it describes (EIP-3009 or permit2). A payment that fails a check throws `Invalid` with its reason.
 */
export function parsePayment(chain: X402Chain, body: unknown): ParsedPayment {
  const { pp, accepted, amount, asset, payTo, extra } = parseTerms(chain, body, 'exact');
  if (!uintString(accepted.amount) || BigInt(accepted.amount) !== amount)
    throw new Invalid('invalid_payment_requirements', 'accepted does not match paymentRequirements');
  if (extra.assetTransferMethod === 'permit2') {
    return { kind: 'permit2', permit: parsePermit2(pp.payload, asset, payTo, amount) };
  }
  if (extra.assetTransferMethod !== undefined && extra.assetTransferMethod !== 'eip3009') {
    throw new Invalid('invalid_payment_requirements', `asset transfer method ${String(extra.assetTransferMethod)} is not supported`);
  }
  if (asset.version === undefined)
    throw new Invalid(
      'invalid_payment_requirements',
      'this asset has no EIP-3009: it is paid through Permit2 (extra.assetTransferMethod permit2)',
    );
  return { kind: 'eip3009', payment: parseEip3009(pp.payload, asset, payTo, amount) };
}

/** Checks an EIP-3009 payload against the requirements: recipient, value, validity window. */
function parseEip3009(payload: unknown, asset: X402Asset, payTo: Address, amount: bigint): Parsed {
  if (!isObject(payload) || !isObject(payload.authorization)) throw new Invalid('invalid_payload', 'payload.authorization is required');
  const a = payload.authorization;
  const sig = payload.signature;
  if (typeof sig !== 'string' || !isHex(sig) || sig.length < 132)
    throw new Invalid('invalid_payload', 'payload.signature must be a hex signature');
  if (
    typeof a.from !== 'string' ||
    !isAddress(a.from, { strict: false }) ||
    typeof a.to !== 'string' ||
    !isAddress(a.to, { strict: false }) ||
    !uintString(a.value) ||
    !uintString(a.validAfter) ||
    !uintString(a.validBefore) ||
    typeof a.nonce !== 'string' ||
    !/^0x[0-9a-fA-F]{64}$/.test(a.nonce)
  ) {
    throw new Invalid('invalid_payload', 'authorization needs from, to, value, validAfter, validBefore and a 32-byte nonce');
  }
  const payer = getAddress(a.from);
  const auth: Authorization = {
    from: payer,
    to: getAddress(a.to),
    value: BigInt(a.value),
    validAfter: BigInt(a.validAfter),
    validBefore: BigInt(a.validBefore),
    nonce: a.nonce.toLowerCase() as Hex,
  };
  if (auth.to !== payTo) throw new Invalid('invalid_exact_evm_payload_recipient_mismatch', 'authorization.to is not payTo', payer);
  if (auth.value !== amount)
    throw new Invalid('invalid_exact_evm_payload_authorization_value_mismatch', 'authorization.value is not the amount', payer);
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (auth.validAfter > now)
    throw new Invalid('invalid_exact_evm_payload_authorization_valid_after', 'the authorization is not valid yet', payer);
  if (auth.validBefore < now + VALID_BEFORE_MARGIN_S) {
    throw new Invalid('invalid_exact_evm_payload_authorization_valid_before', 'the authorization expires too soon to be settled', payer);
  }
  return { asset, payTo, amount: auth.value, auth, signature: sig as Hex };
}
