import { recoverTypedDataAddress } from 'viem';
import { PERMIT2_ADDRESS, erc20AllowanceAbi, permit2WitnessTypes } from '@x402/evm';
import { EIP3009_ABI, type X402Chain } from './chain.ts';
import { TRANSFER_TYPES, type Authorization, type Parsed, type Permit2Parsed } from './parse.ts';
import { Invalid } from './reasons.ts';

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

/** The signature: recovered locally for a 65-byte EOA signature, else checked through the chain. */
export async function checkSignature(chain: X402Chain, recovered: Set<string>, p: Parsed): Promise<void> {
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
      if (recovered.size >= 10_000) recovered.delete(recovered.values().next().value!);
      recovered.add(cacheKey);
      return;
    }
    const code = await chain.publicClient.getCode({ address: p.auth.from });
    if (!code || code === '0x') throw new Invalid('invalid_exact_evm_payload_signature', 'the signature is not the payer’s', p.auth.from);
  }
  const ok = await chain.publicClient.verifyTypedData({ address: p.auth.from, ...typed, signature: p.signature, blockTag: 'latest' }).catch(() => false);
  if (!ok) throw new Invalid('invalid_exact_evm_payload_signature', 'the signature is not the payer’s', p.auth.from);
}

/** Authorization unused on chain, and the payer holds the amount (one batched round trip). */
export async function checkChain(chain: X402Chain, p: Parsed): Promise<void> {
  const client = chain.publicClient;
  const [used, balance] = await Promise.all([
    client.readContract({ address: p.asset.address, abi: EIP3009_ABI, functionName: 'authorizationState', args: [p.auth.from, p.auth.nonce] }),
    client.readContract({ address: p.asset.address, abi: EIP3009_ABI, functionName: 'balanceOf', args: [p.auth.from] }),
  ]);
  if (used) throw new Invalid('authorization_already_used', 'this authorization was already used', p.auth.from);
  if (balance < p.amount) throw new Invalid('insufficient_funds', 'the payer does not hold the amount', p.auth.from);
}

/**
 * Permit2: the EIP-712 PermitWitnessTransferFrom signature (Permit2's domain, x402's witness),
 * then one batched read of the payer's balance, its allowance to Permit2 and the nonce's bit.
 */
export async function checkPermit2(chain: X402Chain, p: Permit2Parsed): Promise<void> {
  const typed = {
    domain: { name: 'Permit2', chainId: chain.chainId, verifyingContract: PERMIT2_ADDRESS },
    types: permit2WitnessTypes,
    primaryType: 'PermitWitnessTransferFrom' as const,
    message: {
      permitted: { token: p.token, amount: p.amount },
      spender: p.spender,
      nonce: p.nonce,
      deadline: p.deadline,
      witness: { to: p.to, validAfter: p.validAfter },
    },
  };
  const signer = p.signature.length === 132 ? await recoverTypedDataAddress({ ...typed, signature: p.signature }).catch(() => null) : null;
  if (signer !== p.from) {
    const ok = await chain.publicClient.verifyTypedData({ address: p.from, ...typed, signature: p.signature, blockTag: 'latest' }).catch(() => false);
    if (!ok) throw new Invalid('invalid_exact_evm_payload_signature', 'the permit2 signature is not the payer’s', p.from);
  }
  const [balance, allowance, permit2Code] = await Promise.all([
    chain.publicClient.readContract({ address: p.token, abi: EIP3009_ABI, functionName: 'balanceOf', args: [p.from] }),
    chain.publicClient.readContract({ address: p.token, abi: erc20AllowanceAbi, functionName: 'allowance', args: [p.from, PERMIT2_ADDRESS] }) as Promise<bigint>,
    chain.publicClient.getCode({ address: PERMIT2_ADDRESS }),
  ]);
  if (permit2Code && permit2Code !== '0x') {
    const word = await chain.publicClient.readContract({ address: PERMIT2_ADDRESS, abi: PERMIT2_NONCE_ABI, functionName: 'nonceBitmap', args: [p.from, p.nonce >> 8n] });
    if ((word >> (p.nonce & 255n)) & 1n) throw new Invalid('authorization_already_used', 'this permit2 nonce was already used', p.from);
  }
  if (balance < p.amount) throw new Invalid('insufficient_funds', 'the payer does not hold the amount', p.from);
  if (allowance < p.amount) throw new Invalid('permit2_allowance_required', 'the payer has not approved Permit2 for the amount', p.from);
}

