import {
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Address,
  type Blockhash,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { toFacilitatorSvmSigner, type FacilitatorSvmSigner } from '@x402/svm';

/** An accepted SPL token: its mint and decimals. */
export interface SvmAsset {
  address: Address;
  decimals: number;
}

/** The facilitator's Solana network: its RPC, the fee payer that signs and pays, and the accepted mints. */
export interface SvmX402Chain {
  family: 'svm';
  /** CAIP-2 id, e.g. solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1 (devnet). */
  network: string;
  rpc: Rpc<SolanaRpcApi>;
  /** The fee payer's signer as the x402 library takes it; absent: verify only. */
  signer: FacilitatorSvmSigner | null;
  feePayer: Address | null;
  /** Accepted mints by address (base58, exact case). */
  assets: Map<string, SvmAsset>;
}

/** A fee payer key as Solana's tools write it: a JSON array of 64 bytes, or those bytes in base58. */
export async function feePayerSigner(secret: string): Promise<KeyPairSigner> {
  const text = secret.trim();
  const bytes = text.startsWith('[') ? Uint8Array.from(JSON.parse(text) as number[]) : new Uint8Array(getBase58Encoder().encode(text));
  if (bytes.length !== 64) throw new Error('a Solana fee payer key is 64 bytes (a keypair file’s array, or base58)');
  return createKeyPairSignerFromBytes(bytes);
}

export function svmChain(opts: { network: string; rpcUrl: string; feePayer: KeyPairSigner | null; assets: SvmAsset[] }): SvmX402Chain {
  return {
    family: 'svm',
    network: opts.network,
    rpc: createSolanaRpc(opts.rpcUrl),
    signer: opts.feePayer ? toFacilitatorSvmSigner(opts.feePayer, { defaultRpcUrl: opts.rpcUrl }) : null,
    feePayer: opts.feePayer?.address ?? null,
    assets: new Map(opts.assets.map((a) => [a.address, a])),
  };
}

const wire = { toBytes: getBase64Encoder(), toText: getBase64Decoder() };
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/** A base64 wire transaction's parts: its id (the first signature, the fee payer's), its blockhash, its message. */
export function wireTransaction(base64: string): { signature: Signature; blockhash: Blockhash; message: TransactionMessageBytesBase64 } {
  const tx = transactionDecoder.decode(wire.toBytes.encode(base64));
  const compiled = messageDecoder.decode(tx.messageBytes);
  return {
    signature: getSignatureFromTransaction(tx),
    blockhash: compiled.lifetimeToken as Blockhash,
    message: wire.toText.decode(tx.messageBytes) as TransactionMessageBytesBase64,
  };
}

/** What a transaction costs its fee payer in lamports (signatures and priority fee), or null if the node cannot say. */
export async function transactionFee(chain: SvmX402Chain, message: TransactionMessageBytesBase64): Promise<bigint | null> {
  const { value } = await chain.rpc.getFeeForMessage(message, { commitment: 'confirmed' }).send();
  return value === null ? null : BigInt(value);
}

/**
 * A sent transaction's fate: landed (with or without an error), or not found; and whether its
 * blockhash can still carry it. Not found with an expired blockhash is final: it never can land.
 */
export async function transactionFate(chain: SvmX402Chain, signature: Signature, blockhash: Blockhash): Promise<'landed' | 'reverted' | 'pending' | 'expired'> {
  // The blockhash first: a transaction that lands meanwhile is then found by the status lookup.
  const { value: valid } = await chain.rpc.isBlockhashValid(blockhash, { commitment: 'confirmed' }).send();
  const { value } = await chain.rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send();
  const status = value[0];
  if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return status.err ? 'reverted' : 'landed';
  return status || valid ? 'pending' : 'expired';
}

/** The fee payer's balance in lamports. */
export async function feePayerBalance(chain: SvmX402Chain): Promise<bigint | null> {
  if (!chain.feePayer) return null;
  const { value } = await chain.rpc.getBalance(chain.feePayer, { commitment: 'confirmed' }).send();
  return BigInt(value);
}
