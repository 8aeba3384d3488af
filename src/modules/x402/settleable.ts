import { getAddress, type Abi, type Address } from 'viem';
import { x402ExactPermit2ProxyABI, x402ExactPermit2ProxyAddress } from '@x402/evm';
import { EIP3009_ABI } from '../../chains/x402/chain.ts';
import type { ContractCall } from '../../chains/x402/sender.ts';
import type { X402Scheme } from '../../lib/db/schema.ts';

import type { Parsed, Permit2Parsed } from './parse.ts';

/** What a settlement sends and how it is keyed, whichever transfer method the payment uses. */
export interface Settleable {
  key: { asset: Address; payer: Address; nonce: string };
  scheme: X402Scheme;
  payTo: Address;
  /** What the settlement moves (upto: the amount the seller charges, 0 sends nothing). */
  amount: bigint;
  /** upto: the most the payer signed for; exact has none (its amount is signed). */
  cap?: bigint;
  call: ContractCall;
}

/** An EIP-3009 payment sends transferWithAuthorization to the asset itself. */
export function eip3009Settleable(p: Parsed): Settleable {
  return {
    key: { asset: p.asset.address, payer: p.auth.from, nonce: p.auth.nonce },
    scheme: 'exact',
    payTo: p.payTo,
    amount: p.amount,
    call: {
      address: p.asset.address,
      abi: EIP3009_ABI,
      functionName: 'transferWithAuthorization',
      args: [p.auth.from, p.auth.to, p.auth.value, p.auth.validAfter, p.auth.validBefore, p.auth.nonce, p.signature],
    },
  };
}

/** Permit2 payments go through x402's proxy, which sends the amount to the witness recipient. */
export function permit2Settleable(p: Permit2Parsed): Settleable {
  return {
    key: { asset: p.token, payer: p.from, nonce: p.nonce.toString() },
    scheme: 'exact',
    payTo: p.to,
    amount: p.amount,
    call: {
      address: getAddress(x402ExactPermit2ProxyAddress),
      abi: x402ExactPermit2ProxyABI as Abi,
      functionName: 'settle',
      args: [
        { permitted: { token: p.token, amount: p.amount }, nonce: p.nonce, deadline: p.deadline },
        p.from,
        { to: p.to, validAfter: p.validAfter },
        p.signature,
      ],
    },
  };
}
