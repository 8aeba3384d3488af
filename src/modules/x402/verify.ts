import { concat, encodeAbiParameters, recoverTypedDataAddress, toFunctionSelector, type Address, type Hex, type PublicClient } from 'viem';
import { PERMIT2_ADDRESS, erc20AllowanceAbi, permit2WitnessTypes, type uptoPermit2WitnessTypes } from '@x402/evm';
import { EIP3009_ABI, type X402Chain } from '../../chains/x402/chain.ts';
import { TRANSFER_TYPES, type Authorization, type Parsed, type Permit2Parsed } from './parse.ts';
import { Invalid, type X402Reason } from './reasons.ts';

/*
 * The checks that need the chain, cheapest first: the signature (recovered locally for a plain
 * key, else through the chain for smart wallets, ERC-1271/6492), then one batched read of the
 * authorization state and the payer's balance (permit2: balance, allowance, nonce bit).
 */

/** Permit2's bitmap of used nonces, read to refuse a used permit before sending it. */
const PERMIT2_NONCE_ABI = [
  {
    type: 'function',
    name: 'nonceBitmap',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'wordPos', type: 'uint256' },
    ],
    outputs: [{ type: 'uint256' }],
  },
] as const;

/**
 * EOA signatures already recovered to their payer, per chain (bounded, oldest dropped first): shared
 * by every facilitator of the chain, so the settle that follows a verify does not recover again.
 */
const recoveredByChain = new WeakMap<X402Chain, Set<string>>();

/** The signature: recovered locally for a 65-byte EOA signature, else checked through the chain. */
export async function checkSignature(chain: X402Chain, p: Parsed): Promise<void> {
  let recovered = recoveredByChain.get(chain);
  if (!recovered) recoveredByChain.set(chain, (recovered = new Set()));
  const typed = {
    domain: { name: p.asset.name, version: p.asset.version, chainId: chain.chainId, verifyingContract: p.asset.address },
    types: TRANSFER_TYPES,
    primaryType: 'TransferWithAuthorization' as const,
    message: { ...p.auth } as Record<string, unknown> & Authorization,
  };
  if (p.signature.length === 132) {
    // A plain-key signature over these exact fields is valid forever: recover it once.
    const cacheKey = `${p.asset.address}|${p.auth.from}|${p.auth.to}|${p.auth.value}|${p.auth.validAfter}|${p.auth.validBefore}|${p.auth.nonce}|${p.signature}`;
    if (recovered.has(cacheKey)) return;
    const signer = await recoverTypedDataAddress({ ...typed, signature: p.signature }).catch(() => null);
    if (signer === p.auth.from) {
      const oldest = recovered.size >= 10_000 ? recovered.values().next() : undefined;
      if (oldest && !oldest.done) recovered.delete(oldest.value);
      recovered.add(cacheKey);
      return;
    }
    const code = await chain.publicClient.getCode({ address: p.auth.from });
    if (!code || code === '0x') throw new Invalid('invalid_exact_evm_payload_signature', 'the signature is not the payer’s', p.auth.from);
  }
  const ok = await chain.publicClient
    .verifyTypedData({ address: p.auth.from, ...typed, signature: p.signature, blockTag: 'latest' })
    .catch(() => false);
  if (!ok) throw new Invalid('invalid_exact_evm_payload_signature', 'the signature is not the payer’s', p.auth.from);
}

/** The two reads of every verify, encoded without an ABI lookup or selector hash per call. */
const AUTHORIZATION_STATE = toFunctionSelector('authorizationState(address,bytes32)');
const BALANCE_OF = toFunctionSelector('balanceOf(address)');
const ADDRESS = [{ type: 'address' }] as const;
const ADDRESS_BYTES32 = [{ type: 'address' }, { type: 'bytes32' }] as const;

/** An eth_call at the latest block whose answer is one 32-byte word (uint256 or bool), as an integer. */
async function callWord(chain: X402Chain, to: Address, data: Hex): Promise<bigint> {
  const result = await chain.publicClient.request({ method: 'eth_call', params: [{ to, data }, 'latest'] });
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result))
    throw new Error(`${to} answered ${String(result).slice(0, 80)} to an eth_call`);
  return BigInt(result);
}

/** Authorization unused on chain, and the payer holds the amount (one batched round trip). */
export async function checkChain(chain: X402Chain, p: Parsed): Promise<void> {
  const [used, balance] = await Promise.all([
    callWord(chain, p.asset.address, concat([AUTHORIZATION_STATE, encodeAbiParameters(ADDRESS_BYTES32, [p.auth.from, p.auth.nonce])])),
    callWord(chain, p.asset.address, concat([BALANCE_OF, encodeAbiParameters(ADDRESS, [p.auth.from])])),
  ]);
  if (used !== 0n) throw new Invalid('authorization_already_used', 'this authorization was already used', p.auth.from);
  if (balance < p.amount) throw new Invalid('insufficient_funds', 'the payer does not hold the amount', p.auth.from);
}
/** A Permit2 PermitWitnessTransferFrom message (Permit2's domain, a scheme's witness), without its signature. */
export type Permit2Typed = Omit<Parameters<typeof recoverTypedDataAddress>[0], 'signature'>;

/**
 * A PermitWitnessTransferFrom of `p` for `amount` on this chain (Permit2's domain), with a scheme's
 * witness types and its witness (the types name the witness's fields; the message is checked
 * against them when it is hashed).
 */
export function permit2Typed(
  chain: X402Chain,
  types: typeof permit2WitnessTypes | typeof uptoPermit2WitnessTypes,
  p: { token: Address; spender: Address; nonce: bigint; deadline: bigint },
  amount: bigint,
  witness: Record<string, unknown>,
): Permit2Typed {
  const message = { permitted: { token: p.token, amount }, spender: p.spender, nonce: p.nonce, deadline: p.deadline, witness };
  return {
    domain: { name: 'Permit2', chainId: chain.chainId, verifyingContract: PERMIT2_ADDRESS },
    types,
    primaryType: 'PermitWitnessTransferFrom',
    message,
  } as Permit2Typed;
}

/** A permit2 signature: recovered locally for a plain key, else checked through the chain (smart wallets, ERC-1271/6492). */
export async function checkPermit2Signature(
  chain: X402Chain,
  from: Address,
  typed: Permit2Typed,
  signature: Hex,
  reason: X402Reason,
): Promise<void> {
  const signer = signature.length === 132 ? await recoverTypedDataAddress({ ...typed, signature }).catch(() => null) : null;
  if (signer === from) return;
  const ok = await chain.publicClient
    .verifyTypedData({ address: from, ...typed, signature, blockTag: 'latest' } as Parameters<PublicClient['verifyTypedData']>[0])
    .catch(() => false);
  if (!ok) throw new Invalid(reason, 'the permit2 signature is not the payer’s', from);
}

/**
 * One batched read of the payer's balance, its allowance to Permit2 and the nonce's bit: refused
 * when the nonce is used, or when the payer does not hold or has not allowed `need`.
 */
export async function checkPermit2Funds(
  chain: X402Chain,
  p: { token: Address; from: Address; nonce: bigint },
  need: bigint,
): Promise<void> {
  const [balance, allowance, permit2Code] = await Promise.all([
    chain.publicClient.readContract({ address: p.token, abi: EIP3009_ABI, functionName: 'balanceOf', args: [p.from] }),
    chain.publicClient.readContract({
      address: p.token,
      abi: erc20AllowanceAbi,
      functionName: 'allowance',
      args: [p.from, PERMIT2_ADDRESS],
    }) as Promise<bigint>,
    chain.publicClient.getCode({ address: PERMIT2_ADDRESS }),
  ]);
  if (permit2Code && permit2Code !== '0x') {
    const word = await chain.publicClient.readContract({
      address: PERMIT2_ADDRESS,
      abi: PERMIT2_NONCE_ABI,
      functionName: 'nonceBitmap',
      args: [p.from, p.nonce >> 8n],
    });
    if ((word >> (p.nonce & 255n)) & 1n) throw new Invalid('authorization_already_used', 'this permit2 nonce was already used', p.from);
  }
  if (balance < need) throw new Invalid('insufficient_funds', 'the payer does not hold the amount', p.from);
  if (allowance < need) throw new Invalid('permit2_allowance_required', 'the payer has not approved Permit2 for the amount', p.from);
}

/**
 * Permit2: the EIP-712 PermitWitnessTransferFrom signature (Permit2's domain, x402's witness),
 * then one batched read of the payer's balance, its allowance to Permit2 and the nonce's bit.
 */
export async function checkPermit2(chain: X402Chain, p: Permit2Parsed): Promise<void> {
  const typed = permit2Typed(chain, permit2WitnessTypes, p, p.amount, { to: p.to, validAfter: p.validAfter });
  await checkPermit2Signature(chain, p.from, typed, p.signature, 'invalid_exact_evm_payload_signature');
  await checkPermit2Funds(chain, p, p.amount);
}
